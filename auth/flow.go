package auth

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"net/url"

	"golang.org/x/oauth2"

	"rdash/config"
)

// Mode is how the redirect of the account service gets back to rdash.
type Mode int

const (
	// ModeLoopback receives the redirect on a one-shot listener on
	// 127.0.0.1, for a browser on the same machine.
	ModeLoopback Mode = iota
	// ModePaste has the user paste the redirect URL or the code. The
	// redirect goes to the app's configured callback, which shows the code,
	// so a browser on another machine works.
	ModePaste
)

// ChooseMode picks ModePaste over SSH, without a graphical session, or
// when the user asked for no browser: a loopback listener on a remote host
// cannot be reached by the user's browser.
func ChooseMode(env config.Env, noBrowser bool) Mode {
	if noBrowser || env.SSH || !env.Display {
		return ModePaste
	}
	return ModeLoopback
}

// Flow is one authorization-code sign-in. It needs no terminal: show URL(),
// then call Wait (ModeLoopback) or Exchange with what the user pasted (either
// mode), and Close when done. Wait and Exchange may run at the same time; the
// first code wins and later ones are refused by the server as used.
type Flow struct {
	settings Settings
	conf     *oauth2.Config
	state    string
	verifier string // PKCE (RFC 7636): its S256 hash goes in the URL, itself in the exchange
	mode     Mode
	cb       *callback // nil in ModePaste
	finish   Finish
}

// Finish completes a sign-in once the code is exchanged: check whose the
// token is and store it. It returns the sentence the browser tab shows on
// success, e.g. "rdash is signed in to example.com as alice.".
type Finish func(ctx context.Context, tok *oauth2.Token) (done string, err error)

// SetFinish makes Wait run fn after the exchange and before it answers the
// browser tab, so the tab reports what came of the whole sign-in and never
// says "signed in" before rdash has checked and stored the token. Without
// it the tab says only that rdash received a token. Call it before Wait.
func (f *Flow) SetFinish(fn Finish) { f.finish = fn }

// NewFlow starts a sign-in. In ModeLoopback it listens on 127.0.0.1 on a
// free port until one callback arrives, Wait gives up, or Close.
func NewFlow(s Settings, mode Mode) (*Flow, error) {
	if err := checkSettings(s); err != nil {
		return nil, err
	}
	state, err := newState()
	if err != nil {
		return nil, err
	}
	f := &Flow{settings: s, state: state, verifier: oauth2.GenerateVerifier(), mode: mode}
	redirect := ""
	if mode == ModeLoopback {
		if f.cb, err = listen(); err != nil {
			return nil, err
		}
		redirect = f.cb.url
	}
	// Without redirect_uri the account service sends the browser to the
	// app's configured callback, which shows the code for pasting.
	f.conf = s.oauthConfig(redirect)
	return f, nil
}

// checkSettings refuses, before the user signs in, settings the sign-in
// cannot finish with: the code could not be exchanged.
func checkSettings(s Settings) error {
	u, err := url.Parse(s.AuthURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("auth_url %q is not an http(s) URL", s.AuthURL)
	}
	if err := s.checkPlainHTTP(u, "the sign-in's code and the client secret"); err != nil {
		return err
	}
	if s.ClientID == "" {
		return errors.New("no client_id configured (RDASH_CLIENT_ID)")
	}
	return nil
}

// newState returns 256 random bits, so a forged redirect cannot guess it.
func newState() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("making the sign-in state: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// Mode returns the flow's mode.
func (f *Flow) Mode() Mode { return f.mode }

// URL is the authorize address to open in a browser. It carries the
// state and the PKCE challenge (S256), so show it to the user but do not
// log it.
func (f *Flow) URL() string {
	return f.conf.AuthCodeURL(f.state, oauth2.S256ChallengeOption(f.verifier))
}

// Exchange takes what the user pasted (the redirect URL, its query, or the
// bare code), checks the state when the paste carries one, and exchanges
// the code for tokens.
func (f *Flow) Exchange(ctx context.Context, pasted string) (*oauth2.Token, error) {
	code, err := f.codeFromPaste(pasted)
	if err != nil {
		return nil, err
	}
	tok, err := f.exchange(ctx, code)
	if err == nil {
		f.Close()
	}
	return tok, err
}

func (f *Flow) exchange(ctx context.Context, code string) (*oauth2.Token, error) {
	tok, err := f.conf.Exchange(f.settings.context(ctx), code, oauth2.VerifierOption(f.verifier))
	if err != nil {
		return nil, tokenError(err, code, f.state, f.verifier, f.settings.ClientSecret)
	}
	if err := CheckToken(tok.AccessToken); err != nil {
		return nil, fmt.Errorf("the account service sent an access token that %w", err)
	}
	return tok, nil
}

// Close stops the loopback listener; it is safe to call more than once.
func (f *Flow) Close() error {
	if f.cb == nil {
		return nil
	}
	return f.cb.close()
}
