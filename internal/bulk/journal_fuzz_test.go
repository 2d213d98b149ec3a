package bulk

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"rdash/api"
)

// FuzzJournalEntry decodes any bytes as a journal entry, the way undo
// reads the journal (a file a user, a crash or a disk may have damaged):
// decoding and planning an undo never panic, an entry that decodes
// survives an encode and a decode unchanged, and the only entry ID an
// entry hands the journal (Undoes, which LastUndoable reads next) either
// is refused or names a file inside the journal's directory.
//
// It runs in memory only, so the fuzzer tries thousands of inputs a
// second even on a loaded machine; TestJournalEntriesStayInTheirDirectory
// puts the seeds and a fixed set of hostile entries in a real journal
// and walks it, which shows read applies the rule checked here.
//
// The seed corpus is testdata/fuzz/FuzzJournalEntry; go test runs it as
// ordinary tests. To search for more:
//
//	go test -run='^$' -fuzz='^FuzzJournalEntry$' -fuzztime=10s ./internal/bulk/
func FuzzJournalEntry(f *testing.F) {
	for _, b := range journalSeeds(f) {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		e, err := decodeEntry(data)
		if err != nil {
			return
		}
		// Planning an undo of whatever was read never panics.
		u := PlanUndo(e, e.After)
		_ = PlanUndo(e, e.Before)
		for _, c := range u.Changes {
			_ = Diff(c.Before, c.After)
		}
		_, _ = e.changed(), e.complete()
		// What decodes is written, and what is written reads back as an
		// entry that is written the same: the journal loses nothing of
		// what it keeps.
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
		if p, ok := undoTarget(e); ok && filepath.Dir(p) != fuzzJournal.Dir {
			t.Fatalf("undoes %q leads the journal to %s, outside %s", e.Undoes, p, fuzzJournal.Dir)
		}
	})
}

// fuzzJournal is a journal that is never opened: the fuzz target only asks
// it where an entry would be read from.
var fuzzJournal = Journal{Dir: filepath.Join(string(filepath.Separator)+"state", "journal")}

// undoTarget is the file LastUndoable reads for the entry e undoes, if it
// reads one: read opens only the IDs validEntryID accepts.
func undoTarget(e *Entry) (string, bool) {
	if e.Undoes == "" || !validEntryID(e.Undoes) {
		return "", false
	}
	return fuzzJournal.path(e.Undoes), true
}

// journalSeeds are entries as an older rdash wrote them (encoding/json
// alone) and as this one does, and an undo for each hostile ID.
func journalSeeds(tb testing.TB) [][]byte {
	t0 := time.Date(2026, 1, 15, 12, 0, 0, 0, time.UTC)
	var seeds [][]byte
	for _, e := range []*Entry{
		editOf(sampleVersions(), Edit{Channel: api.Ptr("beta"), Name: api.Ptr("x")}),
		{ID: "20260115T120000.000000000Z-edit-0002", Time: t0, Kind: KindEdit, Project: "lumen", Undoes: "20260115T120000.000000000Z-edit-0001",
			Before: sampleVersions()[:1], After: sampleVersions()[:1], Outcomes: []Outcome{{ID: "v0000001", Status: StatusNotApplied, Retry: true}}},
		{ID: "20260115T120000.000000000Z-delete-0003", Time: t0, Kind: KindDelete, Project: "lumen", Before: sampleVersions()},
	} {
		for _, enc := range []func(any) ([]byte, error){json.Marshal, func(any) ([]byte, error) { return encodeEntry(e) }} {
			b, err := enc(e)
			if err != nil {
				tb.Fatal(err)
			}
			seeds = append(seeds, b)
		}
	}
	for _, id := range hostileIDs() {
		b, err := encodeEntry(&Entry{Time: t0, Kind: KindEdit, Project: "lumen", Undoes: id})
		if err != nil {
			tb.Fatal(err)
		}
		seeds = append(seeds, b)
	}
	return seeds
}

// hostileIDs are entry IDs a damaged or hand-edited entry may name, each
// aimed at outside.json, the file beside the journal's directory in
// TestJournalEntriesStayInTheirDirectory.
func hostileIDs() []string {
	return []string{
		"../outside", "..", "../../outside", "./../outside", "a/../../outside",
		`..\outside`, "/outside", `\outside`, "C:outside", "outside/.",
		"%2e%2e%2foutside", "..%2foutside", "outside\x00", "\x00../outside",
		"../outside.json", ".", "", " ../outside", "..\u2215outside",
		strings.Repeat("../", 40) + "outside",
	}
}
