package serve

import (
	"fmt"
	"net"
	"sync"
)

// ConnLimits caps the connections the server holds: in all, from one
// source address, and those not yet authenticated (each costs a key
// exchange and memory, and anyone who can reach the port can open them).
// A connection over a cap is closed at once. The zero value of a field
// means no cap.
type ConnLimits struct {
	MaxTotal   int // connections held at once
	MaxPerAddr int // connections held at once from one IP address
	MaxUnauth  int // connections not yet authenticated

	mu      sync.Mutex
	total   int
	unauth  int
	perAddr map[string]int
}

// ConnSlot is one admitted connection's place under the limits.
type ConnSlot struct {
	l       *ConnLimits
	addr    string
	authed  bool
	release sync.Once
}

// ConnLimitError says which cap refused a connection.
type ConnLimitError struct {
	What string // "connections", "connections from this address", "unauthenticated connections"
	Max  int
}

// Error says which cap, and its maximum.
func (e *ConnLimitError) Error() string {
	return fmt.Sprintf("too many %s (at most %d)", e.What, e.Max)
}

// Admit takes a place for a new, unauthenticated connection from remote,
// or says which cap is full.
func (l *ConnLimits) Admit(remote net.Addr) (*ConnSlot, error) {
	addr := hostOf(remote)
	l.mu.Lock()
	defer l.mu.Unlock()
	switch {
	case l.MaxTotal > 0 && l.total >= l.MaxTotal:
		return nil, &ConnLimitError{What: "connections", Max: l.MaxTotal}
	case l.MaxPerAddr > 0 && l.perAddr[addr] >= l.MaxPerAddr:
		return nil, &ConnLimitError{What: "connections from this address", Max: l.MaxPerAddr}
	case l.MaxUnauth > 0 && l.unauth >= l.MaxUnauth:
		return nil, &ConnLimitError{What: "unauthenticated connections", Max: l.MaxUnauth}
	}
	if l.perAddr == nil {
		l.perAddr = map[string]int{}
	}
	l.total++
	l.unauth++
	l.perAddr[addr]++
	return &ConnSlot{l: l, addr: addr}, nil
}

// Authenticated moves the connection out of the unauthenticated count.
func (s *ConnSlot) Authenticated() {
	s.l.mu.Lock()
	defer s.l.mu.Unlock()
	if !s.authed {
		s.authed = true
		s.l.unauth--
	}
}

// Release gives the place back, once, when the connection closes.
func (s *ConnSlot) Release() {
	s.release.Do(func() {
		s.l.mu.Lock()
		defer s.l.mu.Unlock()
		s.l.total--
		if !s.authed {
			s.l.unauth--
		}
		if s.l.perAddr[s.addr]--; s.l.perAddr[s.addr] <= 0 {
			delete(s.l.perAddr, s.addr)
		}
	})
}

// Counts are the connections held now: in all and not yet authenticated.
func (l *ConnLimits) Counts() (total, unauth int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.total, l.unauth
}

// hostOf is the IP address of a remote address, without its port.
func hostOf(a net.Addr) string {
	if a == nil {
		return ""
	}
	if host, _, err := net.SplitHostPort(a.String()); err == nil {
		return host
	}
	return a.String()
}
