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
	if _, err := j.LastUndoable(""); !errors.Is(err, ErrNothingToUndo) {
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
	if got, _ := j.LastUndoable(""); got.ID != entries[1].ID {
		t.Fatalf("LastUndoable(any) = %s, want the newest edit (deletions are skipped)", got.ID)
	}
	entries[1].UndoneBy = "x"
	if err := j.Write(entries[1]); err != nil {
		t.Fatal(err)
	}
	if got, _ := j.LastUndoable(""); got.ID != entries[0].ID {
		t.Fatalf("an undone entry was offered again: %s", got.ID)
	}
	fi, err := os.Stat(j.path(entries[0].ID))
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("journal file mode = %v, %v", fi.Mode(), err)
	}
}

func TestUndoGroupsByIdenticalOldValues(t *testing.T) {
	t.Parallel()
	vs := append(sampleVersions(), api.Version{ID: "v0000003", Version: "1.2.0", Name: "Three", Channel: release,
		MinecraftVersions: []string{"1.20.1", "1.20.4"}, Platforms: []string{"folia"}})
	e := &Entry{Kind: KindEdit, Before: vs, Patch: &api.BulkPatch{Channel: api.Ptr("beta"),
		AddMinecraftVersions: []string{"1.21"}},
		Outcomes: []Outcome{{ID: "v0000002", Status: StatusNotApplied}}}
	groups := UndoGroups(e)
	if len(groups) != 1 || !slices.Equal(groups[0].IDs, []string{"v0000001", "v0000003"}) {
		t.Fatalf("groups = %+v; want one group of the two applied versions with equal old values", groups)
	}
	p := groups[0].Patch
	if *p.Channel != release.ID || !slices.Equal(p.MinecraftVersions, []string{"1.20.1", "1.20.4"}) ||
		p.Platforms != nil || p.Name != nil || p.AddMinecraftVersions != nil {
		t.Fatalf("undo patch = %+v; want channel and game versions restored, nothing else", p)
	}
}

func TestUndoRestoresEmptyList(t *testing.T) {
	t.Parallel()
	v := api.Version{ID: "v0000009", Channel: release}
	groups := UndoGroups(&Entry{Kind: KindEdit, Before: []api.Version{v},
		Patch: &api.BulkPatch{AddPlatforms: []string{"paper"}}})
	if got := groups[0].Patch.Platforms; got == nil || len(got) != 0 {
		t.Fatalf("platforms = %#v, want an empty list sent as []", got)
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
