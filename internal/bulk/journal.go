package bulk

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"rdash/config"
)

// Journal keeps entries as one JSON file each under Dir, behind a lock
// that rdash processes sharing Dir take (see lock.go).
type Journal struct {
	Dir string

	wait time.Duration // how long the lock is waited for; 0 means lockWait
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

// Write saves e, giving it an ID when it has none, compacted (see
// compact). Writing a new entry prunes the journal (see KeepEntries); a
// failure to prune is not the edit's failure and is left for the next
// write.
func (j Journal) Write(e *Entry) error {
	created := e.ID == ""
	if created {
		// The time sorts entries; the random tail keeps two entries made at
		// the same instant (a fixed clock, a fast undo) apart.
		e.ID = fmt.Sprintf("%s-%s-%04x", e.Time.UTC().Format(idTime), e.Kind, rand.N(1<<16))
	}
	b, err := encodeEntry(e)
	if err != nil {
		return err
	}
	unlock, err := j.lock(false)
	if err != nil {
		return err
	}
	defer unlock()
	if err := config.WriteFileAtomic(j.path(e.ID), b); err != nil {
		return fmt.Errorf("journal: %w", err)
	}
	e.dropped = false
	if created {
		_ = j.prune(e.Time)
	}
	return nil
}

// MarkUndone records that the entry id was undone by the entry by. It
// reads the entry again under the lock, so a mark another process made
// meanwhile is kept (the first undo's) and an entry pruned meanwhile is
// not written back.
func (j Journal) MarkUndone(id, by string) error {
	unlock, err := j.lock(false)
	if err != nil {
		return err
	}
	defer unlock()
	e, err := j.read(id)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return err
	case e.UndoneBy != "":
		return nil
	}
	e.UndoneBy = by
	b, err := encodeEntry(e)
	if err != nil {
		return err
	}
	if err := config.WriteFileAtomic(j.path(id), b); err != nil {
		return fmt.Errorf("journal: %w", err)
	}
	return nil
}

// Discard removes e from the journal: a change the server refused, or a
// run whose every version ended not applied, has nothing to undo, and its
// entry may be large.
func (j Journal) Discard(e *Entry) error {
	unlock, err := j.lock(false)
	if err != nil {
		return err
	}
	defer unlock()
	if err := os.Remove(j.path(e.ID)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("journal: %w", err)
	}
	e.dropped = true
	return nil
}

// prune removes the entries past KeepEntries and those older than KeepFor
// before now. An entry whose ID does not start with a time only counts.
// The caller holds the lock alone.
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
	unlock, err := j.lock(true)
	if err != nil {
		return nil, err
	}
	defer unlock()
	return j.read(id)
}

// read is Read for a caller that holds the lock.
func (j Journal) read(id string) (*Entry, error) {
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
	unlock, err := j.lock(true)
	if err != nil {
		return nil, err
	}
	defer unlock()
	ids, err := j.list()
	if err != nil {
		return nil, err
	}
	for _, id := range slices.Backward(ids) {
		e, err := j.read(id)
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
		target, err := j.read(e.Undoes)
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
		if id, ok := EntryID(de.Name()); ok {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	return ids, nil
}

// EntryID is the ID of the journal entry a file of the journal's
// directory holds, and whether it holds a finished one: an entry is
// written to a temporary file (".ID.json.NNN", config.WriteFileAtomic)
// and renamed, so a name that starts with a dot, or does not end in
// ".json", is an entry being written, or no entry. Whatever lists the
// directory reads only these.
func EntryID(name string) (string, bool) {
	id, ok := strings.CutSuffix(name, ".json")
	if !ok || !validEntryID(id) {
		return "", false
	}
	return id, true
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
