package auth

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"sync"
	"time"

	"golang.org/x/oauth2"
)

const (
	// waitTimeout bounds Wait: past it the code the user might still get
	// would be about to expire anyway (10 minutes).
	waitTimeout = 10 * time.Minute
	// pageWait is how long the callback page waits for the token exchange
	// so it can say whether the sign-in worked.
	pageWait = 15 * time.Second
)

// callback is the one-shot listener of ModeLoopback.
type callback struct {
	url   string
	srv   *http.Server
	got   chan url.Values // the first callback's query
	reply chan page       // what its page says
	done  chan struct{}   // closed when the listener stops
	first sync.Once
	stop  sync.Once
}

// listen binds 127.0.0.1 only, never all interfaces: the code must not be
// offered to the network.
func listen() (*callback, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("listening for the sign-in callback: %w", err)
	}
	c := &callback{
		url:   "http://" + ln.Addr().String() + "/callback",
		got:   make(chan url.Values, 1),
		reply: make(chan page, 1),
		done:  make(chan struct{}),
	}
	c.srv = &http.Server{Handler: c, ReadHeaderTimeout: 10 * time.Second}
	go c.srv.Serve(ln)
	return c, nil
}

func (c *callback) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != "/callback" {
		http.NotFound(w, r)
		return
	}
	first := false
	c.first.Do(func() { first = true })
	if !first {
		writePage(w, page{Title: "Sign-in already finished", Text: "This sign-in has already received its answer."})
		return
	}
	c.got <- r.URL.Query()
	select {
	case p := <-c.reply:
		writePage(w, p)
	case <-time.After(pageWait):
		writePage(w, page{Title: "Almost done", Text: "Return to rdash to see whether the sign-in worked."})
	case <-c.done:
		writePage(w, page{Title: "Sign-in cancelled", Text: "rdash stopped waiting for this sign-in."})
	case <-r.Context().Done():
	}
}

// close stops listening and lets a page being written finish.
func (c *callback) close() error {
	var err error
	c.stop.Do(func() {
		close(c.done)
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		err = c.srv.Shutdown(ctx)
	})
	return err
}

// Wait waits for the browser to come back to the loopback listener, checks
// the state, exchanges the code, and tells the browser tab the outcome. It
// gives up when ctx ends or after 10 minutes, and stops listening either way.
func (f *Flow) Wait(ctx context.Context) (*oauth2.Token, error) {
	if f.cb == nil {
		return nil, errors.New("this sign-in has no callback listener: paste the code instead")
	}
	defer f.Close()
	ctx, cancel := context.WithTimeout(ctx, waitTimeout)
	defer cancel()
	select {
	case q := <-f.cb.got:
		tok, err := f.fromCallback(ctx, q)
		done := ""
		if err == nil && f.finish != nil {
			done, err = f.finish(ctx, tok)
		}
		f.cb.reply <- pageFor(err, done, f.finish != nil)
		if err != nil {
			return nil, err
		}
		return tok, nil
	case <-ctx.Done():
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return nil, fmt.Errorf("no answer from the browser: gave up waiting for the sign-in: %w", ctx.Err())
		}
		return nil, ctx.Err()
	}
}

func (f *Flow) fromCallback(ctx context.Context, q url.Values) (*oauth2.Token, error) {
	code, err := f.codeFromQuery(q)
	if err != nil {
		return nil, err
	}
	return f.exchange(ctx, code)
}

// WaitOpened opens the URL with open while waiting as Wait does. Unlike a
// browser that failed to start (the user can still copy the URL), an error
// from open ends the wait: use it with HTTPOpener, which drives the consent
// page itself.
func (f *Flow) WaitOpened(ctx context.Context, open Opener) (*oauth2.Token, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type result struct {
		tok *oauth2.Token
		err error
	}
	done := make(chan result, 1)
	go func() {
		tok, err := f.Wait(ctx)
		done <- result{tok, err}
	}()
	openErr := open(ctx, f.URL())
	if openErr != nil {
		// The callback page answers only after the exchange, so an opener
		// that failed never reached it: nothing is lost by cancelling.
		cancel()
	}
	r := <-done
	if openErr != nil && errors.Is(r.err, context.Canceled) {
		return nil, openErr
	}
	return r.tok, r.err
}
