package bulk

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"rdash/api"
)

// Two Journals on one directory stand for two processes: flock locks
// belong to an open file, so they exclude each other as processes do.

// TestJournalReaderKeepsWritersOut: while another process reads the
// journal, a write (which prunes) waits, so it cannot remove a file
// between the reader's listing and its reading; while another writes, a
// read waits. The wait is bounded and says who holds the lock.
func TestJournalReaderKeepsWritersOut(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	j := Journal{Dir: dir, wait: time.Millisecond}
	first := &Entry{Time: time.Now(), Kind: KindEdit, Project: "lumen"}
	if err := j.Write(first); err != nil {
		t.Fatal(err)
	}
	other := Journal{Dir: dir}
	unlock, err := other.lock(true)
	if err != nil {
		t.Fatal(err)
	}
	err = j.Write(&Entry{Time: time.Now(), Kind: KindEdit, Project: "lumen"})
	if err == nil || !strings.Contains(err.Error(), "another rdash process has held its lock ("+dir+".lock)") {
		t.Fatalf("a write while another process reads: %v", err)
	}
	if _, err := j.Read(first.ID); err != nil {
		t.Fatalf("a read beside another reader: %v", err)
	}
	unlock()
	if unlock, err = other.lock(false); err != nil {
		t.Fatal(err)
	}
	if _, err := j.LastUndoable(); err == nil || !strings.Contains(err.Error(), "held its lock") {
		t.Fatalf("a read while another process writes: %v", err)
	}
	unlock()
	if _, err := j.LastUndoable(); err != nil {
		t.Fatalf("after the writer is done: %v", err)
	}
}

// TestUndoMarksTheJournalNotItsCopy: an undo marks the edit it undid in
// the journal as the journal has it now: a mark another process made
// meanwhile stays, and an edit pruned meanwhile is not written back.
func TestUndoMarksTheJournalNotItsCopy(t *testing.T) {
	t.Parallel()
	vs := sampleVersions()
	for _, meanwhile := range []string{"marked", "pruned"} {
		j := Journal{Dir: t.TempDir()}
		edit := editOf(vs, Edit{Name: api.Ptr("Renamed")})
		edit.Time, edit.Outcomes = time.Now(), []Outcome{{ID: vs[0].ID, Status: StatusUpdated}, {ID: vs[1].ID, Status: StatusUpdated}}
		if err := j.Write(edit); err != nil {
			t.Fatal(err)
		}
		stale := *edit // this process's copy, read before the other acted
		switch meanwhile {
		case "marked":
			if err := j.MarkUndone(edit.ID, "by-the-other-process"); err != nil {
				t.Fatal(err)
			}
		case "pruned":
			if err := os.Remove(j.path(edit.ID)); err != nil {
				t.Fatal(err)
			}
		}
		r := &Runner{Client: okClient{}, Journal: j}
		if _, err := r.Undo(t.Context(), PlanUndo(&stale, edit.After)); err != nil {
			t.Fatal(meanwhile, err)
		}
		got, err := j.Read(edit.ID)
		switch {
		case meanwhile == "marked" && err != nil:
			t.Errorf("reading the marked edit: %v", err)
		case meanwhile == "marked" && got.UndoneBy != "by-the-other-process":
			t.Errorf("the other process's mark was overwritten: undone by %q", got.UndoneBy)
		case meanwhile == "pruned" && !errors.Is(err, fs.ErrNotExist):
			t.Errorf("a pruned edit was written back (read: %v)", err)
		}
	}
}

// TestJournalSharedByProcesses: four writers and readers on one journal
// at its size limit, so every write prunes, all under the lock: none
// waits past the lock's limit or fails, and the journal ends pruned to
// its size. (The lock's exclusions are shown deterministically by
// TestJournalReaderKeepsWritersOut; this one runs them together under
// -race.)
func TestJournalSharedByProcesses(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	t0 := time.Date(2026, 1, 15, 12, 0, 0, 0, time.UTC)
	for i := range KeepEntries {
		e := &Entry{Time: t0.Add(time.Duration(i) * time.Second), Kind: KindEdit, Project: "lumen",
			Outcomes: []Outcome{{ID: "a", Status: StatusUpdated}}}
		if err := (Journal{Dir: dir}).Write(e); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	errs := make(chan error, 4*40)
	for p := range 4 {
		wg.Go(func() {
			j := Journal{Dir: dir}
			for i := range 20 {
				e := &Entry{Time: t0.Add(time.Duration(1000+p*100+i) * time.Second), Kind: KindEdit, Project: "lumen",
					Outcomes: []Outcome{{ID: "a", Status: StatusUpdated}}}
				if err := j.Write(e); err != nil {
					errs <- fmt.Errorf("process %d, write %d: %w", p, i, err)
				}
				last, err := j.LastUndoable()
				if err == nil {
					err = j.MarkUndone(last.ID, e.ID)
				}
				if err != nil && !errors.Is(err, ErrNothingToUndo) {
					errs <- fmt.Errorf("process %d, read %d: %w", p, i, err)
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if ids, _ := (Journal{Dir: dir}).list(); len(ids) != KeepEntries {
		t.Errorf("%d entries after the writes, want the newest %d", len(ids), KeepEntries)
	}
}

// okClient applies every change.
type okClient struct{}

func (okClient) UpdateVersions(_ context.Context, _ string, ids []string, _ *api.BulkPatch) (*api.BulkResult, error) {
	return &api.BulkResult{Succeeded: ids, Parts: 1}, nil
}

func (okClient) DeleteVersions(_ context.Context, _ string, ids []string) (*api.BulkResult, error) {
	return &api.BulkResult{Succeeded: ids, Parts: 1}, nil
}

func (okClient) GetVersion(context.Context, string, string) (*api.Version, *api.Response, error) {
	return nil, nil, errors.New("not used")
}
