package bulk

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"rdash/api"
)

func TestJournalLastUndoable(t *testing.T) {
	t.Parallel()
	j := Journal{Dir: filepath.Join(t.TempDir(), "journal")}
	if _, err := j.LastUndoable(); !errors.Is(err, ErrNothingToUndo) {
		t.Fatalf("empty journal: err = %v", err)
	}
	t0 := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	entries := []*Entry{
		{Time: t0, Kind: KindEdit, Project: "lumen", Before: sampleVersions()},
		{Time: t0.Add(time.Second), Kind: KindEdit, Project: "quartz-ui"},
		{Time: t0.Add(2 * time.Second), Kind: KindDelete, Project: "lumen"},
	}
	for _, e := range entries {
		if err := j.Write(e); err != nil {
			t.Fatal(err)
		}
	}
	got, err := j.LastUndoable("lumen")
	if err != nil || got.ID != entries[0].ID || len(got.Before) != 2 {
		t.Fatalf("LastUndoable(lumen) = %+v, %v", got, err)
	}
	if got, _ := j.LastUndoable(); got.ID != entries[1].ID {
		t.Fatalf("LastUndoable(any) = %s, want the newest edit (deletions are skipped)", got.ID)
	}
	entries[1].UndoneBy = "x"
	if err := j.Write(entries[1]); err != nil {
		t.Fatal(err)
	}
	if got, _ := j.LastUndoable(); got.ID != entries[0].ID {
		t.Fatalf("an undone entry was offered again: %s", got.ID)
	}
	fi, err := os.Stat(j.path(entries[0].ID))
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("journal file mode = %v, %v", fi.Mode(), err)
	}
}

func editOf(before []api.Version, e Edit) *Entry {
	entry := &Entry{Kind: KindEdit}
	for _, c := range Preview(before, e, []api.Channel{release, beta}) {
		entry.Before = append(entry.Before, c.Before)
		entry.After = append(entry.After, c.After)
	}
	return entry
}

func TestPlanUndoGroupsAndSkipsWhatIsBack(t *testing.T) {
	t.Parallel()
	vs := append(sampleVersions(), api.Version{ID: "v0000003", Version: "1.2.0", Name: "Three", Channel: release,
		MinecraftVersions: []string{"1.20.1", "1.20.4"}, Platforms: []string{"folia"}})
	e := editOf(vs, Edit{Channel: api.Ptr("beta"), GameVersions: ListEdit[string]{Mode: AddRemove, Add: []string{"1.21"}}})
	current := []api.Version{e.After[0], vs[1], e.After[2]} // the second was never changed
	u := PlanUndo(e, current)
	if len(u.Groups) != 1 || !slices.Equal(u.Groups[0].IDs, []string{"v0000001", "v0000003"}) {
		t.Fatalf("groups = %+v; want one group of the two changed versions with equal old values", u.Groups)
	}
	p := u.Groups[0].Patch
	if *p.Channel != release.ID || !slices.Equal(p.MinecraftVersions, []string{"1.20.1", "1.20.4"}) ||
		p.Platforms != nil || p.Name != nil || p.AddMinecraftVersions != nil {
		t.Fatalf("undo patch = %+v; want channel and game versions restored exactly, nothing else", p)
	}
	if len(u.Changes) != 2 || len(u.Kept) != 0 || u.Changes[0].After.Channel != release {
		t.Fatalf("changes = %+v, kept = %+v", u.Changes, u.Kept)
	}
}

func TestPlanUndoKeepsLaterChanges(t *testing.T) {
	t.Parallel()
	v := sampleVersions()[0]
	e := editOf([]api.Version{v}, Edit{Name: api.Ptr("Renamed"),
		GameVersions: ListEdit[string]{Mode: AddRemove, Add: []string{"1.99"}, Remove: []string{"1.20.1"}}})
	now := e.After[0]
	now.Name = "Renamed again by a colleague"
	now.MinecraftVersions = append(slices.Clone(now.MinecraftVersions), "1.98")
	u := PlanUndo(e, []api.Version{now})
	if len(u.Changes) != 1 {
		t.Fatalf("changes = %+v", u.Changes)
	}
	got := u.Changes[0].After
	if got.Name != now.Name || !slices.Equal(got.MinecraftVersions, []string{"1.20.4", "1.98", "1.20.1"}) {
		t.Fatalf("restored = %q %v; want the later name kept, 1.99 removed, 1.98 kept, 1.20.1 back", got.Name, got.MinecraftVersions)
	}
	p := u.Groups[0].Patch
	if p.Name != nil || p.MinecraftVersions != nil || !slices.Equal(p.RemoveMinecraftVersions, []string{"1.99"}) ||
		!slices.Equal(p.AddMinecraftVersions, []string{"1.20.1"}) {
		t.Fatalf("patch = %+v; want the inverse of the edit, no replace", p)
	}
	if len(u.Kept) != 1 || u.Kept[0].Field != "name" {
		t.Fatalf("kept = %+v; want the name, changed since", u.Kept)
	}
}

func TestPlanUndoRestoresEmptyList(t *testing.T) {
	t.Parallel()
	v := api.Version{ID: "v0000009", Channel: release}
	e := editOf([]api.Version{v}, Edit{Platforms: ListEdit[string]{Mode: AddRemove, Add: []string{"paper"}}})
	u := PlanUndo(e, e.After)
	if got := u.Groups[0].Patch.Platforms; got == nil || len(got) != 0 {
		t.Fatalf("platforms = %#v, want an empty list sent as []", got)
	}
}

func TestLastUndoableAfterUndos(t *testing.T) {
	t.Parallel()
	j := Journal{Dir: t.TempDir()}
	t0 := time.Date(2026, 1, 15, 12, 0, 0, 0, time.UTC)
	write := func(e *Entry) *Entry {
		t.Helper()
		if err := j.Write(e); err != nil {
			t.Fatal(err)
		}
		return e
	}
	updated := []Outcome{{ID: "a", Status: StatusUpdated}}
	write(&Entry{Time: t0, Kind: KindEdit, Outcomes: []Outcome{{ID: "a", Status: StatusNotApplied}}})
	edit := write(&Entry{Time: t0.Add(time.Second), Kind: KindEdit, Outcomes: updated})
	partial := write(&Entry{Time: t0.Add(2 * time.Second), Kind: KindEdit, Undoes: edit.ID,
		Outcomes: []Outcome{{ID: "a", Status: StatusUpdated}, {ID: "b", Status: StatusNotApplied}}})
	if got, _ := j.LastUndoable(); got.ID != edit.ID {
		t.Fatalf("after a partial undo: %s, want the edit it was undoing", got.ID)
	}
	done := write(&Entry{Time: t0.Add(3 * time.Second), Kind: KindEdit, Undoes: edit.ID, Outcomes: updated})
	edit.UndoneBy = done.ID
	write(edit)
	if got, err := j.LastUndoable(); err == nil {
		t.Fatalf("got %s; a finished undo (no redo unless asked), the partial undo %s and the failed edit must not be offered", got.ID, partial.ID)
	}
	// Undo after undo walks back to the edit before.
	older := write(&Entry{Time: t0.Add(-time.Second), Kind: KindEdit, Outcomes: updated})
	if got, err := j.LastUndoable(); err != nil || got.ID != older.ID {
		t.Fatalf("got %v (%v), want the older edit %s", got, err, older.ID)
	}
}

func TestJournalKeepsEntriesMadeAtOneInstant(t *testing.T) {
	t.Parallel()
	j := Journal{Dir: t.TempDir()}
	at := time.Date(2026, 1, 15, 12, 0, 0, 0, time.UTC)
	a, b := &Entry{Time: at, Kind: KindEdit}, &Entry{Time: at, Kind: KindEdit, Undoes: "x"}
	for _, e := range []*Entry{a, b} {
		if err := j.Write(e); err != nil {
			t.Fatal(err)
		}
	}
	if a.ID == b.ID {
		t.Fatalf("two entries at one instant share ID %s", a.ID)
	}
	if got, err := j.Read(a.ID); err != nil || got.Undoes != "" {
		t.Fatalf("the first entry was overwritten: %+v, %v", got, err)
	}
}

func TestJournalIsPruned(t *testing.T) {
	t.Parallel()
	j := Journal{Dir: t.TempDir()}
	t0 := time.Date(2026, 1, 15, 12, 0, 0, 0, time.UTC)
	var first *Entry
	for i := range KeepEntries + 10 {
		e := &Entry{Time: t0.Add(time.Duration(i) * time.Minute), Kind: KindEdit, Project: "lumen"}
		if err := j.Write(e); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			first = e
		}
		if i == 1 {
			// An undo of the first, which pruning will leave dangling.
			if err := j.Write(&Entry{Time: e.Time.Add(time.Second), Kind: KindEdit, Project: "lumen", Undoes: first.ID,
				Outcomes: []Outcome{{ID: "a", Status: StatusUpdated}, {ID: "b", Status: StatusNotApplied}}}); err != nil {
				t.Fatal(err)
			}
		}
	}
	ids, err := j.list()
	if err != nil || len(ids) != KeepEntries {
		t.Fatalf("%d entries kept (%v), want %d", len(ids), err, KeepEntries)
	}
	if _, err := j.Read(first.ID); err == nil {
		t.Fatal("the oldest entry was kept")
	}
	// A month later, one new entry is all that is left.
	late := &Entry{Time: t0.Add(KeepFor + 2*time.Hour), Kind: KindEdit, Project: "lumen"}
	if err := j.Write(late); err != nil {
		t.Fatal(err)
	}
	if ids, _ := j.list(); len(ids) != 1 || ids[0] != late.ID {
		t.Fatalf("entries after a month: %v", ids)
	}
}

func TestUndoOfAPrunedEditIsSkipped(t *testing.T) {
	t.Parallel()
	j := Journal{Dir: t.TempDir()}
	t0 := time.Date(2026, 1, 15, 12, 0, 0, 0, time.UTC)
	older := &Entry{Time: t0, Kind: KindEdit, Project: "lumen", Outcomes: []Outcome{{ID: "a", Status: StatusUpdated}}}
	partial := &Entry{Time: t0.Add(time.Minute), Kind: KindEdit, Project: "lumen", Undoes: "20250101T000000.000000000Z-edit-0000",
		Outcomes: []Outcome{{ID: "a", Status: StatusUpdated}, {ID: "b", Status: StatusNotApplied}}}
	for _, e := range []*Entry{older, partial} {
		if err := j.Write(e); err != nil {
			t.Fatal(err)
		}
	}
	if got, err := j.LastUndoable(); err != nil || got.ID != older.ID {
		t.Fatalf("got %v, %v; want the older edit past the undo of a pruned one", got, err)
	}
}

// TestJournalListsFinishedEntriesOnly: an entry being written is a
// temporary file beside the finished ones (".ID.json.NNN"); listing the
// journal, and anything that reads the directory through EntryID, skips
// it and any other file that is not an entry, so a half-written file is
// never read as one.
func TestJournalListsFinishedEntriesOnly(t *testing.T) {
	t.Parallel()
	j := Journal{Dir: t.TempDir()}
	e := &Entry{Time: time.Date(2026, 1, 15, 12, 0, 0, 0, time.UTC), Kind: KindEdit}
	if err := j.Write(e); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"." + e.ID + ".json.123456", "notes.txt", "a b.json", ".hidden.json"} {
		if err := os.WriteFile(filepath.Join(j.Dir, name), []byte(`{"id": "half`), 0o600); err != nil {
			t.Fatal(err)
		}
		if _, ok := EntryID(name); ok {
			t.Errorf("EntryID(%q) takes it for an entry", name)
		}
	}
	if id, ok := EntryID(e.ID + ".json"); !ok || id != e.ID {
		t.Errorf("EntryID(%q) = %q, %v", e.ID+".json", id, ok)
	}
	ids, err := j.list()
	if err != nil || !slices.Equal(ids, []string{e.ID}) {
		t.Fatalf("list = %q, %v", ids, err)
	}
}
