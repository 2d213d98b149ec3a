package bulkedit_test

import (
	"strings"
	"testing"

	"rdash/ui"
	"rdash/ui/common"
	"rdash/ui/internal/uitest"
	"rdash/ui/route"
)

// TestInTheDashboard runs the flow through the root: marks on the versions
// screen, e, the form (where q and ctrl+c ask before the edit chosen is
// dropped), the preview, the results; esc goes back to a list that shows the change,
// and the undo route puts it back.
func TestInTheDashboard(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	cfg := uitest.Config()
	cfg.Env.StateDir = t.TempDir()
	m := ui.New(ui.Options{Client: c, Config: cfg, Now: uitest.Now, Context: t.Context(), Project: "lumen"})
	d := uitest.NewDriver(t, m, 80, 24)
	d.WaitForText("25 of 25")
	d.Press("space", "space", "e")
	d.WaitForText("Edit 2 versions of lumen")
	d.WaitForText("release · beta · snapshot") // the project's channels
	for range 5 {
		if strings.Contains(d.Screen(), "‹ snapshot") {
			break
		}
		d.Press("right")
	}
	d.Press("q")
	if !strings.Contains(d.Screen(), "Press q again to quit rdash and drop this edit") {
		t.Fatalf("q on a changed form did not ask:\n%s", d.Screen())
	}
	d.Press("ctrl+c")
	if !strings.Contains(d.Screen(), "Press ctrl+c again to quit rdash and drop this edit") {
		t.Fatalf("ctrl+c on a changed form did not ask:\n%s", d.Screen())
	}
	d.Press("enter")
	d.WaitForText("Preview: 2 versions of lumen")
	uitest.RequireFits(t, d.Screen(), 80, 24)
	d.Press("enter")
	d.WaitForText("2 updated")
	d.Press("esc")
	d.WaitFor("the list to follow the edit", func() bool {
		rows := strings.Split(d.Screen(), "\n")
		return strings.Contains(rows[3], "snapshot") && strings.Contains(rows[4], "snapshot")
	})
	d.Send(common.Open(route.Undo, common.ProjectRef{Slug: "lumen"})())
	d.WaitForText("enter restores 2 versions") // once it knows whether they changed since
	d.Press("enter")
	d.WaitForText("2 undone")
	uitest.RequireTerminalSafe(t, d.Raw())
	d.Press("esc")
	d.WaitFor("the list to follow the undo", func() bool {
		r := strings.Split(d.Screen(), "\n")[3]
		return strings.Contains(r, "release")
	})
}
