package server

import (
	"sync"

	"charm.land/ssh"

	"rdash/internal/serve"
)

// maxTermLen bounds the terminal type a pty-req may name.
const maxTermLen = 64

// terminal is what a session's pty-req asked for: the terminal type, and
// the window as the client resizes it, clamped to serve.MaxColumns ×
// serve.MaxRows the moment it arrives. No pty exists for it: the session
// gets one only once admitted (ptyPair).
type terminal struct {
	term    string
	bad     string // why the request cannot be served, or ""
	mu      sync.Mutex
	width   int
	height  int
	changed chan struct{} // signalled, without blocking, when the size changes
}

// ptyRequested is the library's pty handler: it records the request and
// follows the window's changes, and allocates nothing. The library keeps
// the raw request too, but nothing reads it (the session's Pty reports
// none, as no pty is attached).
func (s *Server) ptyRequested(_ ssh.Context, sess ssh.Session, req ssh.Pty) (func() error, error) {
	t := &terminal{term: req.Term, changed: make(chan struct{}, 1)}
	if len(req.Term) > maxTermLen {
		t.term, t.bad = "", "the terminal type (TERM) is longer than 64 bytes"
	}
	t.resize(req.Window)
	// The library sends the window and each window-change on this
	// channel and closes it when the session's requests end. This is its
	// only reader, so it never blocks the request loop.
	_, winch, _ := sess.Pty()
	go t.follow(winch)
	s.terms.Store(sess, t)
	return func() error { s.terms.Delete(sess); return nil }, nil
}

// terminalOf is the terminal sess asked for, or nil without a pty-req.
func (s *Server) terminalOf(sess ssh.Session) *terminal {
	t, _ := s.terms.Load(sess)
	term, _ := t.(*terminal)
	return term
}

// follow takes every window change until the channel closes.
func (t *terminal) follow(winch <-chan ssh.Window) {
	for w := range winch {
		t.resize(w)
	}
}

// resize records a window, clamped, and signals a change of size.
func (t *terminal) resize(w ssh.Window) {
	width, height := serve.ClampWindow(w.Width, w.Height)
	t.mu.Lock()
	changed := width != t.width || height != t.height
	t.width, t.height = width, height
	t.mu.Unlock()
	if changed {
		select {
		case t.changed <- struct{}{}:
		default: // a change is already pending; its reader takes the latest size
		}
	}
}

// size is the window now.
func (t *terminal) size() (width, height int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.width, t.height
}
