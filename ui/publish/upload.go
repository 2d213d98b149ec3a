package publish

import (
	"context"
	"fmt"
	"sync"
	"time"

	"rdash/ui/common"
)

// upload follows one run's bytes. The API calls progress from the
// goroutine that writes the request; the screen reads it on each tick.
type upload struct {
	mu          sync.Mutex
	now         func() time.Time
	started     time.Time
	done, total int64
	cancel      context.CancelFunc
	cancelled   bool
}

func newUpload(now func() time.Time, total int64) *upload {
	return &upload{now: now, total: total}
}

// begin starts the clock and keeps the run's cancel.
func (u *upload) begin(cancel context.CancelFunc) {
	u.mu.Lock()
	defer u.mu.Unlock()
	u.started, u.cancel = u.now(), cancel
}

func (u *upload) progress(done, total int64) {
	u.mu.Lock()
	defer u.mu.Unlock()
	u.done = done
	if total > 0 {
		u.total = total
	}
}

// stop cancels the run's context: the upload ends where it is.
func (u *upload) stop() {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.cancel != nil && !u.cancelled {
		u.cancelled = true
		u.cancel()
	}
}

func (u *upload) wasCancelled() bool {
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.cancelled
}

// snapshot is the bytes sent so far, of total, and for how long.
func (u *upload) snapshot() (done, total int64, elapsed time.Duration, cancelled bool) {
	u.mu.Lock()
	defer u.mu.Unlock()
	if !u.started.IsZero() {
		elapsed = u.now().Sub(u.started)
	}
	return u.done, u.total, elapsed, u.cancelled
}

// fraction is how much is sent, for the bar.
func fraction(done, total int64) float64 {
	if total <= 0 {
		return 0
	}
	return min(float64(done)/float64(total), 1)
}

// stats is "3.0 MiB of 8.0 MiB · 768 KiB/s · 7s left".
func stats(done, total int64, elapsed time.Duration) string {
	s := common.Bytes(done)
	if total >= 0 {
		s += " of " + common.Bytes(total)
	}
	secs := elapsed.Seconds()
	if done <= 0 || secs < 0.2 {
		return s + " · measuring the rate…"
	}
	rate := float64(done) / secs
	s += " · " + common.Bytes(int64(rate)) + "/s"
	if total > 0 && done < total {
		s += " · " + left(time.Duration(float64(total-done)/rate*float64(time.Second))) + " left"
	}
	return s
}

// left words a time left to the second, or minute past an hour.
func left(d time.Duration) string {
	switch {
	case d < time.Second:
		return "under 1s"
	case d < time.Hour:
		return d.Round(time.Second).String()
	}
	return fmt.Sprintf("%dh%02dm", int(d.Hours()), int(d.Minutes())%60)
}
