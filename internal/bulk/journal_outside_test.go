package bulk

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestJournalEntriesStayInTheirDirectory writes each of FuzzJournalEntry's
// seeds (the corpus in testdata, the seeds it adds, an undo of each
// hostile ID) as the newest entry of a real journal, beside a file that
// reads as an edit to undo, and asks the journal what to undo next: never
// that file. The fuzz target checks the same rule in memory.
func TestJournalEntriesStayInTheirDirectory(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	outside := filepath.Join(root, "outside")
	if err := os.WriteFile(outside+".json", []byte(`{"kind":"edit","project":"secret"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	j := Journal{Dir: filepath.Join(root, "journal")}
	entries := append(readCorpus(t, filepath.Join("testdata", "fuzz", "FuzzJournalEntry")), journalSeeds(t)...)
	for _, id := range []string{outside, filepath.Join(j.Dir, "..", "outside")} {
		entries = append(entries, []byte(`{"kind":"edit","project":"lumen","undoes":`+strconv.Quote(id)+`}`))
	}
	for _, data := range entries {
		if err := os.MkdirAll(j.Dir, 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(j.path("20260115T120000.000000000Z-edit-00ff"), data, 0o600); err != nil {
			t.Fatal(err)
		}
		if last, err := j.LastUndoable(); err == nil && last.Project == "secret" {
			t.Errorf("an entry led the journal outside its directory:\n%s", data)
		}
	}
}

// TestJournalFollowsUndoesInItsDirectory is the check above turned round:
// an unfinished undo hands over to the entry it names when that entry is
// in the journal, so a check that the file outside is never offered would
// see it if read followed a path out.
func TestJournalFollowsUndoesInItsDirectory(t *testing.T) {
	t.Parallel()
	j := Journal{Dir: filepath.Join(t.TempDir(), "journal")}
	if err := os.MkdirAll(j.Dir, 0o700); err != nil {
		t.Fatal(err)
	}
	for id, data := range map[string]string{
		"target":                               `{"kind":"edit","project":"secret"}`,
		"20260115T120000.000000000Z-edit-00ff": `{"kind":"edit","project":"lumen","undoes":"target"}`,
	} {
		if err := os.WriteFile(j.path(id), []byte(data), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if last, err := j.LastUndoable(); err != nil || last.Project != "secret" {
		t.Fatalf("LastUndoable = %+v, %v; want the entry the unfinished undo names", last, err)
	}
}

func TestJournalRefusesIDsThatArePaths(t *testing.T) {
	t.Parallel()
	j := Journal{Dir: t.TempDir()}
	for _, id := range append(hostileIDs(), "a/b", `a\b`, ".hidden", strings.Repeat("a", 201)) {
		if _, err := j.Read(id); err == nil || !strings.Contains(err.Error(), "not an entry ID") {
			t.Errorf("Read(%q) = %v", id, err)
		}
	}
}

// readCorpus returns the inputs of a fuzz target's seed corpus directory,
// each a file in go test's format holding one []byte.
func readCorpus(t *testing.T, dir string) [][]byte {
	t.Helper()
	files, err := os.ReadDir(dir)
	if err != nil || len(files) == 0 {
		t.Fatalf("corpus %s: %d files, %v", dir, len(files), err)
	}
	var inputs [][]byte
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join(dir, f.Name()))
		if err != nil {
			t.Fatal(err)
		}
		header, value, _ := strings.Cut(strings.TrimSpace(string(b)), "\n")
		quoted, ok := strings.CutPrefix(value, "[]byte(")
		s, err := strconv.Unquote(strings.TrimSuffix(quoted, ")"))
		if header != "go test fuzz v1" || !ok || err != nil {
			t.Fatalf("%s: not one []byte in go test fuzz v1 format (%v)", f.Name(), err)
		}
		inputs = append(inputs, []byte(s))
	}
	return inputs
}
