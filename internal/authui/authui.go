// Package authui adapts auth to the dashboard's session interface
// (ui/common.Session), so that the UI imports neither auth nor oauth2: a
// flow's token reaches the UI as an opaque common.Grant and comes back to
// the session through Token; auth's locations, notices and errors become
// the UI's plain data and sentences. cmd's session and the UI's test
// session (ui/internal/uitest) both use it.
package authui

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"golang.org/x/oauth2"

	"rdash/api"
	"rdash/auth"
	"rdash/internal/safe"
	"rdash/ui/common"
)

// grant holds a token for the UI, which cannot read it. tab is the
// browser tab of a loopback sign-in, waiting to be told how it ended.
type grant struct {
	tok *oauth2.Token
	tab *tab
}

func (grant) Granted() {}

// Grant wraps tok for the UI.
func Grant(tok *oauth2.Token) common.Grant { return grant{tok: tok} }

// Token is the token inside g, which must come from Grant or a Flow.
func Token(g common.Grant) (*oauth2.Token, error) {
	gr, ok := g.(grant)
	if !ok || gr.tok == nil {
		return nil, errors.New("sign-in: no token was granted")
	}
	return gr.tok, nil
}

// Finished tells the browser tab of g's sign-in how the session's Complete
// of it went: done is the sentence shown under "Signed in", err what
// stopped it. A session calls it once Complete has checked and stored the
// token (or failed to); for a grant without a tab (pasted) it does
// nothing.
func Finished(g common.Grant, done string, err error) {
	if gr, ok := g.(grant); ok && gr.tab != nil {
		gr.tab.once.Do(func() { gr.tab.answer <- tabAnswer{done: done, err: err} })
	}
}

// tab is a loopback callback's page, held open until Finished.
type tab struct {
	once   sync.Once
	answer chan tabAnswer // buffered: Finished never waits
}

type tabAnswer struct {
	done string
	err  error
}

// tabWait bounds how long a callback's Finish waits for the session: by
// then the page has long said "return to rdash" (auth waits 15 s), and a
// grant never completed (the user declined to store it) must not keep the
// flow's goroutine.
const tabWait = 2 * time.Minute

// flow is an *auth.Flow as the UI sees it.
type flow struct {
	f      *auth.Flow
	closed chan struct{}
	stop   *sync.Once
}

// Flow adapts f for the UI. In loopback mode, the browser tab is answered
// only after the session has completed the grant Wait returns (Finished),
// so it says "Signed in" only once the token is checked and stored, as
// `rdash auth login` does.
func Flow(f *auth.Flow) common.Flow {
	return flow{f: f, closed: make(chan struct{}), stop: new(sync.Once)}
}

func (w flow) URL() string    { return w.f.URL() }
func (w flow) Loopback() bool { return w.f.Mode() == auth.ModeLoopback }

func (w flow) Close() error {
	w.stop.Do(func() { close(w.closed) })
	return w.f.Close()
}

// Wait returns the grant as soon as the code is exchanged, while auth's
// Wait holds the browser tab open until Finished says how the session's
// Complete went. ctx ends the wait until then, not after: the UI stops
// waiting for the browser once it has the grant.
// Call it once a flow (it sets the flow's Finish).
func (w flow) Wait(ctx context.Context) (common.Grant, error) {
	inner, cancel := context.WithCancel(context.WithoutCancel(ctx))
	handed := make(chan grant, 1)
	w.f.SetFinish(func(fctx context.Context, tok *oauth2.Token) (string, error) {
		t := &tab{answer: make(chan tabAnswer, 1)}
		handed <- grant{tok: tok, tab: t}
		timer := time.NewTimer(tabWait)
		defer timer.Stop()
		select {
		case a := <-t.answer:
			return a.done, a.err
		case <-fctx.Done():
			return "", fctx.Err()
		case <-w.closed:
			return "", errors.New("rdash stopped waiting for this sign-in")
		case <-timer.C:
			return "", errors.New("rdash did not finish storing the sign-in in time")
		}
	})
	ended := make(chan error, 1)
	go func() {
		defer cancel()
		_, err := w.f.Wait(inner)
		ended <- err
	}()
	select {
	case g := <-handed:
		return g, nil
	case err := <-ended:
		if err == nil { // a Finish that answered before handing over: cannot happen
			err = errors.New("sign-in: no token was granted")
		}
		return nil, Error(err)
	case <-ctx.Done():
		cancel() // auth's Wait stops listening; a Finish under way fails
		return nil, ctx.Err()
	}
}

func (w flow) Exchange(ctx context.Context, pasted string) (common.Grant, error) {
	return granted(w.f.Exchange(ctx, pasted))
}

func granted(tok *oauth2.Token, err error) (common.Grant, error) {
	if err != nil {
		return nil, Error(err)
	}
	return Grant(tok), nil
}

// Location says where a token is stored, as `rdash auth status` does.
func Location(l auth.Location) common.Location { return common.Location(l.String()) }

// Locations converts each of ls.
func Locations(ls []auth.Location) []common.Location {
	var out []common.Location
	for _, l := range ls {
		out = append(out, Location(l))
	}
	return out
}

// Notice words n for the UI; nil stays nil.
func Notice(n *auth.InsecureNotice) *common.InsecureNotice {
	if n == nil {
		return nil
	}
	return &common.InsecureNotice{Text: n.String()}
}

// Error puts auth's sign-in errors in words for the sign-in screen, saying
// what to do there rather than which command to run: a *common.SignInError,
// or common.ErrEnvToken. Other errors (transport, api, cancellation) pass
// as they are. auth's errors carry no token, code or secret; server text
// is made printable again all the same.
func Error(err error) error {
	var (
		de *auth.DeniedError
		te *auth.TokenError
		nk *auth.NoKeyringError
	)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, auth.ErrEnvToken):
		return fmt.Errorf("%w: %w", common.ErrEnvToken, err)
	case errors.Is(err, auth.ErrStateMismatch):
		return words(err, "Refused: the state in that address is not the one this sign-in sent, so it may be forged "+
			"or from an older sign-in. Use the address shown here, or paste only the code.")
	case errors.As(err, &de):
		return words(err, fmt.Sprintf("The sign-in was not authorized: %s (%s).", safe.Line(de.Message), safe.Line(de.Code)))
	case errors.As(err, &te) && (te.Code == "invalid_client" || te.Status == 401):
		return words(err, "The account service refused rdash's client credentials"+detail(te)+
			". Check client_id and client_secret (RDASH_CLIENT_ID, RDASH_CLIENT_SECRET).")
	case errors.As(err, &te) && te.Code == "invalid_grant":
		return words(err, "The account service refused the code"+detail(te)+
			". A code works once and expires after a few minutes: sign in at the address again for a new one.")
	case errors.As(err, &te):
		return words(err, "The account service refused the sign-in"+detail(te)+".")
	case errors.As(err, &nk):
		e := words(err, fmt.Sprintf("The token was not saved: the keyring did not answer (%s), and storing it in "+
			"plain text needs your consent. Start again to be asked.", safe.Line(errString(nk.Reason))))
		e.NoKeyring = true
		return e
	case errors.Is(err, api.ErrUnauthorized):
		return words(err, "The server refused the new sign-in's token.")
	}
	return err
}

func words(err error, sentence string) *common.SignInError {
	return &common.SignInError{Sentence: sentence, Err: err}
}

// detail is the token endpoint's error code and description.
func detail(te *auth.TokenError) string {
	var parts []string
	for _, p := range []string{te.Code, te.Description} {
		if p = safe.Line(p); p != "" {
			parts = append(parts, p)
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return ": " + strings.Join(parts, ": ")
}

func errString(err error) string {
	if err == nil {
		return "no reason given"
	}
	return err.Error()
}
