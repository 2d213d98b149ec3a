package server

import (
	"bytes"
	"context"
	"errors"
	"io"
	"sync/atomic"
	"testing"
	"time"
)

// pipeLink is a link whose pings wait on a gate the test opens, copying
// what the dashboard writes through an in-memory pty.
type pipeLink struct {
	l       *link
	gate    chan struct{} // a ping returns when the test sends on it
	pings   chan struct{} // a ping has started
	client  *bytes.Buffer
	written io.Writer
}

func newPipeLink(t *testing.T, ctx context.Context) *pipeLink {
	pl := &pipeLink{gate: make(chan struct{}), pings: make(chan struct{}, 16), client: &bytes.Buffer{}}
	pl.l = newLink(func() error {
		pl.pings <- struct{}{}
		select {
		case <-pl.gate:
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	})
	pl.l.maxWait = time.Hour // the gate, not the bound, ends each wait
	pr, pw := io.Pipe()
	t.Cleanup(func() { pw.Close() })
	go pl.l.run(ctx)
	go pl.l.copyOut(syncWriter{pl.client}, pr)
	pl.written = pl.l.writer(ctx, pw)
	return pl
}

type syncWriter struct{ b *bytes.Buffer }

func (w syncWriter) Write(p []byte) (int, error) { return w.b.Write(p) }

// TestLinkWaitsForTheClient: a frame's write returns only once the client
// has confirmed it (the ping after its copy returned); the frame itself
// reaches the client at once.
func TestLinkWaitsForTheClient(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	pl := newPipeLink(t, ctx)
	var released atomic.Bool
	wrote := make(chan bool, 1)
	go func() {
		_, _ = pl.written.Write([]byte("frame one"))
		wrote <- released.Load()
	}()
	<-pl.pings // sent behind the frame; the write still waits
	released.Store(true)
	pl.gate <- struct{}{}
	if !<-wrote {
		t.Fatal("the write returned before the client confirmed the frame")
	}
	if pl.client.String() != "frame one" {
		t.Fatalf("the client got %q", pl.client.String())
	}
}

// TestLinkEndsWaitsWithTheSession: a write waiting for a confirmation
// that never comes returns when the session's context ends, and a failed
// ping (the connection gone) releases every wait.
func TestLinkEndsWaitsWithTheSession(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	pl := newPipeLink(t, ctx)
	wrote := make(chan struct{})
	go func() { _, _ = pl.written.Write([]byte("frame")); close(wrote) }()
	<-pl.pings
	cancel()
	<-wrote

	l := newLink(func() error { return errors.New("connection closed") })
	l.maxWait = time.Hour
	go l.run(t.Context())
	l.kick <- struct{}{}
	l.await(t.Context(), 1) // returns: the link is broken
	if !l.broken {
		t.Fatal("a failed ping did not mark the link broken")
	}
}

// TestRateFromTheLink: the pause after a frame comes from the link as the
// frames found it: none on a fast link, near or far (the round trip alone
// is not slowness); on a slow one, enough that frames take at most half
// of it.
func TestRateFromTheLink(t *testing.T) {
	ms := func(f float64) time.Duration { return time.Duration(f * float64(time.Millisecond)) }
	for _, c := range []struct {
		name   string
		frames [][2]float64 // bytes, milliseconds to confirm
		min    time.Duration
		max    time.Duration
	}{
		{"loopback", [][2]float64{{120, 0.2}, {3000, 1}, {120, 0.3}}, 0, time.Millisecond},
		{"far but fast", [][2]float64{{120, 100}, {3000, 101}, {120, 100}}, 0, time.Millisecond},
		// 3 KB/s after a burst the link let through at once: a 120-byte
		// frame then waits about 80 ms for the next.
		{"3 KB/s", [][2]float64{{120, 0.3}, {3000, 1000}, {120, 80}, {120, 80}, {120, 80}}, 60 * time.Millisecond, 600 * time.Millisecond},
		{"no big frame yet", [][2]float64{{120, 80}, {120, 80}}, 0, 0},
	} {
		var r rate
		var got time.Duration
		now := time.Now()
		for _, f := range c.frames {
			now = now.Add(ms(f[1]))
			got = r.observe(int(f[0]), ms(f[1]), now)
		}
		if got < c.min || got > c.max {
			t.Errorf("%s: the next frame waits %v after the last began; want %v to %v", c.name, got, c.min, c.max)
		}
	}
	var r rate
	now := time.Now()
	if got := r.observe(100_000, 100*time.Second, now); got != 0 {
		t.Errorf("a first frame sets the round trip, not the bandwidth: %v", got)
	}
	r.observe(100, time.Millisecond, now)
	if got := r.observe(100_000, 100*time.Second, now); got != maxInterval {
		t.Errorf("the slowest link waits at most %v, not %v", maxInterval, got)
	}
	// A big frame that waited for the server, not the link, is outweighed
	// by a quick one among the last few, and every measure is forgotten
	// after a while.
	var cpu rate
	cpu.observe(120, ms(0.3), now)
	cpu.observe(3000, ms(1), now)
	if got := cpu.observe(3000, 500*time.Millisecond, now); got > time.Millisecond {
		t.Errorf("one slow big frame after a quick one: the next waits %v", got)
	}
	var slow rate
	slow.observe(120, ms(0.3), now)
	slow.observe(3000, time.Second, now)
	if got := slow.observe(120, ms(80), now.Add(bandwidthFor)); got != 0 {
		t.Errorf("a measure %v old still slows the session: %v", bandwidthFor, got)
	}
}
