package publish

import (
	"strings"
	"testing"

	"rdash/api/sandbox"
	"rdash/internal/artifact/artifacttest"
	"rdash/ui/internal/uitest"
)

// releasesOnlySeed is a sandbox with one project whose channels are a
// release channel and lts: none less stable than a release.
const releasesOnlySeed = `{
  "apps": [{"client_id": "rdash-demo", "client_secret": "sandbox-secret", "name": "rdash demo", "redirect_domains": ["127.0.0.1", "localhost"]}],
  "users": [{"id": "usrAlice", "username": "alice", "name": "Alice Ashford"}],
  "organizations": [],
  "projects": [{"id": "prjRelOn", "slug": "releases-only", "name": "Releases only", "owner": "alice", "summary": "",
    "channels": [
      {"id": "chRelRel", "name": "Release", "slug": "release", "is_default": true, "minecraft_versions": ["1.21.4"], "platforms": ["fabric"], "dependencies": []},
      {"id": "chRelLts", "name": "Long-term support", "slug": "lts", "is_default": false, "minecraft_versions": ["1.20.1"], "platforms": ["fabric"], "dependencies": []}],
    "versions": [
      {"id": "relRel01", "version": "1.0.0", "name": "1.0.0", "channel": "release", "created_at": "2025-01-01T12:00:00Z",
       "files": [{"id": "relFil01", "name": "ro-1.0.0.jar", "content": "ro\n"}], "minecraft_versions": ["1.21.4"], "platforms": ["fabric"], "dependencies": []},
      {"id": "relLts01", "version": "0.9.0", "name": "0.9.0", "channel": "lts", "created_at": "2025-01-02T12:00:00Z",
       "files": [{"id": "relFil02", "name": "ro-0.9.0.jar", "content": "ro\n"}], "minecraft_versions": ["1.20.1"], "platforms": ["fabric"], "dependencies": []}]}]
}`

// rcJar is a Fabric mod at 2.7.0-rc.1 that names no game version and
// breaks iris up to 1.7.3.
func rcJar(t *testing.T) string {
	t.Helper()
	return artifacttest.Write(t, "mod-2.7.0-rc.1.jar", map[string][]byte{"fabric.mod.json": []byte(`{"schemaVersion": 1, "id": "mod", "name": "Mod",
		"version": "2.7.0-rc.1", "breaks": {"iris": "<=1.7.3"}}`)})
}

// TestPreReleaseChannelChosen: a pre-release jar, for a project with no
// channel less stable than a release, does not leave the form's channel
// at the release default: the field is emptied and marked, with why and
// the project's channels; the report warns of the bound not sent, and an
// empty list says the channel's defaults fill it. A channel typed then
// settles it, and putting the pre-release in release is warned of.
func TestPreReleaseChannelChosen(t *testing.T) {
	t.Parallel()
	c, _ := uitest.SandboxWith(t, "alice", sandbox.Options{Data: []byte(releasesOnlySeed)})
	e := open(t, c, "releases-only", 120, 40)
	if e.m.form.value(fChannel) != "release" {
		t.Fatalf("the form opens on %q, not the default channel", e.m.form.value(fChannel))
	}
	e.choose(rcJar(t))
	if v := e.m.form.value(fChannel); v != "" {
		t.Fatalf("a pre-release left the channel at %q", v)
	}
	e.focus(fChannel)
	if !contains(e.flat(), `! choose the channel: version "2.7.0-rc.1" is a pre-release (rc), and the project has no channel less stable than a release`,
		"(the project's channels, as its versions show them:", "lts", "release)") {
		t.Errorf("the channel is not marked:\n%s", e.d.Screen())
	}
	e.focus(fGame)
	if !strings.Contains(e.flat(), "left empty: from the channel's defaults (the server fills it)") {
		t.Errorf("the empty game versions do not say what fills them:\n%s", e.d.Screen())
	}
	e.focus(fFiles)
	if !strings.Contains(e.flat(), "! the metadata makes 1 dependency incompatible only in some versions (iris <=1.7.3)") {
		t.Errorf("the bound not sent is not said:\n%s", e.d.Screen())
	}
	e.check()
	e.set(fChannel, "release")
	e.d.Press("tab")
	e.settle()
	e.focus(fFiles)
	if strings.Contains(e.flat(), "choose the channel") || !strings.Contains(e.flat(), `is a pre-release (rc), and goes to "release", a channel of releases, as the channel given asks`) {
		t.Errorf("a typed channel is not taken, or not warned of:\n%s", e.d.Screen())
	}
}

// TestServerFilledShown: once published, the results say what the server
// chose for the fields the form left empty.
func TestServerFilledShown(t *testing.T) {
	t.Parallel()
	c, _ := uitest.SandboxWith(t, "alice", sandbox.Options{Data: []byte(releasesOnlySeed)})
	e := open(t, c, "releases-only", 120, 40)
	e.choose(artifacttest.Write(t, "proxy-1.0.1.jar", map[string][]byte{"bungee.yml": []byte("name: Proxy\nversion: 1.0.1\nmain: a.B\n")}))
	e.previewed()
	if !strings.Contains(e.flat(), "Game versions from the channel's defaults (the server fills it)") {
		t.Errorf("the preview does not say what fills the game versions:\n%s", e.d.Screen())
	}
	e.d.Press("enter")
	e.results()
	if !strings.Contains(e.flat(), "the server filled Game versions: 1.21.4 (left out of the request: the channel's defaults)") {
		t.Errorf("the results do not say what the server chose:\n%s", e.d.Screen())
	}
}
