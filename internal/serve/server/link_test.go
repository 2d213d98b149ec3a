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
