package bulkedit

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"rdash/api"
	"rdash/api/sandbox"
	"rdash/internal/bulk"
	"rdash/ui/applyflow"
	"rdash/ui/common"
	"rdash/ui/internal/uitest"
	"rdash/ui/route"
)

// TestDeleteNeedsTheTypedCount: the screen says plainly that deleting
// cannot be undone; only the count typed deletes, and the journal keeps
// the versions' metadata and changelogs.
func TestDeleteNeedsTheTypedCount(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	chosen := byVersion(t, c, "lumen", "2.3.1", "1.3.1")
	e := open(t, c, DeleteFactory, selection("lumen", chosen, 1), 80, 24)
	e.settle()
	e.check()
	for _, want := range []string{"Delete 2 versions of lumen", "Deleting cannot be undone: the service cannot restore a deleted version.",
		"The journal keeps their metadata and changelogs for the record.", "1 of the 2 chosen is hidden by the list's filter",
		"2.3.1", "1.3.1", "Type 2 to delete 2 versions:"} {
		if !strings.Contains(e.d.Screen(), want) {
			t.Fatalf("no %q:\n%s", want, e.d.Screen())
		}
	}
	if !e.m.Capturing() {
		t.Fatal("the typed count must keep q and esc")
	}
	e.d.Type("q1x")
	if got := e.m.flow.Typed(); got != "1" {
		t.Fatalf("count field = %q; only digits belong there", got)
	}
	e.d.Press("enter")
	if !e.at(applyflow.StagePreview) || !strings.Contains(e.d.Screen(), "Type 2 to delete 2 versions, or press esc to cancel.") {
		t.Fatalf("a wrong count went on:\n%s", e.d.Screen())
	}
	if len(e.client.deleted) > 0 || len(e.journalFiles()) > 0 {
		t.Fatal("something was sent on a wrong count")
	}
	e.d.Press("backspace")
	e.d.Type("2")
	e.d.Press("enter")
	e.results()
	e.check()
	if !strings.Contains(e.d.Screen(), "2 deleted") || strings.Contains(e.d.Screen(), "u undoes") {
		t.Fatalf("results:\n%s", e.d.Screen())
	}
	for _, v := range chosen {
		if _, _, err := c.GetVersion(t.Context(), "lumen", v.ID); !errors.Is(err, api.ErrNotFound) {
			t.Fatalf("%s still there: %v", v.Version, err)
		}
	}
	if n := len(versionsOf(t, c, "lumen", -1)); n != 23 {
		t.Fatalf("%d versions left, want 23", n)
	}
	files := e.journalFiles()
	if len(files) != 1 {
		t.Fatalf("journal = %v", files)
	}
	entry, err := bulk.Journal{Dir: bulk.JournalDir(e.state)}.Read(strings.TrimSuffix(files[0], ".json"))
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range entry.Before {
		if v.ID != chosen[i].ID || v.Changelog != chosen[i].Changelog || v.Changelog == "" {
			t.Fatalf("journal lost %s's metadata: %+v", chosen[i].Version, v)
		}
	}
	e.d.WaitFor("the list to be told", func() bool { return len(e.changedMsgs()) > 0 })
	if got := e.changedMsgs()[0].Deleted; !slices.Equal(got, versionIDs(chosen)) {
		t.Fatalf("deleted sent to the list = %v", got)
	}
	if e.m.Capturing() {
		t.Fatal("the results keep esc from closing the screen")
	}
}

// TestDeleteRefusedSaysWhatToChange: bob may not delete lumen's
// versions; each is reported not applied with the server's reason and
// what to change, and no retry is offered: it would be refused again.
func TestDeleteRefusedSaysWhatToChange(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "bob")
	e := open(t, c, DeleteFactory, selection("lumen", versionsOf(t, c, "lumen", 2), 0), 80, 24)
	e.settle()
	e.d.Type("2")
	e.d.Press("enter")
	e.results()
	for _, want := range []string{"2 not applied", "403 bob may not change versions of lumen",
		"→ only alice, the project's owner, may change it", "the 2 refused are not retried"} {
		if !strings.Contains(e.flat(), want) {
			t.Fatalf("no %q in the results:\n%s", want, e.d.Screen())
		}
	}
	if strings.Contains(e.flat(), "r sends") || len(e.m.flow.Retryable()) != 0 {
		t.Fatalf("a retry that would be refused again is offered:\n%s", e.d.Screen())
	}
	e.d.Press("r")
	if len(e.client.deleted) != 1 || !e.at(applyflow.StageResults) {
		t.Fatalf("r sent the refused deletion again: %v", e.client.deleted)
	}
	e.check()
}

// failing is uitest.Failing with the parts of a client whose part size
// is one.
type failing struct{ uitest.Failing }

func (failing) BulkParts(_ string, ids []string) [][]string {
	parts := make([][]string, len(ids))
	for i, id := range ids {
		parts[i] = []string{id}
	}
	return parts
}

// TestLoadFailureSendsNothing: when the current values cannot be read,
// the preview says why and r reads again; nothing is sent meanwhile.
func TestLoadFailureSendsNothing(t *testing.T) {
	t.Parallel()
	vs := []api.Version{{ID: "AAAAAAAA", Version: "1.0.0"}}
	e := open(t, failing{uitest.Failing{Err: &api.Error{StatusCode: 503}}}, DeleteFactory, selection("lumen", vs, 0), 80, 24)
	e.settle()
	if !strings.Contains(e.d.Screen(), "The server failed (503)") || !strings.Contains(e.d.Screen(), "Nothing was sent. r tries again") {
		t.Fatalf("preview:\n%s", e.d.Screen())
	}
	e.d.Type("1")
	e.d.Press("enter")
	if !e.at(applyflow.StagePreview) || len(e.client.deleted) > 0 {
		t.Fatal("deleted without current values")
	}
	e.d.Press("r")
	if !e.m.flow.Planning() {
		t.Fatal("r did not read again")
	}
	e.check()
}

// TestFactoriesRefuseNothing: a selection of no versions, or no project
// to undo, opens no screen.
func TestFactoriesRefuseNothing(t *testing.T) {
	t.Parallel()
	cm := uitest.Common(t)
	if _, err := Factory(nil)(cm, route.SelectionArgs{}); err == nil {
		t.Error("edit accepted an empty selection")
	}
	if _, err := DeleteFactory(nil)(cm, route.SelectionArgs{}); err == nil {
		t.Error("delete accepted an empty selection")
	}
	if _, err := UndoFactory(nil)(cm, common.ProjectRef{}); err == nil {
		t.Error("undo accepted no project")
	}
}

// TestOneVersionReadsAsOne: a deletion of one version hidden by the
// filter says so in the singular throughout (issue 13: "1 versions").
func TestOneVersionReadsAsOne(t *testing.T) {
	t.Parallel()
	c := sandboxAs(t, "alice", sandbox.Options{})
	e := open(t, c, DeleteFactory, selection("lumen", versionsOf(t, c, "lumen", 1), 1), 80, 24)
	e.settle()
	screen := e.flat()
	for _, want := range []string{"Delete 1 version of lumen", "The journal keeps its metadata and changelog for",
		"The version chosen is hidden by the list's filter", "Type 1 to delete 1 version:"} {
		if !strings.Contains(screen, want) {
			t.Errorf("no %q:\n%s", want, e.d.Screen())
		}
	}
	if strings.Contains(screen, "1 versions") || strings.Contains(screen, "1 of the 1") {
		t.Errorf("plural for one:\n%s", e.d.Screen())
	}
}
