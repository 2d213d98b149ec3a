package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

// sshTerm is one served session: a pty over SSH, with its output read
// into a screen like a term's, or, once parse is off, only counted (a
// hundred sessions' screens would take the harness's CPU from the
// server it measures).
type sshTerm struct {
	name string
	sess *gossh.Session
	in   io.Writer

	mu      sync.Mutex
	scr     *screen
	parse   bool
	bytes   int64
	lastOut time.Time
	changed chan struct{} // closed and replaced on every read
	done    chan struct{} // closed when the output ends
}

// startSSHTerm opens the dashboard on a cols × rows pty over c.
func startSSHTerm(name string, c *gossh.Client) (*sshTerm, error) {
	sess, err := c.NewSession()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	in, err := sess.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := sess.StdoutPipe()
	if err != nil {
		return nil, err
	}
	t := &sshTerm{name: name, sess: sess, in: in, scr: newScreen(cols, rows), parse: true,
		changed: make(chan struct{}), done: make(chan struct{})}
	if err := sess.RequestPty("xterm-256color", rows, cols, gossh.TerminalModes{}); err != nil {
		return nil, fmt.Errorf("%s: pty: %w", name, err)
	}
	if err := sess.Shell(); err != nil {
		return nil, fmt.Errorf("%s: shell: %w", name, err)
	}
	go t.read(out)
	return t, nil
}

func (t *sshTerm) read(r io.Reader) {
	defer close(t.done)
	buf := make([]byte, 64<<10)
	for {
		n, err := r.Read(buf)
		now := time.Now()
		t.mu.Lock()
		if n > 0 {
			t.bytes += int64(n)
			t.lastOut = now
			if t.parse {
				_, _ = t.scr.Write(buf[:n])
			}
			close(t.changed)
			t.changed = make(chan struct{})
		}
		t.mu.Unlock()
		if err != nil {
			return
		}
	}
}

// byteCount is how many bytes of output have come so far.
func (t *sshTerm) byteCount() int64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.bytes
}

// stopParsing keeps counting the output but no longer draws it.
func (t *sshTerm) stopParsing() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.parse = false
}

// waitScreen waits until cond holds on screen.
func (t *sshTerm) waitScreen(what string, timeout time.Duration, cond func(*screen) bool) error {
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for {
		t.mu.Lock()
		ok, ch := cond(t.scr), t.changed
		t.mu.Unlock()
		if ok {
			return nil
		}
		select {
		case <-ch:
		case <-t.done:
			return fmt.Errorf("%s: the session ended before the screen showed %s:\n%s", t.name, what, t.text())
		case <-deadline.C:
			return fmt.Errorf("%s: no %s on screen within %v (%w); the screen:\n%s", t.name, what, timeout, errTimeout, t.text())
		}
	}
}

// waitText waits until every string is on screen.
func (t *sshTerm) waitText(timeout time.Duration, subs ...string) error {
	return t.waitScreen(strconv.Quote(strings.Join(subs, `", "`)), timeout,
		func(s *screen) bool { return s.Contains(subs...) })
}

// outputAfter waits for output beyond mark bytes and returns when it
// came.
func (t *sshTerm) outputAfter(mark int64, timeout time.Duration) (time.Time, error) {
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for {
		t.mu.Lock()
		n, at, ch := t.bytes, t.lastOut, t.changed
		t.mu.Unlock()
		if n > mark {
			return at, nil
		}
		select {
		case <-ch:
		case <-t.done:
			return time.Time{}, fmt.Errorf("%s: the session ended", t.name)
		case <-deadline.C:
			return time.Time{}, fmt.Errorf("%s: no output within %v (%w)", t.name, timeout, errTimeout)
		}
	}
}

// quiet waits until nothing has come for d, for at most timeout, and
// returns the byte count then.
func (t *sshTerm) quiet(d, timeout time.Duration) int64 {
	end := time.Now().Add(timeout)
	for {
		t.mu.Lock()
		n, last := t.bytes, t.lastOut
		t.mu.Unlock()
		if since := time.Since(last); since >= d || time.Now().After(end) {
			return n
		}
		time.Sleep(d / 4)
	}
}

func (t *sshTerm) text() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.scr.String()
}

// send writes keys as a terminal would send them.
func (t *sshTerm) send(keys ...string) error {
	for _, k := range keys {
		seq, ok := keySeqs[k]
		if !ok {
			seq = k
		}
		if _, err := io.WriteString(t.in, seq); err != nil {
			return fmt.Errorf("%s: send %q: %w", t.name, k, err)
		}
	}
	return nil
}

// loadedCount is the count of versions loaded on the screen now.
func (t *sshTerm) loadedCount() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	n, _ := loaded(t.scr)
	return n
}
