package publish

import (
	"sync"
	"time"
)

// upload follows one run's bytes. The API calls progress from the
// goroutine that writes the request; the flow reads them on each tick.
type upload struct {
	mu          sync.Mutex
	now         func() time.Time
	started     time.Time
	done, total int64
}

func newUpload(now func() time.Time, total int64) *upload {
	return &upload{now: now, total: total}
}

// begin starts the clock.
func (u *upload) begin() {
	u.mu.Lock()
	defer u.mu.Unlock()
	u.started = u.now()
}

func (u *upload) progress(done, total int64) {
	u.mu.Lock()
	defer u.mu.Unlock()
	u.done = done
	if total > 0 {
		u.total = total
	}
}

// snapshot is the bytes sent so far, of total, and for how long.
func (u *upload) snapshot() (done, total int64, elapsed time.Duration) {
	u.mu.Lock()
	defer u.mu.Unlock()
	if !u.started.IsZero() {
		elapsed = u.now().Sub(u.started)
	}
	return u.done, u.total, elapsed
}
