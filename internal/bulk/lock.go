package bulk

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/gofrs/flock"
)

// The lock keeps rdash processes that share a journal (the command line
// and the dashboard, or two served sessions of one key) from each other:
// writing an entry and pruning, and marking an entry undone (read, change,
// write), hold it alone; reading holds it shared, so pruning cannot
// remove a file between the listing and its reading. It is an advisory
// lock (gofrs/flock, as the token store's in auth/lock.go) on a file
// beside the journal's directory, named after it (journal.lock), that
// holds nothing: beside, so the directory holds entries only. The system
// drops the lock when the process ends, however it ends. Sending is never
// done under it: a lock is held for a file's read or write.

// lockWait bounds the wait for another process's read or write of the
// journal, which take milliseconds.
const lockWait = 10 * time.Second

// lockPoll is how often a waiting process tries the lock again.
const lockPoll = 10 * time.Millisecond

// lock takes the journal's lock, shared or alone, waiting for another
// holder at most lockWait (j.wait in tests); unlock releases it. Locks are per open file,
// so two Journals in one process exclude each other as two processes do,
// and a caller must not take the lock while it holds it. A shared lock of
// a journal that does not exist yet is no lock: there is nothing to read.
func (j Journal) lock(shared bool) (unlock func(), err error) {
	if !filepath.IsAbs(j.Dir) {
		return nil, fmt.Errorf("journal: refusing to use %q: it is not an absolute path, so it would land in the working directory", j.Dir)
	}
	if _, err := os.Stat(j.Dir); shared && errors.Is(err, fs.ErrNotExist) {
		return func() {}, nil
	}
	if err := os.MkdirAll(j.Dir, 0o700); err != nil {
		return nil, fmt.Errorf("journal: %w", err)
	}
	path := filepath.Clean(j.Dir) + ".lock"
	fl := flock.New(path, flock.SetFlag(os.O_CREATE|os.O_RDWR), flock.SetPermissions(0o600))
	limit := j.wait
	if limit == 0 {
		limit = lockWait
	}
	wait, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	try := fl.TryLockContext
	if shared {
		try = fl.TryRLockContext
	}
	ok, err := try(wait, lockPoll)
	switch {
	case ok:
		return func() { _ = fl.Close() }, nil // Close unlocks, then closes
	case errors.Is(err, context.DeadlineExceeded):
		err = fmt.Errorf("journal: another rdash process has held its lock (%s) for %s; if none is running, delete that file", path, limit)
	default:
		err = fmt.Errorf("journal: locking %s: %w", path, err)
	}
	_ = fl.Close()
	return nil, err
}
