package bulkedit

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"rdash/api"
	"rdash/api/sandbox"
	"rdash/internal/bulk"
	"rdash/ui/applyflow"
	"rdash/ui/common"
	"rdash/ui/internal/uitest"
)

// fillEdit sets every field of the form by keys: channel beta, a new name,
// a changelog, game versions added and removed, a platform added, and an
// external dependency added.
func fillEdit(e *env) {
	e.t.Helper()
	e.choose(target{field: fieldChannel}, "beta")
	e.choose(target{field: fieldName}, "set to")
	e.typeInto(target{field: fieldName, part: partText}, "Lumen, renamed")
	e.choose(target{field: fieldChangelog}, "set to")
	e.focus(target{field: fieldChangelog, part: partText})
	e.d.Press("enter")
	e.d.Type("# Renamed\n\nNothing else changed.")
	e.d.Press("esc")
	e.choose(gameMode, "add and remove")
	e.typeInto(target{field: fieldGame, part: partAdd}, "1.21.5")
	e.typeInto(target{field: fieldGame, part: partRemove}, "1.21.4")
	e.choose(platMode, "add and remove")
	e.focus(box("purpur"))
	e.d.Press("space")
	e.choose(depsMode, "add and remove")
	e.choose(dep(listAdd, 0, partDepKind), "external")
	e.typeInto(dep(listAdd, 0, partDepTarget), "LuckPerms")
	e.typeInto(dep(listAdd, 0, partDepURL), "https://luckperms.net")
}

// sameMetadata fails unless got has want's editable fields, lists in the
// same order.
func sameMetadata(t *testing.T, got, want api.Version) {
	t.Helper()
	if d := bulk.Diff(want, got); len(d) > 0 || got.Channel.ID != want.Channel.ID ||
		!slices.Equal(got.MinecraftVersions, want.MinecraftVersions) || !slices.Equal(got.Platforms, want.Platforms) ||
		!slices.Equal(got.Dependencies, want.Dependencies) {
		t.Fatalf("version %s (%s) differs:\n got %+v\nwant %+v", got.ID, got.Version, got, want)
	}
}

// TestApplyThenUndo edits three versions, checks every one on the server,
// then undoes the edit from the results and checks the exact old values
// are back. Versions not chosen are never touched.
func TestApplyThenUndo(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	all := versionsOf(t, c, "lumen", -1)
	chosen := byVersion(t, c, "lumen", "2.3.1", "2.3.0", "1.3.1")
	e := openEdit(t, c, "lumen", chosen, 80, 24)
	fillEdit(e)
	e.check()
	e.preview()
	e.check()
	if !strings.Contains(e.d.Screen(), "Preview: 3 versions of lumen") {
		t.Fatalf("preview:\n%s", e.d.Screen())
	}
	want := map[string]api.Version{}
	for _, ch := range e.plan().changes {
		want[ch.Before.ID] = ch.After
	}
	e.d.Press("enter") // three versions, none hidden: the preview was the question
	e.results()
	e.check()
	if !strings.Contains(e.d.Screen(), "3 updated") || !strings.Contains(e.d.Screen(), "u undoes this edit") {
		t.Fatalf("results:\n%s", e.d.Screen())
	}
	for _, v := range chosen {
		got := current(t, c, "lumen", v.ID)
		sameMetadata(t, got, want[v.ID])
		if got.Name != "Lumen, renamed" || got.Channel.Slug != "beta" || !slices.Contains(got.Platforms, "purpur") ||
			slices.Contains(got.MinecraftVersions, "1.21.4") || !slices.Contains(got.MinecraftVersions, "1.21.5") {
			t.Fatalf("%s on the server: %+v", v.Version, got)
		}
	}
	for _, v := range all {
		if !slices.ContainsFunc(chosen, func(c api.Version) bool { return c.ID == v.ID }) {
			sameMetadata(t, current(t, c, "lumen", v.ID), v)
		}
	}
	e.d.WaitFor("the list to be told", func() bool { return len(e.changedMsgs()) > 0 })
	msgs := e.changedMsgs()
	if last := msgs[len(msgs)-1]; last.Project != "lumen" || len(last.Updated) != 3 || last.Updated[0].Name != "Lumen, renamed" {
		t.Fatalf("VersionsChangedMsg = %+v", last)
	}

	e.d.Press("u")
	e.settle() // the undo reads the versions' current values first
	if !e.at(applyflow.StagePreview) || !strings.Contains(e.d.Screen(), "Undo: restore 3 versions of lumen") {
		t.Fatalf("u did not preview the undo:\n%s", e.d.Screen())
	}
	e.check()
	e.d.Press("enter")
	e.results()
	e.check()
	if !strings.Contains(e.d.Screen(), "3 undone") || strings.Contains(e.d.Screen(), "u undoes") {
		t.Fatalf("undo results:\n%s", e.d.Screen())
	}
	for _, v := range chosen {
		sameMetadata(t, current(t, c, "lumen", v.ID), v)
	}
	if n := len(e.journalFiles()); n != 2 {
		t.Fatalf("journal has %d entries, want the edit and its undo", n)
	}
}

// TestUndoScreenRestoresTheLastEdit undoes, from the undo route, an edit
// made on the edit screen, keeping what someone changed since; then the
// undo itself is not offered (bulk.Journal.LastUndoable walks back past it).
func TestUndoScreenRestoresTheLastEdit(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	chosen := versionsOf(t, c, "lumen", 2)
	e := openEdit(t, c, "lumen", chosen, 80, 24)
	e.choose(target{field: fieldName}, "set to")
	e.typeInto(target{field: fieldName, part: partText}, "Renamed")
	e.preview()
	e.d.Press("enter")
	e.results()

	// Someone else changes one of them before the undo.
	if _, err := c.UpdateVersions(t.Context(), "lumen", []string{chosen[1].ID}, &api.BulkPatch{Name: api.Ptr("Meanwhile")}); err != nil {
		t.Fatal(err)
	}
	u := openIn(t, e.state, e.client, UndoFactory, common.ProjectRef{Slug: "lumen", ID: "prjLumen"}, 120, 40)
	u.settle()
	screen := u.d.Screen()
	if !strings.Contains(screen, "Undo: restore 1 version of lumen") || !strings.Contains(screen, "name") ||
		!strings.Contains(screen, "Renamed → "+chosen[0].Name) ||
		!strings.Contains(screen, "1 of them changed since that edit; those changes stay") ||
		!strings.Contains(screen, "Left as is: "+chosen[1].Version+" name, changed since the edit.") {
		t.Fatalf("undo preview:\n%s", screen)
	}
	u.check()
	if u.m.Capturing() {
		t.Fatal("the undo preview keeps esc from closing it")
	}
	u.d.Press("enter")
	u.results()
	if !strings.Contains(u.d.Screen(), "1 undone") {
		t.Fatalf("undo results:\n%s", u.d.Screen())
	}
	sameMetadata(t, current(t, c, "lumen", chosen[0].ID), chosen[0])
	if got := current(t, c, "lumen", chosen[1].ID).Name; got != "Meanwhile" {
		t.Fatalf("the undo threw away a change made since: name %q, want %q", got, "Meanwhile")
	}

	again := openIn(t, e.state, e.client, UndoFactory, common.ProjectRef{Slug: "lumen"}, 80, 24)
	again.settle()
	if !strings.Contains(again.d.Screen(), "Nothing to undo for lumen") {
		t.Fatalf("the undo itself is offered to undo:\n%s", again.d.Screen())
	}
	empty := open(t, e.client, UndoFactory, common.ProjectRef{Slug: "lumen"}, 80, 24)
	empty.settle()
	if !strings.Contains(empty.d.Screen(), "Nothing to undo for lumen") {
		t.Fatalf("empty journal:\n%s", empty.d.Screen())
	}
	empty.check()
}

// TestManyVersionsNeedAConfirmation: past five versions (or with some
// hidden by the filter) enter asks, with the focus on Cancel.
func TestManyVersionsNeedAConfirmation(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		n      int
		hidden int
	}{{"eight versions", 8, 0}, {"two, one hidden", 2, 1}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c, _ := uitest.Sandbox(t, "alice")
			e := open(t, c, Factory, selection("lumen", versionsOf(t, c, "lumen", tt.n), tt.hidden), 80, 24)
			e.settle()
			if tt.hidden > 0 && !strings.Contains(e.d.Screen(), "1 hidden by the list's filter") {
				t.Fatalf("form does not say what is hidden:\n%s", e.d.Screen())
			}
			e.choose(target{field: fieldName}, "set to")
			e.typeInto(target{field: fieldName, part: partText}, "Confirmed")
			e.preview()
			if tt.hidden > 0 && !strings.Contains(e.d.Screen(), "1 of the 2 chosen is hidden by the list's filter and is included.") {
				t.Fatalf("preview does not say what is hidden:\n%s", e.d.Screen())
			}
			e.d.Press("enter")
			q := fmt.Sprintf("Apply this edit to %d versions of lumen?", tt.n)
			if !e.m.flow.Asking() || !strings.Contains(e.d.Screen(), q) || e.m.flow.Sure() {
				t.Fatalf("no question, or not on Cancel:\n%s", e.d.Screen())
			}
			e.check()
			e.d.Press("enter") // on Cancel
			if e.m.flow.Asking() || !e.at(applyflow.StagePreview) {
				t.Fatal("enter on Cancel did not cancel")
			}
			e.d.Press("enter", "n")
			e.d.Press("enter", "right", "enter")
			e.results()
			if patches, ids := e.client.sent(); len(patches) != 1 || len(ids) != tt.n {
				t.Fatalf("sent %d patches to %d versions", len(patches), len(ids))
			}
		})
	}
}

// TestFaultsGiveACorrectReport edits 250 versions while 30% of requests
// fail: every version reported updated has the new name on the server,
// every one reported not applied has the old one, and retrying the failed
// ones (and only them) ends with all renamed.
func TestFaultsGiveACorrectReport(t *testing.T) {
	t.Parallel()
	c := sandboxAs(t, "bob", sandbox.Options{FaultRate: 0.3, FaultSeed: 5})
	chosen := versionsOf(t, c, "emberforge-core", 250)
	e := openEdit(t, c, "emberforge-core", chosen, 120, 40)
	e.choose(target{field: fieldName}, "set to")
	e.typeInto(target{field: fieldName, part: partText}, "Renamed under faults")
	e.preview()
	e.d.Press("enter", "y")
	e.results()
	e.check()
	old := map[string]api.Version{}
	for _, v := range chosen {
		old[v.ID] = v
	}
	server := map[string]api.Version{}
	for _, v := range versionsOf(t, c, "emberforge-core", 250) {
		server[v.ID] = v
	}
	counts := map[bulk.Status]int{}
	for _, o := range e.m.flow.Outcomes() {
		id := o.ID
		counts[bulk.Status(o.Status)]++
		switch got := server[id].Name; bulk.Status(o.Status) {
		case bulk.StatusUpdated:
			if got != "Renamed under faults" {
				t.Fatalf("%s reported updated, has %q", id, got)
			}
		case bulk.StatusNotApplied:
			if got != old[id].Name || o.Error == "" {
				t.Fatalf("%s reported not applied, has %q (reason %q)", id, got, o.Error)
			}
		}
	}
	if len(e.m.flow.Outcomes()) != 250 || counts[bulk.StatusUpdated] == 250 {
		t.Fatalf("outcomes %v: the seed must make some fail", counts)
	}
	want := fmt.Sprintf("%d updated · %d not applied", counts[bulk.StatusUpdated], counts[bulk.StatusNotApplied])
	if n := counts[bulk.StatusUnknown]; n > 0 {
		want += fmt.Sprintf(" · %d unknown", n)
	}
	if !strings.Contains(e.d.Screen(), want) {
		t.Fatalf("summary %q not on screen:\n%s", want, e.d.Screen())
	}
	if !strings.Contains(e.d.Screen(), "✗ not applied") || !strings.Contains(e.flat(), "may go through again") {
		t.Fatalf("failed versions not marked:\n%s", e.d.Screen())
	}
	_, before := e.client.sent()
	for try := 0; len(e.m.flow.Retryable()) > 0; try++ {
		if try == 8 {
			t.Fatalf("still failing after %d retries: %d failed", try, len(e.m.flow.Retryable()))
		}
		failed := e.m.flow.Retryable()
		_, sentBefore := e.client.sent()
		e.d.Press("r")
		e.results()
		_, sent := e.client.sent()
		for _, id := range sent[len(sentBefore):] {
			if !failed[id] {
				t.Fatalf("retry sent %s, which had not failed", id)
			}
		}
	}
	if !strings.Contains(e.d.Screen(), "250 updated") {
		t.Fatalf("after retries:\n%s", e.d.Screen())
	}
	for _, v := range versionsOf(t, c, "emberforge-core", 250) {
		if v.Name != "Renamed under faults" {
			t.Fatalf("%s not renamed after retries", v.ID)
		}
	}
	t.Logf("first run: %v for %d IDs sent", counts, len(before))
}

// TestRunningRefusesToLeave holds the requests: the progress shows, esc
// is refused with a note, and the results come when the requests end.
func TestRunningRefusesToLeave(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	rc := &recording{Client: c, gate: make(chan struct{})}
	e := openEdit(t, rc, "lumen", versionsOf(t, c, "lumen", 2), 80, 24)
	e.choose(target{field: fieldChannel}, "snapshot")
	e.preview()
	e.d.Press("enter")
	if !e.at(applyflow.StageRunning) || !strings.Contains(e.d.Screen(), "Applying the edit: 2 versions of lumen") ||
		!strings.Contains(e.d.Screen(), "0 of 2 sent") {
		t.Fatalf("running:\n%s", e.d.Screen())
	}
	if !e.m.Capturing() || e.m.Busy() == "" {
		t.Fatal("a run must keep esc and say it is busy")
	}
	e.d.Press("esc") // stops sending, but the screen stays until the run ends
	if !e.at(applyflow.StageRunning) || !strings.Contains(e.d.Screen(), "Stopping: the parts under way end") {
		t.Fatalf("esc while running:\n%s", e.d.Screen())
	}
	e.check()
	close(rc.gate) // the gate held the part before the client: it was not yet sent
	e.results()
	if !strings.Contains(e.d.Screen(), "2 not sent") || !strings.Contains(e.d.Screen(), "nothing kept") {
		t.Fatalf("results:\n%s", e.d.Screen())
	}
}

// TestHostileTextIsSafe previews a changelog change on versions whose
// changelogs carry escape sequences.
func TestHostileTextIsSafe(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	chosen := byVersion(t, c, "lumen", "1.3.1", "2.0.0-beta.2")
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		e := openEdit(t, c, "lumen", chosen, size[0], size[1])
		e.choose(target{field: fieldChangelog}, "set to")
		e.preview()
		e.check()
		if !strings.Contains(e.d.Screen(), "changelog") {
			t.Fatalf("preview:\n%s", e.d.Screen())
		}
	}
	d := open(t, c, DeleteFactory, selection("lumen", chosen, 0), 80, 24)
	d.settle()
	d.check()
}

// TestPreviewLeavesOutVersionsAlreadyAsAsked: a version that already has
// the values is listed as left out and not sent.
func TestPreviewLeavesOutVersionsAlreadyAsAsked(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	chosen := byVersion(t, c, "lumen", "2.4.0", "2.4.0-beta.1")
	e := openEdit(t, c, "lumen", chosen, 80, 24)
	e.choose(target{field: fieldChannel}, "beta")
	e.preview()
	if e.plan().size() != 1 || !strings.Contains(e.d.Screen(), "Preview: 1 version of lumen") ||
		!strings.Contains(e.d.Screen(), "1 already has these values and is left out.") ||
		!strings.Contains(e.d.Screen(), "Left out, already as asked: 2.4.0-beta.1") {
		t.Fatalf("preview:\n%s", e.d.Screen())
	}
	e.d.Press("enter")
	e.results()
	if _, ids := e.client.sent(); !slices.Equal(ids, []string{chosen[0].ID}) {
		t.Fatalf("sent to %v, want only %s", ids, chosen[0].ID)
	}
}

// TestPreviewRefusesWhatTheServiceWould shows a change the service would
// refuse (a dependency target listed twice) and sends nothing on enter.
func TestPreviewRefusesWhatTheServiceWould(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	var chosen []api.Version
	var dep api.Dependency
	for _, v := range versionsOf(t, c, "lumen", 25) {
		for _, d := range v.Dependencies {
			if d.ProjectID != "" && len(chosen) == 0 {
				chosen, dep = []api.Version{v}, d
			}
		}
	}
	if len(chosen) == 0 {
		t.Fatal("no lumen version has a project dependency")
	}
	e := openEdit(t, c, "lumen", chosen, 120, 40)
	retyped := dep
	retyped.Type = map[bool]string{true: "optional", false: "required"}[dep.Type == "required"]
	edit := bulk.Edit{Dependencies: bulk.ListEdit[api.Dependency]{Mode: bulk.AddRemove, Add: []api.Dependency{retyped}}}
	patch, err := edit.Patch()
	if err != nil {
		t.Fatal(err)
	}
	p := editPlan(chosen, edit, patch, nil)
	e.m.stage = stageApply
	e.d.Send(e.m.flow.Start(e.m.newTask(chosen, func(context.Context, []api.Version) (*plan, error) { return p, nil }))())
	e.d.Press("enter")
	e.settle()
	if screen := e.d.Screen(); !strings.Contains(screen, "✗ dependencies:") || !strings.Contains(screen, "nothing can be sent") {
		t.Fatalf("preview does not say the service would refuse:\n%s", screen)
	}
	if _, ids := e.client.sent(); len(ids) != 0 {
		t.Fatalf("sent %v although the service would refuse it", ids)
	}
}
