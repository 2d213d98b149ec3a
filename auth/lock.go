package auth

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/gofrs/flock"
)

// The lock serializes, between rdash processes, every change to the
// stored tokens: a refresh (read the store, spend the refresh token, write
// the rotated one back), a sign-in's write and a sign-out. Without it two
// processes spend the same rotating refresh token and the loser is signed
// out, and a sign-out can land between a refresh's check and its write.
// It is an advisory lock (gofrs/flock: flock on Unix, LockFileEx on Windows) on
// auth.lock in the state directory, a file of mode 0600 that holds
// nothing; the system drops it when the process ends, however it ends.

// lockWait bounds the wait for another process's refresh (itself bounded
// by refreshTimeout) or sign-out.
const lockWait = refreshTimeout + 10*time.Second

// lockPoll is how often a waiting process tries the lock again.
const lockPoll = 20 * time.Millisecond

// LockPath is the lock file under the state directory.
func (s *Store) LockPath() string { return s.lockPath }

// lock takes the store's lock, waiting for another holder until ctx ends
// or lockWait passes; unlock releases it. Locks are per open file, so two
// Stores in one process exclude each other as two processes do. A Store
// without a state directory has nothing to lock.
func (s *Store) lock(ctx context.Context) (unlock func(), err error) {
	if s.lockPath == "" {
		return func() {}, nil
	}
	if !filepath.IsAbs(s.lockPath) {
		return nil, fmt.Errorf("refusing to lock %s: it is not an absolute path, so it would land in the working directory", s.lockPath)
	}
	if err := os.MkdirAll(filepath.Dir(s.lockPath), 0o700); err != nil {
		return nil, fmt.Errorf("locking the token store: %w", err)
	}
	fl := flock.New(s.lockPath, flock.SetFlag(os.O_CREATE|os.O_RDWR), flock.SetPermissions(0o600))
	wait, cancel := context.WithTimeout(ctx, lockWait)
	defer cancel()
	ok, err := fl.TryLockContext(wait, lockPoll)
	switch {
	case ok:
		return func() { _ = fl.Close() }, nil // Close unlocks, then closes
	case ctx.Err() != nil:
		err = ctx.Err()
	case errors.Is(err, context.DeadlineExceeded):
		err = fmt.Errorf("another rdash process has held the token store's lock (%s) for %s; "+
			"if none is running, delete that file", s.lockPath, lockWait)
	default:
		err = fmt.Errorf("locking the token store (%s): %w", s.lockPath, err)
	}
	_ = fl.Close()
	return nil, err
}
