package publish

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"

	"rdash/api"
	"rdash/ui/applyflow"
	"rdash/ui/common"
	"rdash/ui/internal/uitest"
)

// counting counts the creates and updates sent.
type counting struct {
	Client
	creates, updates atomic.Int32
}

func (c *counting) CreateVersion(ctx context.Context, p string, r *api.CreateVersionRequest) (*api.Version, *api.Response, error) {
	c.creates.Add(1)
	return c.Client.CreateVersion(ctx, p, r)
}

func (c *counting) UpdateVersion(ctx context.Context, p, id string, r *api.UpdateVersionRequest) (*api.Version, *api.Response, error) {
	c.updates.Add(1)
	return c.Client.UpdateVersion(ctx, p, id, r)
}

// flat is the screen with every run of spaces and newlines as one space,
// for text that may wrap.
func (e *env) flat() string { return strings.Join(strings.Fields(e.d.Screen()), " ") }

// racing answers the check made before the preview (findPublished) as
// if the version string were free: another publish takes it between the
// check and the send, and the server is the one to refuse it (409).
type racing struct{ Client }

func (racing) GetVersion(_ context.Context, p, id string) (*api.Version, *api.Response, error) {
	return nil, nil, &api.Error{StatusCode: 404, Method: "GET", Path: "/projects/" + p + "/versions/" + id, Message: "not found"}
}

// TestRefusedDraftIsKept publishes a version string lumen already has,
// taken after the check before the preview (racing):
// the server refuses it (409); the results say what to change and offer
// no retry that would be refused again; e goes back to the form with
// every field and file as typed and the version marked with the server's
// reason; esc asks before dropping the draft.
func TestRefusedDraftIsKept(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	cl := &counting{Client: racing{c}}
	e := open(t, cl, "lumen", 100, 30)
	e.fill("2.4.0")
	e.set(fGame, "1.21.4")
	e.m.form.changelog = "Fixes the lantern flicker."
	e.previewed()
	e.d.Press("enter")
	e.results()
	for _, want := range []string{"not created", "Version: lumen already has version 2.4.0",
		"→ choose another version string", "the 1 refused is not retried", "e back to the form"} {
		if !strings.Contains(e.flat(), want) {
			t.Errorf("no %q in the results:\n%s", want, e.d.Screen())
		}
	}
	if strings.Contains(e.flat(), "r sends") {
		t.Errorf("a retry that would be refused again is offered:\n%s", e.d.Screen())
	}
	e.d.Press("r")
	if cl.creates.Load() != 1 || e.m.flow.Stage() != applyflow.StageResults {
		t.Fatalf("r sent the refused version again (%d creates)", cl.creates.Load())
	}
	if !e.m.Guards(uitest.Key("esc")) {
		t.Fatal("a refused draft is not guarded")
	}
	e.d.Press("esc")
	if e.m.stage != stageApply || !strings.Contains(e.flat(), "Press esc again to drop this new version") {
		t.Fatalf("esc on a refused draft did not ask:\n%s", e.d.Screen())
	}
	e.d.Press("e")
	if e.m.stage != stageForm || e.m.form.focus != fVersion {
		t.Fatalf("e did not go back to the version field (stage %d, focus %d)", e.m.stage, e.m.form.focus)
	}
	f := e.m.form
	if f.value(fVersion) != "2.4.0" || f.value(fName) != "Lumen 2.4.0" || f.value(fGame) != "1.21.4" ||
		f.changelog != "Fixes the lantern flicker." || len(f.files) != 1 || f.files[0].name != "lumen-2.4.0.jar" {
		t.Fatalf("the draft was not kept: %+v", f.request())
	}
	if !strings.Contains(e.d.Screen(), "✗ the server: lumen already has version 2.4.0") {
		t.Fatalf("the refused field is not marked:\n%s", e.d.Screen())
	}
	e.check()
	e.set(fVersion, "2.4.9")
	if strings.Contains(e.d.Screen(), "the server:") {
		t.Fatalf("the mark stays on a changed value:\n%s", e.d.Screen())
	}
	e.previewed()
	e.d.Press("esc")
	if e.m.stage != stageForm {
		t.Fatal("esc on the second preview did not go back to the form")
	}
	e.previewed()
	e.d.Press("enter")
	e.results()
	if !strings.Contains(e.d.Screen(), "1 published") || e.m.Guards(uitest.Key("esc")) {
		t.Fatalf("after the fix (guarded %v):\n%s", e.m.Guards(uitest.Key("esc")), e.d.Screen())
	}
}

// TestRefusedEditIsKept: an edit the server refuses (a version string the
// project has) goes back to its form, the change kept and marked.
func TestRefusedEditIsKept(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	e := openEdit(t, c, "6.7.0", 100, 30)
	e.set(fVersion, "2.4.0")
	e.set(fName, "Lumen renamed")
	e.previewed()
	e.d.Press("enter")
	e.results()
	if !contains(e.flat(), "not changed", "Version: lumen already has version 2.4.0", "choose another version string") {
		t.Fatalf("results:\n%s", e.d.Screen())
	}
	e.d.Press("enter")
	if e.m.stage != stageForm || e.m.form.value(fVersion) != "2.4.0" || e.m.form.value(fName) != "Lumen renamed" ||
		!strings.Contains(e.d.Screen(), "✗ the server: lumen already has version 2.4.0") {
		t.Fatalf("enter did not go back to the kept edit:\n%s", e.d.Screen())
	}
}

// TestGuardAsksBeforeQuitting: with a draft, ctrl+c (which the root gives
// a common.Guard) only asks; the guard then lets ctrl+c alone through, so
// the root's next ctrl+c quits, while esc still asks; any other key keeps
// the draft.
func TestGuardAsksBeforeQuitting(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	e := open(t, c, "lumen", 100, 30)
	ctrlC, q, esc := uitest.Key("ctrl+c"), uitest.Key("q"), uitest.Key("esc")
	var g common.Guard = e.m
	if g.Guards(ctrlC) {
		t.Fatal("an untouched form is guarded")
	}
	e.set(fName, "Lumen typed")
	if !g.Guards(ctrlC) {
		t.Fatal("a typed form is not guarded")
	}
	e.d.Press("ctrl+c")
	if g.Guards(ctrlC) || !g.Guards(esc) || !strings.Contains(e.d.Screen(), "Press ctrl+c again to quit rdash and drop this new version") {
		t.Fatalf("ctrl+c did not ask, or lets other keys through:\n%s", e.d.Screen())
	}
	e.d.Press("tab")
	if !g.Guards(ctrlC) || strings.Contains(e.d.Screen(), "again to quit") {
		t.Fatal("another key did not keep the draft guarded")
	}
	e.fill("2.6.0")
	e.focus(fButton)
	if e.m.Capturing() {
		t.Fatal("the Preview button keeps q from the root")
	}
	e.d.Press("q")
	if g.Guards(q) || !strings.Contains(e.flat(), "Press q again to quit rdash and drop this new version") {
		t.Fatalf("q on the form's button did not ask:\n%s", e.d.Screen())
	}
	e.previewed()
	e.d.Press("q")
	if g.Guards(q) || !g.Guards(ctrlC) || !strings.Contains(e.flat(), "Press q again to quit rdash and drop this new version") {
		t.Fatalf("q on the preview did not ask:\n%s", e.d.Screen())
	}
	e.d.Press("down")
	e.d.Press("esc")
	if e.m.stage != stageForm || !g.Guards(q) {
		t.Fatal("esc on the preview did not go back to the form")
	}
}
