package artifact

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rdash/internal/artifact/artifacttest"
)

// TestPrimary: the primary is the named file, else the first jar that is
// no -sources, -javadoc or -dev jar; side jars are uploaded, not read.
func TestPrimary(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	touch := func(name string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, nil, 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	src, jar, doc, dev, zip := touch("l-sources.jar"), touch("l.jar"), touch("l-javadoc.jar"), touch("l-dev.jar"), touch("l-pack.zip")
	for _, tc := range []struct {
		paths   []string
		primary string
		want    string
		roles   []string
	}{
		{paths: []string{src, jar, doc}, want: jar, roles: []string{"sources", "primary", "javadoc"}},
		{paths: []string{dev, zip, jar}, want: jar, roles: []string{"dev", "further", "primary"}},
		{paths: []string{src, zip}, want: zip, roles: []string{"sources", "primary"}},
		{paths: []string{src, doc}, want: src, roles: []string{"primary", "javadoc"}},
		{paths: []string{jar, zip}, primary: "l-pack.zip", want: zip, roles: []string{"further", "primary"}},
		{paths: []string{jar, zip}, primary: jar, want: jar, roles: []string{"primary", "further"}},
	} {
		files, err := classify(tc.paths, tc.primary)
		if err != nil {
			t.Fatal(err)
		}
		var roles []string
		got := ""
		for _, f := range files {
			roles = append(roles, f.Role)
			if f.Primary {
				got = f.Path
			}
		}
		if got != tc.want || strings.Join(roles, " ") != strings.Join(tc.roles, " ") {
			t.Errorf("%v (primary %q): primary %s, roles %v; want %s, %v", tc.paths, tc.primary, got, roles, tc.want, tc.roles)
		}
	}
	if _, err := classify([]string{jar}, "other.jar"); !errors.Is(err, ErrUnknownFile) || !strings.HasPrefix(err.Error(), "other.jar: not among the files") {
		t.Errorf("an unknown primary: %v", err)
	}
	if _, err := classify(nil, ""); err == nil {
		t.Error("no files: no error")
	}
}

// TestSeveralFiles: side jars are not read; further files must agree with
// the primary, and where they do not, the error names both files.
func TestSeveralFiles(t *testing.T) {
	t.Parallel()
	fabric := func(version string) []byte {
		return []byte(`{"schemaVersion": 1, "id": "lumen", "name": "Lumen", "version": "` + version + `", "depends": {"minecraft": "1.21.1"}}`)
	}
	forge := []byte("[[mods]]\nmodId=\"lumen\"\nversion=\"2.5.0\"\ndisplayName=\"Lumen\"\n[[dependencies.lumen]]\nmodId=\"minecraft\"\nmandatory=true\nversionRange=\"[1.20.1]\"\n")
	sources := artifacttest.Write(t, "lumen-2.5.0-sources.jar", map[string][]byte{"fabric.mod.json": fabric("${version}")})
	fab := artifacttest.Write(t, "lumen-fabric-2.5.0.jar", map[string][]byte{"fabric.mod.json": fabric("2.5.0")})
	frg := artifacttest.Write(t, "lumen-forge-2.5.0.jar", map[string][]byte{"META-INF/mods.toml": forge})
	readme := filepath.Join(t.TempDir(), "README.txt")
	if err := os.WriteFile(readme, []byte("read me"), 0o600); err != nil {
		t.Fatal(err)
	}
	p, err := Propose(Input{Paths: []string{sources, fab, frg, readme}, Project: lumenProject()})
	if err != nil {
		t.Fatal(err)
	}
	eq(t, "primary", p.Primary().Path, fab)
	eqList(t, "platforms", p.Platforms.Value, []string{"forge", "fabric"})
	eqList(t, "game versions", p.GameVersions.Value, []string{"1.20.1", "1.21.1"})
	for _, want := range []string{"lumen-forge-2.5.0.jar: META-INF/mods.toml: a Forge mod", "fabric.mod.json: a Fabric mod"} {
		if !strings.Contains(p.Platforms.Source, want) {
			t.Errorf("platforms source %q lacks %q", p.Platforms.Source, want)
		}
	}
	for _, want := range []string{"lumen-2.5.0-sources.jar is a build's sources jar: uploaded, not read", "README.txt is not an archive: uploaded as a further file, not read"} {
		if !containsText(p.Notes, want) {
			t.Errorf("notes %q lack %q", p.Notes, want)
		}
	}
	if !containsText(p.Warnings, "the metadata files name different game versions") {
		t.Errorf("warnings %q lack the game version difference", p.Warnings)
	}

	other := artifacttest.Write(t, "lumen-fabric-2.5.1.jar", map[string][]byte{"fabric.mod.json": fabric("2.5.1")})
	_, err = Propose(Input{Paths: []string{fab, other}, Project: lumenProject()})
	want := `conflicting metadata: the files disagree on the version: fabric.mod.json: version "2.5.0" vs lumen-fabric-2.5.1.jar: fabric.mod.json: version "2.5.1"`
	if !errors.Is(err, ErrConflict) || !strings.Contains(err.Error(), want) {
		t.Errorf("disagreeing files: %v, want %q", err, want)
	}
}

// TestErrorsJoined: every file's error is reported, not only the first.
func TestErrorsJoined(t *testing.T) {
	t.Parallel()
	a := artifacttest.Write(t, "a.jar", map[string][]byte{"plugin.yml": []byte("name: [\n")})
	b := artifacttest.Write(t, "b.jar", map[string][]byte{"quilt.mod.json": []byte("{")})
	_, err := Propose(Input{Paths: []string{a, b}})
	for _, want := range []string{a + ": plugin.yml line", b + ": quilt.mod.json line 1: malformed: JSON: the file ends in the middle of a value"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error %v lacks %q", err, want)
		}
	}
}
