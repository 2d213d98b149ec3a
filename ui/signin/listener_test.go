package signin

import (
	"context"
	"net"
	"net/url"
	"slices"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"rdash/auth"
	"rdash/internal/testwait"
	"rdash/ui/common"
	"rdash/ui/internal/uitest"
	"rdash/ui/route"
)

// watchedSession lets a test hold NewFlow until release is closed, and
// says when a flow's Wait has begun.
type watchedSession struct {
	*uitest.Session
	release chan struct{} // nil: NewFlow at once
	waiting chan struct{} // closed when Wait begins
}

func (s *watchedSession) NewFlow() (common.Flow, error) {
	if s.release != nil {
		<-s.release
	}
	f, err := s.Session.NewFlow()
	if err != nil {
		return nil, err
	}
	return watchedFlow{Flow: f, waiting: s.waiting}, nil
}

type watchedFlow struct {
	common.Flow
	waiting chan struct{}
}

func (f watchedFlow) Wait(ctx context.Context) (common.Grant, error) {
	close(f.waiting)
	return f.Flow.Wait(ctx)
}

// startWatched opens the sign-in screen, in loopback mode, on a
// watchedSession; left, the screen is off the stack from the start, so
// the driver records its replies but, as the root, delivers none.
func startWatched(t *testing.T, hold, left bool) (*uitest.Driver, *Model, *watchedSession) {
	t.Helper()
	s := &watchedSession{Session: uitest.NewSession(t, uitest.SessionOptions{Mode: auth.ModeLoopback}),
		waiting: make(chan struct{})}
	if hold {
		s.release = make(chan struct{})
	}
	c := uitest.Common(t)
	c.Session = s
	m := New(c, route.SignInArgs{})
	var screen common.Screen = m
	if left {
		screen = leftScreen{m}
	}
	return uitest.NewDriver(t, uitest.Screen{S: screen}, 80, 24), m, s
}

// leftScreen is a screen that has left the stack: the root drops its
// replies.
type leftScreen struct{ *Model }

func (l leftScreen) Update(tea.Msg) (common.Screen, tea.Cmd) { return l, nil }

// waitClosed polls until nothing listens at the address of u: the
// loopback listener has stopped (it stops off the UI goroutine, with no
// message to wait for). It dials and sends no request, so a listener
// still open is not ended by the probe itself.
func waitClosed(t *testing.T, u string) {
	t.Helper()
	q, err := url.Parse(u)
	if err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(testwait.Limit(t)); ; time.Sleep(10 * time.Millisecond) {
		conn, err := net.Dial("tcp", q.Host)
		if err != nil {
			return
		}
		conn.Close()
		if time.Now().After(deadline) {
			t.Fatalf("the listener at %s still accepts connections", q.Host)
		}
	}
}

func TestLeavingStopsTheListener(t *testing.T) {
	t.Parallel()
	d, m, s := startWatched(t, false, false)
	u := waitURL(t, d, m)
	q, _ := url.Parse(u)
	callback := q.Query().Get("redirect_uri")
	// The wait starts beside the browser's opening, in one batch.
	d.WaitFor("the browser to be opened", func() bool {
		return slices.ContainsFunc(d.Seen, func(msg tea.Msg) bool { _, ok := msg.(browserOpenedMsg); return ok })
	})
	select {
	case <-s.waiting:
	case <-time.After(testwait.Limit(t)):
		t.Fatal("the screen never began to wait for the browser")
	}
	m.Close() // while the screen waits for the browser
	waitClosed(t, callback)
}

func TestAFlowMadeAfterLeavingIsClosed(t *testing.T) {
	t.Parallel()
	d, m, s := startWatched(t, true, true)
	m.Close() // before the flow is made: its reply reaches no screen
	close(s.release)
	var f common.Flow
	d.WaitFor("the flow to be made", func() bool {
		for _, msg := range d.Seen {
			if fs, ok := msg.(flowStartedMsg); ok {
				f = fs.flow
			}
		}
		return f != nil
	})
	q, _ := url.Parse(f.URL())
	waitClosed(t, q.Query().Get("redirect_uri"))
}
