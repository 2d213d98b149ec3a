package publish

import (
	"bytes"
	"strings"
	"testing"

	"rdash/internal/artifact/artifacttest"

	"rdash/internal/artifact"
	"rdash/ui/internal/uitest"
)

// TestBadJars chooses jars that cannot be read: each shows the artifact's
// error naming the file (and the metadata file and line when there is
// one), fills nothing, and the form keeps working: typed by hand, the
// version is previewed with the jar among its files.
func TestBadJars(t *testing.T) {
	t.Parallel()
	bomb := bytes.Repeat([]byte("# "), artifact.MaxMemberBytes) // 2 MiB that deflate to a few KiB
	cases := []struct {
		name string
		jar  func(t *testing.T) string
		want []string
	}{
		{"no metadata", func(t *testing.T) string { return artifacttest.Fixture(t, "bad/no-metadata", "lumen-2.5.0.jar") },
			[]string{"✗ lumen-2.5.0.jar: no known metadata file: it holds none of plugin.yml"}},
		{"malformed YAML", func(t *testing.T) string { return artifacttest.Fixture(t, "bad/yaml", "lumen-2.5.0.jar") },
			[]string{"✗ lumen-2.5.0.jar: plugin.yml line 5: malformed: YAML: did not find expected key"}},
		{"malformed TOML", func(t *testing.T) string { return artifacttest.Fixture(t, "bad/toml", "lumen-2.5.0.jar") },
			[]string{"✗ lumen-2.5.0.jar: META-INF/mods.toml line", "malformed"}},
		{"zip bomb", func(t *testing.T) string {
			return artifacttest.Write(t, "lumen-2.5.0.jar", map[string][]byte{"plugin.yml": bomb})
		}, []string{"✗ lumen-2.5.0.jar: plugin.yml: too large: more than 1048576 bytes when decompressed"}},
		{"path traversal", func(t *testing.T) string {
			return artifacttest.Write(t, "lumen-2.5.0.jar", map[string][]byte{"plugin.yml": []byte("name: Lumen\nversion: 2.5.0\n"), "../../evil.sh": []byte("x")})
		}, []string{"✗ lumen-2.5.0.jar: unsafe entry name: the archive holds an entry named \"../../evil.sh\", which points outside it"}},
		{"not an archive", func(t *testing.T) string { return writeFile(t, "lumen-2.5.0.jar", "not a zip") },
			[]string{"✗ lumen-2.5.0.jar: not a jar or zip archive"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			c, _ := uitest.Sandbox(t, "alice")
			e := open(t, c, "lumen", 100, 30)
			e.choose(tc.jar(t))
			e.focus(fFiles)
			if !contains(e.flat(), append([]string{"nothing was filled from the files:"}, tc.want...)...) {
				t.Fatalf("the error is not shown as %q:\n%s", tc.want, e.d.Screen())
			}
			if strings.Contains(e.flat(), "/tmp") || len(e.marks()) != 0 || e.m.form.value(fVersion) != "" {
				t.Fatalf("a path, a mark or a value from a bad jar (marks %v):\n%s", e.marks(), e.d.Screen())
			}
			e.check()
			e.set(fVersion, "8.0.1")
			e.set(fName, "Lumen 8.0.1")
			e.previewed()
			if !contains(e.flat(), "Publish 8.0.1 to lumen", "lumen-2.5.0.jar uploaded") {
				t.Fatalf("the form does not work without a prefill:\n%s", e.d.Screen())
			}
		})
	}
}

// TestHostileJar: a jar's metadata is the author's text, shown in the
// fields, their sources and the report: escape sequences in it never
// reach the terminal.
func TestHostileJar(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	e := open(t, c, "lumen", 80, 24)
	yml := "name: \"Lu\\e[2Jmen\"\nversion: \"2.5.0\\e]0;owned\\a\"\nmain: a.B\napi-version: '1.21'\ndepend: [\"Evil\\e[31m\"]\nsoftdepend: [\"Two Words\"]\n"
	e.choose(artifacttest.Write(t, "lumen-2.5.0.jar", map[string][]byte{"plugin.yml": []byte(yml)}))
	if len(e.marks()) == 0 {
		t.Fatalf("nothing was filled:\n%s", e.d.Screen())
	}
	for i := range fieldCount {
		e.focus(i)
		e.check()
	}
	if !strings.Contains(e.flat(), "the form's list cannot hold a name with a space") || e.m.form.value(fDeps) != "" {
		t.Errorf("a dependency the field cannot hold was filled (%q):\n%s", e.m.form.value(fDeps), e.d.Screen())
	}
}
