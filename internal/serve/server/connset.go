package server

import (
	"log/slog"
	"sync"
	"time"

	"rdash/internal/serve"
)

// connSet is every connection the server holds.
type connSet struct {
	mu sync.Mutex
	m  map[*conn]struct{}
}

func (cs *connSet) add(c *conn) {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	if cs.m == nil {
		cs.m = map[*conn]struct{}{}
	}
	cs.m[c] = struct{}{}
}

func (cs *connSet) remove(c *conn) {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	delete(cs.m, c)
}

func (cs *connSet) all() []*conn {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	out := make([]*conn, 0, len(cs.m))
	for c := range cs.m {
		out = append(out, c)
	}
	return out
}

// closeIdle closes every connection without a dashboard, authenticated
// or not: at shutdown they have nothing to finish.
func (cs *connSet) closeIdle() {
	for _, c := range cs.all() {
		c.mu.Lock()
		idle := c.sessions == 0
		c.mu.Unlock()
		if idle {
			c.closeSSH()
		}
	}
}

// sweep closes the connections of keys no longer allowed (allowed nil:
// the file could not be read, so none is). One without a dashboard is
// closed at once; one with a dashboard is left to it (the session, ended
// by the same sweep, says why and closes its connection), and closed by
// the next sweep if it is still open.
func (cs *connSet) sweep(allowed map[string]bool) {
	for _, c := range cs.all() {
		k := c.key()
		if k == nil || allowed[serve.Fingerprint(k)] {
			continue
		}
		c.mu.Lock()
		now := c.sessions == 0 || c.removed
		c.removed = true
		c.mu.Unlock()
		if now {
			c.s.log.Info("connection closed", "why", serve.ReasonKeyRemoved, "key", serve.Fingerprint(k),
				"remote", c.RemoteAddr().String())
			c.closeSSH()
		}
	}
}

// tasks are the goroutines that may log after a session or connection
// has ended (a timer's callback, a last look at a journal); the server
// waits for them before it returns, so none writes to a closed log.
type tasks struct {
	mu     sync.Mutex
	wg     sync.WaitGroup
	closed bool
}

// start registers a task, or reports false once the server has stopped.
func (t *tasks) start() (done func(), ok bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed {
		return nil, false
	}
	t.wg.Add(1)
	return t.wg.Done, true
}

// wait refuses new tasks and waits for the running ones.
func (t *tasks) wait() {
	t.mu.Lock()
	t.closed = true
	t.mu.Unlock()
	t.wg.Wait()
}

// logged runs fn, which logs, unless the server has stopped: a callback
// of the SSH library (a handshake still under way at shutdown) may run
// after Run has returned and cmd has closed the log.
func (s *Server) logged(fn func()) {
	if done, ok := s.tasks.start(); ok {
		defer done()
		fn()
	}
}

// throttledLog logs an event that an attacker can repeat at will (a
// refused connection) at most once per interval, with how many there were
// since its last line, so a flood cannot fill the log.
type throttledLog struct {
	log   *slog.Logger
	msg   string
	every time.Duration

	mu    sync.Mutex
	last  time.Time
	count int
}

func newThrottledLog(log *slog.Logger, msg string, every time.Duration) *throttledLog {
	return &throttledLog{log: log, msg: msg, every: every}
}

// note counts one event, and logs if the interval has passed.
func (l *throttledLog) note(why string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.count++
	if now := time.Now(); now.Sub(l.last) >= l.every {
		l.log.Warn(l.msg, "count", l.count, "why", why)
		l.last, l.count = now, 0
	}
}
