package bulk

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"rdash/api"
	"rdash/config"
)

// Kinds of journal entries.
const (
	KindEdit   = "edit"
	KindDelete = "delete"
)

// Entry is one bulk operation: the old values of every affected version,
// written before anything is sent, and the outcome once known.
type Entry struct {
	ID      string         `json:"id"`
	Time    time.Time      `json:"time"`
	Kind    string         `json:"kind"`
	Project string         `json:"project"`
	Patch   *api.BulkPatch `json:"patch,omitempty"`
	Before  []api.Version  `json:"before"`
	// After is the expected values, from the local preview.
	After    []api.Version `json:"after,omitempty"`
	Outcomes []Outcome     `json:"outcomes,omitempty"`
	// Kept are the fields an undo left alone because they changed since.
	Kept []Kept `json:"kept,omitempty"`
	// Returned are the versions as the server answered, for this run only.
	Returned []api.Version `json:"-"`
	// UndoneBy is the ID of the entry that undid this one.
	UndoneBy string `json:"undone_by,omitempty"`
	// Undoes is the ID of the entry this one undid.
	Undoes string `json:"undoes,omitempty"`
}

// Journal keeps entries as one JSON file each under Dir.
type Journal struct {
	Dir string
}

// JournalDir is where the journal lives under a state directory.
func JournalDir(stateDir string) string { return filepath.Join(stateDir, "journal") }

// How much of the past a journal keeps: the newest KeepEntries entries,
// none older than KeepFor (counted from the newest entry's time). Older
// ones are removed when a new entry is written.
const (
	KeepEntries = 50
	KeepFor     = 30 * 24 * time.Hour
)

// idTime is the layout of the time an entry ID starts with.
const idTime = "20060102T150405.000000000Z"

// Write saves e, giving it an ID when it has none. Writing a new entry
// prunes the journal (see KeepEntries); a failure to prune is not the
// edit's failure and is left for the next write.
func (j Journal) Write(e *Entry) error { return j.write(e, encodeEntry) }

func (j Journal) write(e *Entry, encode func(*Entry) ([]byte, error)) error {
	created := e.ID == ""
	if created {
		// The time sorts entries; the random tail keeps two entries made at
		// the same instant (a fixed clock, a fast undo) apart.
		e.ID = fmt.Sprintf("%s-%s-%04x", e.Time.UTC().Format(idTime), e.Kind, rand.N(1<<16))
	}
	b, err := encode(e)
	if err != nil {
		return err
	}
	if err := config.WriteFileAtomic(j.path(e.ID), b); err != nil {
		return fmt.Errorf("journal: %w", err)
	}
	if created {
		_ = j.prune(e.Time)
	}
	return nil
}

// prune removes the entries past KeepEntries and those older than KeepFor
// before now. An entry whose ID does not start with a time only counts.
func (j Journal) prune(now time.Time) error {
	ids, err := j.list()
	if err != nil {
		return err
	}
	for i, id := range ids {
		stamp, _, _ := strings.Cut(id, "-")
		t, terr := time.Parse(idTime, stamp)
		if len(ids)-i <= KeepEntries && (terr != nil || now.Sub(t) <= KeepFor) {
			continue
		}
		if err := os.Remove(j.path(id)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	return nil
}

func (j Journal) path(id string) string { return filepath.Join(j.Dir, id+".json") }

// Read loads the entry with the given ID. An ID comes from a file that
// may have been edited by hand, so one that is not a plain file name (a
// path, "..") is refused rather than read outside the journal.
func (j Journal) Read(id string) (*Entry, error) {
	if !validEntryID(id) {
		return nil, fmt.Errorf("journal: %q is not an entry ID", id)
	}
	b, err := os.ReadFile(j.path(id))
	if err != nil {
		return nil, fmt.Errorf("journal: %w", err)
	}
	e, err := decodeEntry(b)
	if err != nil {
		return nil, fmt.Errorf("journal %s: %w", j.path(id), err)
	}
	return e, nil
}

// encodeEntry is the file of an entry: compact JSON, since an entry of a
// thousand versions indented is several times the size and no one reads
// it by eye (jq does that better).
func encodeEntry(e *Entry) ([]byte, error) { return json.Marshal(e) }

// runEncoder encodes the entry of a run, which is written twice (before
// anything is sent, then with the outcomes) with the same Before and
// After: those, nearly all of an entry's bytes, are encoded once. The
// bytes are those of encodeEntry.
type runEncoder struct {
	before, after []byte // after is nil when the entry has none
}

func newRunEncoder(e *Entry) (*runEncoder, error) {
	var x runEncoder
	var err error
	if x.before, err = json.Marshal(e.Before); err != nil {
		return nil, err
	}
	if len(e.After) > 0 {
		if x.after, err = json.Marshal(e.After); err != nil {
			return nil, err
		}
	}
	return &x, nil
}

// encode is encodeEntry for an entry whose Before and After are those the
// encoder was made with. The fields are in Entry's order.
func (x *runEncoder) encode(e *Entry) ([]byte, error) {
	head, err := json.Marshal(struct {
		ID      string         `json:"id"`
		Time    time.Time      `json:"time"`
		Kind    string         `json:"kind"`
		Project string         `json:"project"`
		Patch   *api.BulkPatch `json:"patch,omitempty"`
	}{e.ID, e.Time, e.Kind, e.Project, e.Patch})
	if err != nil {
		return nil, err
	}
	tail, err := json.Marshal(struct {
		Outcomes []Outcome `json:"outcomes,omitempty"`
		Kept     []Kept    `json:"kept,omitempty"`
		UndoneBy string    `json:"undone_by,omitempty"`
		Undoes   string    `json:"undoes,omitempty"`
	}{e.Outcomes, e.Kept, e.UndoneBy, e.Undoes})
	if err != nil {
		return nil, err
	}
	b := make([]byte, 0, len(head)+len(x.before)+len(x.after)+len(tail)+20)
	b = append(b, head[:len(head)-1]...) // without its }
	b = append(b, `,"before":`...)
	b = append(b, x.before...)
	if x.after != nil {
		b = append(b, `,"after":`...)
		b = append(b, x.after...)
	}
	if len(tail) > len("{}") {
		b = append(b, ',')
		b = append(b, tail[1:]...) // with its }
	} else {
		b = append(b, '}')
	}
	return b, nil
}

// decodeEntry reads a file of the journal; it may be damaged or written by
// hand, so nothing in it is trusted (see FuzzJournalEntry).
func decodeEntry(b []byte) (*Entry, error) {
	var e Entry
	if err := json.Unmarshal(b, &e); err != nil {
		return nil, err
	}
	return &e, nil
}

// ErrNothingToUndo is returned when no edit in the journal can be undone.
var ErrNothingToUndo = errors.New("nothing to undo: no edit in the journal that has not been undone")

// LastUndoable returns the edit an undo of one of projects (any project
// when none is given; a project may be named by slug and by ID) should undo
// next: the newest edit not undone that changed something. An undo is
// journaled like an edit but is never offered itself, so undo after undo
// walks back through the edits instead of redoing the last one; an undo
// that did not finish hands over to the edit it was undoing, so the next
// undo completes it. Deletions cannot be undone through the interface and
// are skipped.
func (j Journal) LastUndoable(projects ...string) (*Entry, error) {
	ids, err := j.list()
	if err != nil {
		return nil, err
	}
	for _, id := range slices.Backward(ids) {
		e, err := j.Read(id)
		if err != nil {
			return nil, err
		}
		if e.Kind != KindEdit || e.UndoneBy != "" || !e.changed() ||
			(len(projects) > 0 && !slices.Contains(projects, e.Project)) {
			continue
		}
		if e.Undoes == "" {
			return e, nil
		}
		target, err := j.Read(e.Undoes)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			continue // pruned: too old to undo
		case err != nil:
			return nil, err
		case target.UndoneBy == "" && target.Undoes == "":
			return target, nil // this undo did not finish: finish it
		}
		// A finished undo (or, in an older journal, an undo of an undo):
		// what it undid is done with; look further back.
	}
	return nil, ErrNothingToUndo
}

// IDs are the IDs of the versions e touched, in order.
func (e *Entry) IDs() []string { return ids(e.Before) }

// changed reports whether any version ended changed, or may have: an
// entry without outcomes was cut off while sending.
func (e *Entry) changed() bool {
	return len(e.Outcomes) == 0 ||
		slices.ContainsFunc(e.Outcomes, func(o Outcome) bool { return o.Status != StatusNotApplied })
}

// complete reports whether every version ended as intended.
func (e *Entry) complete() bool {
	return !slices.ContainsFunc(e.Outcomes, func(o Outcome) bool {
		return o.Status == StatusNotApplied || o.Status == StatusUnknown
	})
}

// list returns entry IDs oldest first (IDs start with a sortable time).
func (j Journal) list() ([]string, error) {
	des, err := os.ReadDir(j.Dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("journal: %w", err)
	}
	var ids []string
	for _, de := range des {
		if name, ok := strings.CutSuffix(de.Name(), ".json"); ok && !strings.HasPrefix(name, ".") {
			ids = append(ids, name)
		}
	}
	slices.Sort(ids)
	return ids, nil
}

// validEntryID accepts the IDs Write makes, and any other plain name:
// letters, digits, '.', '-' and '_', not starting with a dot, at most 200.
func validEntryID(id string) bool {
	if id == "" || len(id) > 200 || id[0] == '.' {
		return false
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}
