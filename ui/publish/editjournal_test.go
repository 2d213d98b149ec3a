package publish

import (
	"context"
	"os"
	"strings"
	"testing"

	"rdash/api"
	"rdash/internal/bulk"
	"rdash/ui/internal/uitest"
)

// journalFiles lists the entries of the edit screen's journal.
func (e *env) journalFiles() []string {
	e.t.Helper()
	des, err := os.ReadDir(bulk.JournalDir(e.m.common.Config.Env.StateDir))
	if err != nil && !os.IsNotExist(err) {
		e.t.Fatal(err)
	}
	var out []string
	for _, de := range des {
		if strings.HasSuffix(de.Name(), ".json") {
			out = append(out, de.Name())
		}
	}
	return out
}

// TestRefusedEditLeavesNoJournalEntry moves a version to a channel the
// project does not have: the sandbox refuses the PATCH (400), nothing
// changed, so the journal keeps no entry an undo would find, as the
// command line does.
func TestRefusedEditLeavesNoJournalEntry(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	e := openEdit(t, c, "6.8.0", 100, 30)
	e.set(fChannel, "nosuch")
	e.previewed()
	e.d.Press("enter")
	e.results()
	if !contains(e.flat(), "not changed", `no channel "nosuch"`) {
		t.Fatalf("results:\n%s", e.d.Screen())
	}
	if files := e.journalFiles(); len(files) != 0 {
		t.Fatalf("a refused edit left journal entries %v", files)
	}
	j := bulk.Journal{Dir: bulk.JournalDir(e.m.common.Config.Env.StateDir)}
	if entry, err := j.LastUndoable("lumen"); err == nil {
		t.Fatalf("undo finds the refused edit: %+v", entry)
	}
	e.d.Press("e")
	if e.m.stage != stageForm || e.m.form.focus != fChannel || e.m.form.value(fChannel) != "nosuch" ||
		!strings.Contains(e.flat(), `✗ the server: no channel "nosuch" in project lumen`) {
		t.Fatalf("e did not go back to the channel, marked:\n%s", e.d.Screen())
	}
}

// held holds UpdateVersion until its context ends: the edit is cancelled
// before its request leaves.
type held struct {
	Client
	entered chan struct{}
}

func (h *held) UpdateVersion(ctx context.Context, p, id string, r *api.UpdateVersionRequest) (*api.Version, *api.Response, error) {
	close(h.entered)
	<-ctx.Done()
	return h.Client.UpdateVersion(ctx, p, id, r)
}

// TestEditNeverSentLeavesNoJournalEntry cancels an edit (esc) before its
// request leaves: nothing was sent, so nothing is journaled.
func TestEditNeverSentLeavesNoJournalEntry(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	v, _, err := c.CreateVersion(t.Context(), "lumen", &api.CreateVersionRequest{Channel: "release", Version: "6.8.1",
		Name: "Lumen 6.8.1", Files: []string{"a.jar"}, Uploads: []api.Upload{uploadOf("a.jar", "aaaa")}})
	if err != nil {
		t.Fatal(err)
	}
	h := &held{Client: c, entered: make(chan struct{})}
	e := openEditOn(t, h, *v, 100, 30)
	e.set(fName, "Lumen never sent")
	e.previewed()
	e.d.Press("enter")
	e.d.WaitFor("the request to begin", func() bool {
		select {
		case <-h.entered:
			return true
		default:
			return false
		}
	})
	e.d.Press("esc")
	e.results()
	if got := current(t, c, v.ID).Name; got != "Lumen 6.8.1" {
		t.Fatalf("the name changed to %q", got)
	}
	if files := e.journalFiles(); len(files) != 0 {
		t.Fatalf("an edit never sent left journal entries %v; screen:\n%s", files, e.d.Screen())
	}
}

// TestEditShowsLongValuesFromTheirStart fills the edit form with a
// dependency list longer than its field: the field shows the list's
// start, as the new-version form does, not its end.
func TestEditShowsLongValuesFromTheirStart(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	var deps []api.Dependency
	for _, n := range []string{"ProtocolLib", "PlaceholderAPI", "Vault", "LuckPerms", "WorldEdit", "WorldGuard"} {
		deps = append(deps, api.Dependency{Type: "optional", Name: n})
	}
	e := openEditOf(t, c, &api.CreateVersionRequest{Channel: "release", Version: "6.8.2", Name: "Lumen 6.8.2",
		Dependencies: deps, Files: []string{"a.jar"}, Uploads: []api.Upload{uploadOf("a.jar", "aaaa")}}, 80, 24)
	e.focus(fButton)
	line := lineOf(e.d.Screen(), "Dependencies")
	if !strings.Contains(line, "optional:name:ProtocolLib") || strings.Contains(line, "WorldGuard") {
		t.Fatalf("the dependencies do not show from their start: %q\n%s", line, e.d.Screen())
	}
	e.check()
}

// lineOf is the first line of screen that holds label.
func lineOf(screen, label string) string {
	for _, l := range strings.Split(screen, "\n") {
		if strings.Contains(l, label) {
			return l
		}
	}
	return ""
}

// current reads a version from the server.
func current(t *testing.T, c Client, id string) api.Version {
	t.Helper()
	v, _, err := c.GetVersion(t.Context(), "lumen", id)
	if err != nil {
		t.Fatal(err)
	}
	return *v
}
