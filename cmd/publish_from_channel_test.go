package cmd

import (
	"encoding/json"
	"strings"
	"testing"

	"rdash/internal/artifact/artifacttest"
)

// preReleaseJar is a Fabric mod at version v, with a version bound in its
// breaks, written in a new directory; it returns its path.
func preReleaseJar(t *testing.T, v string) string {
	t.Helper()
	return artifacttest.Write(t, "mod-"+v+".jar", map[string][]byte{"fabric.mod.json": []byte(`{"schemaVersion": 1, "id": "mod", "name": "Mod",
		"version": "` + v + `", "depends": {"minecraft": "1.21.4"}, "breaks": {"iris": "<=1.7.3"}}`)})
}

// TestCreateFromPreReleaseRefused: a pre-release for a project with no
// channel less stable than a release is refused without --channel (exit
// 2, nothing sent), saying why and which channels there are; with
// --channel release it goes there, and a warning says it is a
// pre-release.
func TestCreateFromPreReleaseRefused(t *testing.T) {
	t.Parallel()
	c := corpusCLI(t)
	jar := preReleaseJar(t, "2.7.0-rc.1")
	for _, args := range [][]string{{"--dry-run"}, {"--yes"}, {"--yes", "--json"}} {
		r := c.run("", append([]string{"versions", "create", "releases-only", "--from", jar}, args...)...)
		want := `--channel: not given, and rdash will not choose it: version "2.7.0-rc.1" is a pre-release (rc), and the project has no channel less stable than a release to put it in; ` +
			`rdash does not put a pre-release in a release channel unasked; give --channel (the project's channels, as its versions show them: lts, release)`
		if r.code != ExitCancel || !strings.Contains(r.err, want) || r.out != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit %d saying %q", args, r.code, r.out, r.err, ExitCancel, want)
		}
	}
	if v := c.ok("versions", "list", "releases-only", "--json", "version"); strings.Contains(v, "2.7.0-rc.1") {
		t.Errorf("a refused pre-release was published: %s", v)
	}
	r := c.run("", "versions", "create", "releases-only", "--from", jar, "--channel", "release", "--yes", "--json")
	if r.code != 0 || !strings.Contains(r.err, `rdash: warning: version "2.7.0-rc.1" is a pre-release (rc), and goes to "release", a channel of releases, as the channel given asks`) {
		t.Errorf("--channel release: exit %d, stderr %q", r.code, r.err)
	}
}

// TestCreateFromPreReleaseAsksForTheChannel: at a terminal, a pre-release
// that rdash will not put in a channel itself asks which, offering the
// project's channels, and publishes to the one picked; a cancelled
// question publishes nothing.
func TestCreateFromPreReleaseAsksForTheChannel(t *testing.T) {
	t.Parallel()
	c := corpusCLI(t)
	jar := preReleaseJar(t, "2.7.0-rc.1")
	none := &fakePrompter{}
	if r := c.runAt(none, "versions", "create", "releases-only", "--from", jar); r.code != ExitCancel {
		t.Fatalf("no channel picked: exit %d, stderr %q; want %d", r.code, r.err, ExitCancel)
	}
	p := &fakePrompter{yes: true, pick: func(string, []string) string { return "lts" }}
	r := c.runAt(p, "versions", "create", "releases-only", "--from", jar)
	if r.code != ExitOK {
		t.Fatalf("exit %d, stderr %q", r.code, r.err)
	}
	q := p.questions()
	if len(q) != 2 || !strings.HasPrefix(q[0], `Which channel? version "2.7.0-rc.1" is a pre-release (rc)`) || !strings.HasSuffix(q[0], "[lts release]") {
		t.Fatalf("asked %q; want the channel among the project's, then the confirmation", q)
	}
	got := c.ok("versions", "get", "releases-only", "2.7.0-rc.1", "--json", "channel", "--jq", ".channel.slug")
	if strings.TrimSpace(got) != "lts" {
		t.Fatalf("published to %q; want the channel picked, lts", got)
	}
}

// TestCreateFromPreReleaseChannel: a pre-release goes to the project's
// closest less-stable channel, and the preview says which and why.
func TestCreateFromPreReleaseChannel(t *testing.T) {
	t.Parallel()
	c := corpusCLI(t)
	for v, want := range map[string]string{
		"2.7.0-rc.1":     `channel:       beta  (version "2.7.0-rc.1" is a pre-release (rc): channel "beta", the project's closest less-stable channel)`,
		"2.7.0-alpha.1":  `channel:       alpha  (version "2.7.0-alpha.1" is a pre-release (alpha): channel "alpha", the project's alpha channel)`,
		"2.7.0-SNAPSHOT": `channel:       snapshot  (version "2.7.0-SNAPSHOT" is a pre-release (snapshot): channel "snapshot", the project's snapshot channel)`,
		"2.7.0+mc1.21.4": `channel:       release  (channel default (version "2.7.0+mc1.21.4" is not a pre-release))`,
	} {
		out := c.ok("versions", "create", corpusProject, "--from", preReleaseJar(t, v), "--dry-run")
		if !strings.Contains(out, want) {
			t.Errorf("%s: the preview lacks %q:\n%s", v, want, out)
		}
	}
}

// TestCreateFromDefaultsNamed: the preview names each value left out with
// what the server does, and a dependency's bound not sent; once published,
// the values the server chose for them are shown.
func TestCreateFromDefaultsNamed(t *testing.T) {
	t.Parallel()
	c := corpusCLI(t)
	jar := preReleaseJar(t, "2.7.0")
	proxy := artifacttest.Write(t, "proxy-1.0.0.jar", map[string][]byte{"bungee.yml": []byte("name: Proxy\nversion: 1.0.0\nmain: a.B\n")})
	out := c.ok("versions", "create", corpusProject, "--from", jar, "--dry-run")
	for _, want := range []string{
		`dependency:  incompatible external iris (bound <=1.7.3 not sent: the service takes none)  (fabric.mod.json: breaks "iris")`,
		"changelog:     none: the version has no changelog",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the preview lacks %q:\n%s", want, out)
		}
	}
	out = c.ok("versions", "create", corpusProject, "--from", proxy, "--dry-run")
	if want := "game versions: from the channel's defaults (the server fills it)"; !strings.Contains(out, want) {
		t.Errorf("the preview lacks %q:\n%s", want, out)
	}
	r := c.run("", "versions", "create", corpusProject, "--from", proxy, "--yes")
	if want := "the server filled game versions: [1.21.4] (the request left them out: the channel's defaults)"; r.code != 0 || !strings.Contains(r.err, want) {
		t.Errorf("exit %d, stderr %q; want %q", r.code, r.err, want)
	}
	var o struct {
		ServerFilled []struct {
			Field string
			Value []string
		} `json:"server_filled"`
	}
	js := c.ok("versions", "create", corpusProject, "--from", artifacttest.Write(t, "proxy-1.0.1.jar",
		map[string][]byte{"bungee.yml": []byte("name: Proxy\nversion: 1.0.1\nmain: a.B\n")}), "--yes", "--json")
	if err := json.Unmarshal([]byte(js), &o); err != nil || len(o.ServerFilled) != 1 || o.ServerFilled[0].Field != "game_versions" ||
		strings.Join(o.ServerFilled[0].Value, ",") != "1.21.4" {
		t.Errorf("server_filled %+v (%v):\n%s", o.ServerFilled, err, js)
	}
}
