package cmd

import (
	"path/filepath"
	"strings"
	"testing"

	"rdash/api/sandbox/sandboxtest"
)

// TestCreateChangelogFile: --changelog-file takes this version's section
// of a Keep a Changelog file, with or without --from, and the whole of
// any other file; a Keep a Changelog file without the version's section
// is refused (exit 2) rather than publish no notes, or every release's.
func TestCreateChangelogFile(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandboxtest.Profiles()[0].Options)
	dir := lumenBuild(t, "")
	kac := filepath.Join(dir, "CHANGELOG.md")
	plain := writeTemp(t, dir, "NOTES.md", "Lights follow you.\n\n## Known issues\n- none\n")
	jar := filepath.Join(dir, "lumen-2.7.0-beta.1.jar")
	flags := []string{"--name", "n", "--channel", "beta", "--file", jar}
	section := "### Added\n- Lights follow you into the Nether."
	for _, tc := range []struct {
		name        string
		args        []string
		text, from  string
		stdin, kind string
	}{
		{"section", append([]string{"--version", "2.7.0-beta.1", "--changelog-file", kac}, flags...), section, kac + ": section [2.7.0-beta.1]", "", ""},
		{"section from stdin", append([]string{"--version", "v2.6.0", "--changelog-file", "-"}, flags...),
			"### Fixed\n- Lights no longer flicker.", "standard input: section [2.6.0]", lumenChangelog, ""},
		{"whole file", append([]string{"--version", "2.7.0-beta.1", "--changelog-file", plain}, flags...),
			"Lights follow you.\n\n## Known issues\n- none", plain + ` (the whole file: it has no "## [version]" sections)`, "", ""},
		{"section with --from", []string{"--from", jar, "--changelog-file", kac}, section, kac + ": section [2.7.0-beta.1]", "", ""},
	} {
		r := c.run(tc.stdin, append([]string{"versions", "create", "lumen", "--dry-run", "--json"}, tc.args...)...)
		o := decodeFrom(t, r.out)
		if r.code != 0 || o.Changelog != tc.text || o.source("changelog") != tc.from {
			t.Errorf("%s: exit %d, changelog %q from %q, stderr:\n%s\nwant %q from %q", tc.name, r.code, o.Changelog, o.source("changelog"), r.err, tc.text, tc.from)
		}
	}
	want := "rdash: --changelog-file: " + kac + " follows Keep a Changelog but has no section [9.9.9] (it has Unreleased, 2.7.0-beta.1, 2.6.0); add the section, or give --changelog\n"
	for _, args := range [][]string{
		append([]string{"--version", "9.9.9", "--changelog-file", kac}, flags...),
		{"--from", jar, "--version", "9.9.9", "--changelog-file", kac},
	} {
		r := c.run("", append([]string{"versions", "create", "lumen", "--yes"}, args...)...)
		if r.code != ExitCancel || r.err != want {
			t.Errorf("%q: exit %d, stderr:\n%s\nwant exit 2 and %q", args, r.code, r.err, want)
		}
	}
	if n := writes(c); n != 0 {
		t.Errorf("%d writes, want none", n)
	}
}

// TestCreateFromRdashYML: rdash.yml in the working directory maps a
// dependency's name to its project, and the source says so; a malformed
// one is an error naming it and its line, exit 1. (t.Chdir: not parallel.)
func TestCreateFromRdashYML(t *testing.T) {
	c := newCLI(t, "alice", sandboxtest.Profiles()[0].Options)
	jar := filepath.Join(lumenBuild(t, ""), "lumen-2.7.0-beta.1.jar")
	wd := t.TempDir()
	t.Chdir(wd)
	writeTemp(t, wd, "rdash.yml", "dependencies:\n  ProtocolLib: prjEmber\n")
	out := c.ok("versions", "create", "lumen", "--from", jar, "--dry-run")
	for _, want := range []string{
		"dependencies:  [required project prjEmber, optional external LuckPerms]  (plugin.yml)",
		`  dependency:  required project prjEmber  (plugin.yml: depend "ProtocolLib"; rdash.yml: ProtocolLib is project prjEmber)`,
		`  dependency:  optional external LuckPerms  (plugin.yml: softdepend "LuckPerms")`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the preview lacks %q:\n%s", want, out)
		}
	}

	writeTemp(t, wd, "rdash.yml", "dependencies:\n  ProtocolLib: prj12\n")
	r := c.run("", "versions", "create", "lumen", "--from", jar, "--yes")
	want := `rdash: rdash.yml line 2: malformed: dependencies.ProtocolLib: "prj12" is not a project ID`
	if r.code != ExitFailure || !strings.HasPrefix(r.err, want) || !strings.Contains(r.err, "nothing was sent") || writes(c) != 0 {
		t.Errorf("exit %d, %d writes, stderr:\n%s\nwant exit 1 and %q", r.code, writes(c), r.err, want)
	}
}
