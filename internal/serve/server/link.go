package server

import (
	"context"
	"io"
	"sync"
	"time"
)

// link paces a session's frames by its connection as it behaves, in
// place of a fixed frame rate. The dashboard draws at most 60 frames a
// second; after each frame it writes, it waits until the client has
// confirmed receiving everything sent so far (a keepalive request, which
// every client answers, sent behind the frame), and then, on a link
// found slow, a little longer (rate). On a fast link the wait is a round
// trip of a millisecond or less, so a key's frame goes out at the next of
// the 60 ticks. On a slow link it is as long as the link takes to carry
// the frame, and the keys pressed meanwhile are drawn together in the
// next frame instead of queueing frames the link carries for seconds.
type link struct {
	ping    func() error  // a round trip to the client, behind all sent so far
	maxWait time.Duration // a frame waits at most this long for its confirmation

	kick chan struct{} // cap 1: something was sent

	mu      sync.Mutex
	written int64         // bytes the dashboard wrote
	sent    int64         // bytes copied to the client
	acked   int64         // bytes the client confirmed
	broken  bool          // the ping failed: the connection is gone
	change  chan struct{} // closed and replaced when acked or broken changes
	rate    rate          // what the frames so far say of the link
}

// frameRate is the dashboard's frame rate over a served session: the
// most it draws, when the link confirms frames at once.
const frameRate = 60

// maxFrameWait bounds a frame's wait for its confirmation, so a client
// that never answers slows the dashboard down but does not stop it.
const maxFrameWait = 2 * time.Second

func newLink(ping func() error) *link {
	return &link{ping: ping, maxWait: maxFrameWait, kick: make(chan struct{}, 1), change: make(chan struct{})}
}

// run sends a ping after each copy, one at a time, until ctx ends or a
// ping fails.
func (l *link) run(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-l.kick:
		}
		l.mu.Lock()
		target := l.sent
		l.mu.Unlock()
		err := l.ping()
		l.mu.Lock()
		if err != nil {
			l.broken = true
		} else {
			l.acked = max(l.acked, target)
		}
		close(l.change)
		l.change = make(chan struct{})
		l.mu.Unlock()
		if err != nil {
			return
		}
	}
}

// copyOut copies src (the pty's master) to dst (the client) and asks for
// a confirmation after each piece.
func (l *link) copyOut(dst io.Writer, src io.Reader) {
	buf := make([]byte, 8*1024) // a pty hands over at most a few KB a read
	for {
		n, err := src.Read(buf)
		if n > 0 {
			if _, werr := dst.Write(buf[:n]); werr != nil {
				return
			}
			l.mu.Lock()
			l.sent += int64(n)
			l.mu.Unlock()
			select {
			case l.kick <- struct{}{}:
			default: // a ping is due already; it covers this too
			}
		}
		if err != nil {
			return
		}
	}
}

// writer is the dashboard's output: each write goes to w (the pty's
// slave) and then waits, until ctx ends, for the client to confirm it.
func (l *link) writer(ctx context.Context, w io.Writer) io.Writer {
	return pacedWriter{l: l, w: w, ctx: ctx}
}

type pacedWriter struct {
	l   *link
	w   io.Writer
	ctx context.Context
}

// Write writes b, waits for the client to confirm it, and on a slow
// link pauses (rate) before it returns.
func (p pacedWriter) Write(b []byte) (int, error) {
	start := time.Now()
	n, err := p.w.Write(b)
	p.l.mu.Lock()
	p.l.written += int64(n)
	target := p.l.written
	p.l.mu.Unlock()
	if !p.l.await(p.ctx, target) {
		return n, err
	}
	took := time.Since(start)
	p.l.mu.Lock()
	interval := p.l.rate.observe(n, took, time.Now())
	p.l.mu.Unlock()
	if rest := interval - took; rest > 0 {
		t := time.NewTimer(rest)
		defer t.Stop()
		select {
		case <-t.C:
		case <-p.ctx.Done():
		}
	}
	return n, err
}

// await waits until the client has confirmed target bytes, and reports
// whether it did; it gives up when the link is broken, ctx ends or
// maxWait passes. What the pty sends counts as the dashboard wrote it: in
// raw mode the two are the same bytes (in cooked mode the pty adds a CR
// to each LF, which only ends the wait sooner).
func (l *link) await(ctx context.Context, target int64) bool {
	t := time.NewTimer(l.maxWait)
	defer t.Stop()
	for {
		l.mu.Lock()
		acked, broken, change := l.acked >= target, l.broken, l.change
		l.mu.Unlock()
		if acked || broken {
			return acked && !broken
		}
		select {
		case <-change:
		case <-ctx.Done():
			return false
		case <-t.C:
			return false
		}
	}
}
