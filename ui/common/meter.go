package common

import (
	"sync"
	"time"
)

// Meter follows one transfer's bytes (a download, an upload): the
// goroutine copying them adds or sets them, the screen reads a Snapshot
// on each tick. Transfer words a snapshot.
type Meter struct {
	mu          sync.Mutex
	now         func() time.Time
	started     time.Time
	done, total int64
}

// NewMeter returns a meter of total bytes (zero or less: not known) whose
// clock is now (time.Now when nil). Its clock starts with Start.
func NewMeter(now func() time.Time, total int64) *Meter {
	if now == nil {
		now = time.Now
	}
	return &Meter{now: now, total: total}
}

// Start starts the clock at at.
func (m *Meter) Start(at time.Time) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.started = at
}

// StartNow starts the clock now.
func (m *Meter) StartNow() { m.Start(m.now()) }

// Add counts n more bytes done.
func (m *Meter) Add(n int64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.done += n
}

// Set says done bytes are done, of total; a total of zero or less keeps
// the one known. Its shape is api's upload Progress.
func (m *Meter) Set(done, total int64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.done = done
	if total > 0 {
		m.total = total
	}
}

// Snapshot is the bytes done, of total, and for how long (zero before
// Start).
func (m *Meter) Snapshot() (done, total int64, elapsed time.Duration) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if !m.started.IsZero() {
		elapsed = m.now().Sub(m.started)
	}
	return m.done, m.total, elapsed
}
