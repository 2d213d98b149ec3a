package serve

import (
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

// Session is one running SSH session of a key.
type Session struct {
	Key       string // the key's Fingerprint
	end       func(reason string)
	lastInput atomic.Int64 // unix nanoseconds
	ended     atomic.Bool
}

// Touch records input from the client now.
func (s *Session) Touch(now time.Time) { s.lastInput.Store(now.UnixNano()) }

// IdleSince is when the client last typed.
func (s *Session) IdleSince() time.Time { return time.Unix(0, s.lastInput.Load()) }

// End ends the session once, for reason.
func (s *Session) End(reason string) {
	if s.ended.CompareAndSwap(false, true) {
		s.end(reason)
	}
}

// Sessions are the running sessions, by key, with a per-key limit.
type Sessions struct {
	max   int
	mu    sync.Mutex
	byKey map[string]map[*Session]struct{}
}

// NewSessions allows max sessions per key; 0 or less means no limit.
func NewSessions(max int) *Sessions {
	return &Sessions{max: max, byKey: map[string]map[*Session]struct{}{}}
}

// LimitError is a key at its session limit.
type LimitError struct{ Max int }

func (e *LimitError) Error() string {
	if e.Max == 1 {
		return "this key already has a session open, the most this server allows; end it first"
	}
	return fmt.Sprintf("this key already has %d sessions open, the most this server allows; end one first", e.Max)
}

// Add registers a session of key; end is called (once) to end it early.
func (r *Sessions) Add(key string, now time.Time, end func(reason string)) (*Session, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.max > 0 && len(r.byKey[key]) >= r.max {
		return nil, &LimitError{Max: r.max}
	}
	s := &Session{Key: key, end: end}
	s.Touch(now)
	if r.byKey[key] == nil {
		r.byKey[key] = map[*Session]struct{}{}
	}
	r.byKey[key][s] = struct{}{}
	return s, nil
}

// Remove forgets a session that has ended.
func (r *Sessions) Remove(s *Session) {
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.byKey[s.Key], s)
	if len(r.byKey[s.Key]) == 0 {
		delete(r.byKey, s.Key)
	}
}

// All returns the running sessions.
func (r *Sessions) All() []*Session {
	r.mu.Lock()
	defer r.mu.Unlock()
	var all []*Session
	for _, m := range r.byKey {
		for s := range m {
			all = append(all, s)
		}
	}
	return all
}

// Count is how many sessions key has open.
func (r *Sessions) Count(key string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.byKey[key])
}

// Reasons a session is ended by the server.
const (
	ReasonKeyRemoved = "key removed from the allow-list"
	ReasonIdle       = "idle"
	ReasonShutdown   = "server shutting down"
)

// Sweep ends the sessions whose key is no longer allowed (allowed nil:
// the file could not be read, so every session ends, as a new one would
// be refused) and those idle for idle or longer (0: never).
func (r *Sessions) Sweep(allowed map[string]bool, idle time.Duration, now time.Time) {
	for _, s := range r.All() {
		switch {
		case !allowed[s.Key]:
			s.End(ReasonKeyRemoved)
		case idle > 0 && now.Sub(s.IdleSince()) >= idle:
			s.End(ReasonIdle)
		}
	}
}
