package auth

import (
	"context"
	"fmt"

	"golang.org/x/oauth2"

	"rdash/api"
)

// UnknownAccount is the account a token is stored under when neither the
// server nor the config names its user.
const UnknownAccount = "unknown"

// TokenCheckOrg is the organization a token is checked on when the
// config names none. A server that checks the token before it looks the
// organization up refuses a request for it without a token (401), which
// makes its answer to the token conclusive; a server that looks it up
// first answers 404 either way, and the check shows nothing.
const TokenCheckOrg = "rdash-token-check"

// NotVerified is what rdash says of a token the server accepted without
// saying so anywhere rdash can check.
const NotVerified = "not verified: this server does not say who is signed in"

// Identity is whose a token is, as far as rdash can tell.
type Identity struct {
	Verdict
	// Name is the account to store the token under: the server's
	// username, else the configured one, else UnknownAccount.
	Name string
	// Token is the token to store: asking may have renewed it, spending
	// the old refresh token.
	Token *oauth2.Token
}

// IdentifyOptions are what the config says of the user.
type IdentifyOptions struct {
	Username string   // the config's username, "" for none
	Orgs     []string // the config's organizations; the first is checked on
}

// RefusedError is a token the server refused (401) on the request Where:
// it must not be stored.
type RefusedError struct {
	Where string
	Err   error
}

func (e *RefusedError) Error() string {
	return fmt.Sprintf("the server refused the token on %s: %v", e.Where, e.Err)
}

// Unwrap returns the server's error, which matches api.ErrUnauthorized.
func (e *RefusedError) Unwrap() error { return e.Err }

// Identify asks the server whose tok is (Check), and names the account to
// store it under. Only a conclusive refusal is an error (a *RefusedError):
// a token the server neither names nor shows it accepts is kept, with
// Unchecked saying why it could not be checked. A token from the sign-in
// flow is the account service's own answer, and a probe that shows
// nothing is no reason to throw it away.
func Identify(ctx context.Context, s Settings, tok *oauth2.Token, o IdentifyOptions) (Identity, error) {
	src := NewSource(ctx, SourceOptions{Settings: s, Stored: &Stored{Host: s.Host(), Token: tok}})
	client, err := NewClient(src, api.WithMaxRetries(1))
	if err != nil {
		return Identity{}, err
	}
	anon, err := api.New(s.BaseURL, append(s.APIOptions(), api.WithMaxRetries(1))...)
	if err != nil {
		return Identity{}, err
	}
	v, err := Check(ctx, client, anon, o.Orgs)
	if err != nil {
		return Identity{}, err
	}
	name := v.Username
	if name == "" {
		name = o.Username
	}
	if name == "" {
		name = UnknownAccount
	}
	return Identity{Verdict: v, Name: name, Token: src.Stored().Token}, nil
}
