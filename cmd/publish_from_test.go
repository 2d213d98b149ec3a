package cmd

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/pflag"

	"rdash/api/sandbox/sandboxtest"
)

// fromOut is the part of versions create's JSON these tests read.
type fromOut struct {
	Version, Name, Channel, Changelog string
	GameVersions                      []string `json:"game_versions"`
	Platforms                         []string
	Dependencies                      []struct{ Type, Name string }
	Files                             []struct {
		Name    string
		Primary bool
	}
	Sources   map[string]any
	Artifacts []struct {
		Path, Role string
		Metadata   []string
	}
	Unread []struct{ Field, Reason string }
	Notes  []string
	// AlreadyPublished and Result say what a run did.
	AlreadyPublished bool `json:"already_published"`
	Result           *struct {
		ID, Version string
		Files       []struct {
			Name    string
			Primary bool
		}
	}
}

// source is the source of a field in o, "<null>" for null.
func (o fromOut) source(field string) string {
	if s, ok := o.Sources[field].(string); ok {
		return s
	}
	return fmt.Sprintf("<%v>", o.Sources[field])
}

func decodeFrom(t *testing.T, out string) fromOut {
	t.Helper()
	var o fromOut
	if err := json.Unmarshal([]byte(out), &o); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	return o
}

// TestCreateFrom publishes lumen's build from its jars, given as a shell
// expands build/libs/*.jar (the sources jar first), against each sandbox
// profile: every value not given comes from plugin.yml, the channel from
// the version's -beta, the changelog from its section, and the JSON says
// where each came from.
func TestCreateFrom(t *testing.T) {
	t.Parallel()
	for _, prof := range sandboxtest.Profiles() {
		t.Run(prof.Name, func(t *testing.T) {
			t.Parallel()
			c := newCLI(t, "alice", prof.Options)
			dir := lumenBuild(t, "")
			jar, sources := filepath.Join(dir, "lumen-2.7.0-beta.1.jar"), filepath.Join(dir, "lumen-2.7.0-beta.1-sources.jar")
			o := decodeFrom(t, c.ok("versions", "create", "lumen", "--from", sources, jar,
				"--changelog-file", filepath.Join(dir, "CHANGELOG.md"), "--yes", "--json"))
			if o.Result == nil || o.Result.Version != "2.7.0-beta.1" || o.Name != "Lumen 2.7.0-beta.1" || o.Channel != "beta" {
				t.Fatalf("published %+v", o)
			}
			if len(o.Files) != 2 || o.Files[0].Name != "lumen-2.7.0-beta.1.jar" || !o.Files[0].Primary || o.Files[1].Name != "lumen-2.7.0-beta.1-sources.jar" {
				t.Errorf("files %+v: want the jar primary, then the sources jar", o.Files)
			}
			if !slices.Contains(o.GameVersions, "1.21") || !slices.Contains(o.GameVersions, "1.21.4") || slices.Contains(o.GameVersions, "1.20.6") {
				t.Errorf("game versions %v: want 1.21 and later releases", o.GameVersions)
			}
			if strings.Join(o.Platforms, ",") != "bukkit,spigot,paper,purpur" {
				t.Errorf("platforms %v", o.Platforms)
			}
			if len(o.Dependencies) != 2 || o.Dependencies[0] != (struct{ Type, Name string }{"required", "ProtocolLib"}) ||
				o.Dependencies[1] != (struct{ Type, Name string }{"optional", "LuckPerms"}) {
				t.Errorf("dependencies %+v", o.Dependencies)
			}
			if o.Changelog != "### Added\n- Lights follow you into the Nether." {
				t.Errorf("changelog %q: want the section of 2.7.0-beta.1", o.Changelog)
			}
			for field, want := range map[string]string{
				"version": `plugin.yml: version "2.7.0-beta.1"`, "name": `plugin.yml: name "Lumen", then the version`,
				"channel": `version "2.7.0-beta.1" is a pre-release (beta): channel "beta", the project's beta channel`, "game_versions": `plugin.yml: api-version "1.21"`,
				"changelog": filepath.Join(dir, "CHANGELOG.md") + ": section [2.7.0-beta.1]",
			} {
				if got := o.source(field); !strings.HasPrefix(got, want) {
					t.Errorf("sources.%s = %q, want %q", field, got, want)
				}
			}
			if len(o.Artifacts) != 2 || o.Artifacts[0].Role != "sources" || o.Artifacts[1].Role != "primary" ||
				strings.Join(o.Artifacts[1].Metadata, ",") != "plugin.yml" {
				t.Errorf("artifacts %+v", o.Artifacts)
			}
			read := "lumen's 25 versions (all of them)"
			if prof.Options.Strict { // no total: a page of 25 when 100 were asked may be the server's cap
				read = "one page of lumen's versions (25, in the server's order; the server gave no total, so more may follow unread)"
			}
			if len(o.Notes) == 0 || !strings.HasPrefix(o.Notes[0], "the project's channels and game versions were read from "+read+"; channels seen: ") {
				t.Errorf("notes %q: the first should say what was read of the project", o.Notes)
			}
			v := getVersion(t, c, "lumen", o.Result.ID)
			if v.Channel.Slug != "beta" || len(v.Files) != 2 || !v.Files[0].IsPrimary || v.Files[0].Name != "lumen-2.7.0-beta.1.jar" ||
				len(v.Dependencies) != 2 {
				t.Errorf("the server holds %+v", v)
			}
		})
	}
}

// TestCreateFromFlagsWin: a value given as a flag is sent and named a
// flag; the files fill the rest. The text preview shows every value with
// its source, and what could not be read.
func TestCreateFromFlagsWin(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandboxtest.Profiles()[0].Options)
	dir := lumenBuild(t, "")
	out := c.ok("versions", "create", "lumen", "--from", filepath.Join(dir, "lumen-2.7.0-beta.1.jar"),
		"--name", "Lumen Nether", "--channel", "beta", "--game-version", "1.21.4", "--dry-run")
	for _, want := range []string{
		"would publish in lumen:",
		`version:       2.7.0-beta.1  (plugin.yml: version "2.7.0-beta.1")`,
		"name:          Lumen Nether  (flag)",
		"channel:       beta  (flag)",
		"game versions: [1.21.4]  (flag)",
		"platforms:     [bukkit, spigot, paper, purpur]  (plugin.yml",
		"dependencies:  [required external ProtocolLib, optional external LuckPerms]  (plugin.yml)",
		"read:          " + filepath.Join(dir, "lumen-2.7.0-beta.1.jar") + ": plugin.yml",
		"note:          the project's channels and game versions were read from lumen's 25 versions (all of them)",
		"nothing sent (--dry-run)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the preview lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "warning:") {
		t.Errorf("a flag that agrees with nothing in the files is no warning:\n%s", out)
	}
}

// TestCreateFromPatterns: a pattern the shell passed as typed is expanded
// by rdash; one that matches nothing says so (exit 2); PROJECT goes first,
// and files after it need --from.
func TestCreateFromPatterns(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandboxtest.Profiles()[0].Options)
	dir := lumenBuild(t, "")
	o := decodeFrom(t, c.ok("versions", "create", "lumen", "--from", filepath.Join(dir, "*.jar"), "--dry-run", "--json"))
	if len(o.Files) != 2 || o.Files[0].Name != "lumen-2.7.0-beta.1.jar" || o.Version != "2.7.0-beta.1" {
		t.Errorf("--from %s: files %+v, version %q", filepath.Join(dir, "*.jar"), o.Files, o.Version)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"lumen", "--from", filepath.Join(dir, "*.zip")}, "--from " + filepath.Join(dir, "*.zip") + ": no file matches this pattern"},
		{[]string{"lumen", "--from", filepath.Join(dir, "missing.jar")}, "--from: stat " + filepath.Join(dir, "missing.jar") + ": no such file"},
		{[]string{"--from", filepath.Join(dir, "lumen-2.7.0-beta.1.jar"), "lumen"}, "PROJECT comes before --from"},
		{[]string{"lumen", filepath.Join(dir, "lumen-2.7.0-beta.1.jar"), "--version", "1", "--name", "n", "--channel", "beta"},
			"unexpected argument \"" + filepath.Join(dir, "lumen-2.7.0-beta.1.jar") + "\""},
	} {
		r := c.run("", append([]string{"versions", "create"}, append(tc.args, "--dry-run")...)...)
		if r.code != ExitCancel || !strings.Contains(r.err, tc.want) {
			t.Errorf("create %q: exit %d, stderr:\n%s\nwant exit 2 saying %q", tc.args, r.code, r.err, tc.want)
		}
	}
}

// TestCreateFromUnreadVersion: a version neither given nor read is a
// usage error that says why the files did not give it.
func TestCreateFromUnreadVersion(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandboxtest.Profiles()[0].Options)
	jar := writeTemp(t, t.TempDir(), "lumen.jar", jarText(t, map[string]string{
		"fabric.mod.json": `{"schemaVersion": 1, "id": "lumen", "version": "${version}", "name": "Lumen"}`}))
	r := c.run("", "versions", "create", "lumen", "--from", jar, "--yes")
	want := `--version: not given, and not read from the files (fabric.mod.json: version "${version}" holds ${version}, a build placeholder that was not expanded); give --version`
	if r.code != ExitCancel || !strings.Contains(r.err, want) || writes(c) != 0 {
		t.Fatalf("exit %d, %d writes, stderr:\n%s\nwant exit 2 saying %q, nothing sent", r.code, writes(c), r.err, want)
	}
}

// TestFromPathsKeepOrder: the files after each --from follow it, in the
// order written, however the flags and arguments interleave.
func TestFromPathsKeepOrder(t *testing.T) {
	t.Parallel()
	fs := pflag.NewFlagSet("create", pflag.ContinueOnError)
	from := &fromFlag{fs: fs}
	fs.Var(from, "from", "")
	fs.Bool("yes", false, "")
	if err := fs.Parse([]string{"lumen", "--from", "a.jar", "b.jar", "--yes", "c.jar", "--from", "d.jar", "e.jar"}); err != nil {
		t.Fatal(err)
	}
	got, err := from.paths(fs.Args())
	if err != nil || strings.Join(got, " ") != "a.jar b.jar c.jar d.jar e.jar" {
		t.Errorf("paths = %q, %v; want a.jar to e.jar in order", got, err)
	}
}
