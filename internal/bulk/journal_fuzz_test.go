package bulk

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"rdash/api"
)

// FuzzJournalEntry decodes any bytes as a journal entry, the way undo
// reads the journal (a file a user, a crash or a disk may have damaged):
// decoding and planning an undo never panic, an entry that decodes
// survives an encode and a decode unchanged, and no entry makes the
// journal read a file outside its directory.
//
// The seed corpus is testdata/fuzz/FuzzJournalEntry; go test runs it as
// ordinary tests. To search for more:
//
//	go test -run='^$' -fuzz='^FuzzJournalEntry$' -fuzztime=10s ./internal/bulk/
func FuzzJournalEntry(f *testing.F) {
	t0 := time.Date(2026, 1, 15, 12, 0, 0, 0, time.UTC)
	for _, e := range []*Entry{
		editOf(sampleVersions(), Edit{Channel: api.Ptr("beta"), Name: api.Ptr("x")}),
		{ID: "20260115T120000.000000000Z-edit-0002", Time: t0, Kind: KindEdit, Project: "lumen", Undoes: "20260115T120000.000000000Z-edit-0001",
			Before: sampleVersions()[:1], After: sampleVersions()[:1], Outcomes: []Outcome{{ID: "v0000001", Status: StatusNotApplied, Retry: true}}},
		{ID: "20260115T120000.000000000Z-delete-0003", Time: t0, Kind: KindDelete, Project: "lumen", Before: sampleVersions()},
	} {
		for _, enc := range []func(any) ([]byte, error){json.Marshal, func(any) ([]byte, error) { return encodeEntry(e) }} {
			b, err := enc(e) // as an older rdash wrote it, and as now
			if err != nil {
				f.Fatal(err)
			}
			f.Add(b)
		}
	}
	// One journal for every input (a fresh directory each time is slow
	// enough to stall the fuzzer), beside a file no entry may reach.
	root := f.TempDir()
	dir := filepath.Join(root, "journal")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		f.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "outside.json"), []byte(`{"kind":"edit","project":"secret"}`), 0o600); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		e, err := decodeEntry(data)
		if err == nil {
			// Planning an undo of whatever was read never panics.
			u := PlanUndo(e, e.After)
			_ = PlanUndo(e, e.Before)
			for _, c := range u.Changes {
				_ = Diff(c.Before, c.After)
			}
			_, _ = e.changed(), e.complete()
			// What decodes is written, and what is written reads back as
			// an entry that is written the same: the journal loses
			// nothing of what it keeps.
			b, err := encodeEntry(e)
			if err != nil {
				return // a value JSON cannot encode (e.g. a year past 9999)
			}
			again, err := decodeEntry(b)
			if err != nil {
				t.Fatalf("an encoded entry does not decode: %v\n%s", err, b)
			}
			if b2, err := encodeEntry(again); err != nil || string(b) != string(b2) {
				t.Fatalf("encode and decode changed the entry (%v):\n%s\n%s", err, b, b2)
			}
		}
		// As the newest entry of a journal, it never leads undo outside.
		if err := os.WriteFile(filepath.Join(dir, "20260115T120000.000000000Z-edit-00ff.json"), data, 0o600); err != nil {
			t.Fatal(err)
		}
		if last, err := (Journal{Dir: dir}).LastUndoable(); err == nil && last.Project == "secret" {
			t.Fatalf("an entry led the journal outside its directory: %+v", last)
		}
	})
}

func TestJournalRefusesIDsThatArePaths(t *testing.T) {
	t.Parallel()
	j := Journal{Dir: t.TempDir()}
	for _, id := range []string{"../x", "a/b", `a\b`, ".hidden", "", "..", strings.Repeat("a", 201)} {
		if _, err := j.Read(id); err == nil || !strings.Contains(err.Error(), "not an entry ID") {
			t.Errorf("Read(%q) = %v", id, err)
		}
	}
}
