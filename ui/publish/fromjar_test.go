package publish

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"rdash/internal/artifact/artifacttest"

	"rdash/api"
	"rdash/internal/artifact"
	"rdash/ui/applyflow"
	"rdash/ui/internal/uitest"
)

// TestPublishFromAJar publishes, against the sandbox, a version whose
// every field was filled from a plugin's jar and rdash.yml: the version
// created has the jar's values. Choosing the same jar again, the preview
// says it is already published and sends nothing; a jar rebuilt under
// the same version says what differs, and sends nothing either.
func TestPublishFromAJar(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	jar := artifacttest.Fixture(t, "jars/bukkit", "lumen-2.5.0.jar")
	e := open(t, c, "lumen", 100, 30)
	e.withConfig(lumenYml)
	e.choose(jar)
	e.previewed()
	if !contains(e.flat(), "Publish 2.5.0 to lumen", "Name Lumen 2.5.0", "Platforms bukkit, spigot, paper, purpur",
		"required project prjEmber", "optional external PlaceholderAPI") {
		t.Fatalf("the preview lacks the jar's values:\n%s", e.d.Screen())
	}
	e.d.Press("enter")
	e.results()
	if !strings.Contains(e.d.Screen(), "1 published") {
		t.Fatalf("results:\n%s", e.d.Screen())
	}
	requireJarValues(t, c, jar)

	cl := &counting{Client: c}
	again := open(t, cl, "lumen", 100, 30)
	again.withConfig(lumenYml)
	again.choose(jar)
	again.previewed()
	if !contains(again.flat(), "lumen already has version 2.5.0, with these same files", "it is already published", "Already published: nothing to send") {
		t.Fatalf("a re-run is not told it is published:\n%s", again.d.Screen())
	}
	again.d.Press("enter")
	if cl.creates.Load() != 0 || again.m.flow.Stage() != applyflow.StagePreview {
		t.Fatalf("enter sent an already published version (%d creates)", cl.creates.Load())
	}
	again.d.Press("esc")
	if again.m.stage != stageForm || !strings.Contains(again.d.Screen(), "✗ already published, with these same files") {
		t.Fatalf("the form does not say it:\n%s", again.d.Screen())
	}

	files := map[string][]byte{"BUILD.txt": []byte("rebuilt")}
	files["plugin.yml"], _ = os.ReadFile(filepath.Join(artifacttest.Testdata(), "jars", "bukkit", "plugin.yml"))
	rebuilt := open(t, cl, "lumen", 100, 30)
	rebuilt.choose(artifacttest.Write(t, "lumen-2.5.0.jar", files))
	rebuilt.previewed()
	if !contains(rebuilt.flat(), "lumen already has version 2.5.0, with other files:", `"lumen-2.5.0.jar" has SHA-256`,
		"change it to publish these files as a new version", "Nothing can be sent") {
		t.Fatalf("a rebuilt jar is not told what differs:\n%s", rebuilt.d.Screen())
	}
	rebuilt.d.Press("enter")
	if cl.creates.Load() != 0 {
		t.Fatal("enter sent a version the project has")
	}
}

// requireJarValues checks that lumen's 2.5.0 has what the jar says.
func requireJarValues(t *testing.T, c Client, jar string) {
	t.Helper()
	v, _, err := c.GetVersion(t.Context(), "lumen", "2.5.0")
	if err != nil {
		t.Fatal(err)
	}
	p, err := artifact.Propose(artifact.Input{Paths: []string{jar}})
	if err != nil {
		t.Fatal(err)
	}
	deps := []api.Dependency{{Type: "required", ProjectID: "prjEmber"}, {Type: "optional", Name: "PlaceholderAPI"}, {Type: "optional", Name: "Vault"}}
	st, err := os.Stat(jar)
	if err != nil {
		t.Fatal(err)
	}
	switch {
	case v.Name != "Lumen 2.5.0" || v.Channel.Slug != "release":
		t.Errorf("name %q, channel %q", v.Name, v.Channel.Slug)
	case !slices.Equal(v.MinecraftVersions, p.GameVersions.Value) || v.MinecraftVersions[0] != "1.21":
		t.Errorf("game versions %v, want %v", v.MinecraftVersions, p.GameVersions.Value)
	case !slices.Equal(v.Platforms, []string{"bukkit", "spigot", "paper", "purpur"}):
		t.Errorf("platforms %v", v.Platforms)
	case !slices.EqualFunc(v.Dependencies, deps, func(a, b api.Dependency) bool { return api.DependencySpec(a) == api.DependencySpec(b) }):
		t.Errorf("dependencies %+v", v.Dependencies)
	case len(v.Files) != 1 || v.Files[0].Name != "lumen-2.5.0.jar" || !v.Files[0].IsPrimary || v.Files[0].Size != st.Size():
		t.Errorf("files %+v", v.Files)
	}
}

// TestTypedVersionThatExists: a version string typed by hand that the
// project has is told before the preview, with how its files differ,
// rather than refused by the server after the upload.
func TestTypedVersionThatExists(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	cl := &counting{Client: c}
	e := open(t, cl, "lumen", 100, 30)
	e.fill("2.4.0")
	e.previewed()
	if !contains(e.flat(), "lumen already has version 2.4.0, with other files:", `"lumen-2.4.0.jar" has 3000 bytes here`,
		"is published but not among the files given", "Nothing can be sent · esc back to the form") {
		t.Fatalf("the existing version is not said:\n%s", e.d.Screen())
	}
	e.check()
	e.d.Press("enter")
	e.d.Press("esc")
	if cl.creates.Load() != 0 || e.m.stage != stageForm || !strings.Contains(e.d.Screen(), "✗ lumen already has it, with other files") {
		t.Fatalf("%d creates, stage %d:\n%s", cl.creates.Load(), e.m.stage, e.d.Screen())
	}
	e.set(fVersion, "2.4.1")
	if strings.Contains(e.d.Screen(), "already has it") {
		t.Fatalf("the mark stays on another version:\n%s", e.d.Screen())
	}
}

// unchecked fails the check before the preview, as a server that is down.
type unchecked struct{ Client }

func (unchecked) GetVersion(_ context.Context, p, id string) (*api.Version, *api.Response, error) {
	return nil, nil, &api.Error{StatusCode: 503, Method: "GET", Path: "/projects/" + p + "/versions/" + id, Message: "down for maintenance"}
}

// TestCheckThatFails: when the check cannot be made, nothing is sent and
// the preview says why, with r to try again.
func TestCheckThatFails(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	cl := &counting{Client: unchecked{c}}
	e := open(t, cl, "lumen", 100, 30)
	e.fill("7.0.1")
	e.focus(fButton)
	e.d.Press("enter")
	e.d.WaitForText("r tries again")
	if !contains(e.flat(), "The server failed (503)", "Nothing was sent") || cl.creates.Load() != 0 {
		t.Fatalf("%d creates:\n%s", cl.creates.Load(), e.d.Screen())
	}
}
