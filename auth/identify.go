package auth

import (
	"context"
	"errors"
	"fmt"

	"golang.org/x/oauth2"

	"rdash/api"
	"rdash/internal/safe"
)

// UnknownAccount is the account a token is stored under when neither the
// server nor the config names its user.
const UnknownAccount = "unknown"

// TokenCheckOrg is the organization a token is checked on when the
// config names none: an unknown one does, as the service checks the token
// before it looks the organization up.
const TokenCheckOrg = "rdash-token-check"

// Identity is whose a token is, as far as rdash can tell.
type Identity struct {
	// Name is the account to store the token under: the server's
	// username, else the configured one, else UnknownAccount.
	Name string
	// Token is the token to store: asking may have renewed it, spending
	// the old refresh token.
	Token *oauth2.Token
	// Unnamed says why the server did not name the account; nil when it
	// did. AcceptedOn then says where the server accepted the token.
	Unnamed    error
	AcceptedOn string
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

// Identify asks the server whose tok is (GET /users/@me). A server that
// does not say (the interface document has no such endpoint: 404, or 403
// for a token without user:read) must still show it accepts the token,
// or it is not stored: see accepted. The error is a *RefusedError when
// the server refused the token.
func Identify(ctx context.Context, s Settings, tok *oauth2.Token, o IdentifyOptions) (Identity, error) {
	src := NewSource(ctx, SourceOptions{Settings: s, Stored: &Stored{Host: s.Host(), Token: tok}})
	client, err := NewClient(src, api.WithMaxRetries(1))
	if err != nil {
		return Identity{}, err
	}
	u, _, err := client.GetUser(ctx, api.Me)
	switch {
	case err == nil && u.Username != "":
		return Identity{Name: u.Username, Token: src.Stored().Token}, nil
	case errors.Is(err, api.ErrUnauthorized):
		return Identity{}, &RefusedError{Where: "GET /users/@me", Err: err}
	case ctx.Err() != nil:
		return Identity{}, ctx.Err()
	case err == nil:
		err = errors.New("no username in the answer")
	}
	where, cerr := accepted(ctx, s, client, o, err)
	if cerr != nil {
		return Identity{}, cerr
	}
	name := o.Username
	if name == "" {
		name = UnknownAccount
	}
	return Identity{Name: name, Token: src.Stored().Token, Unnamed: err, AcceptedOn: where}, nil
}

// accepted returns where the server accepted the token of client, whose
// GET /users/@me failed with unnamed. A 403 there is acceptance already
// (the token lacks user:read). Else the token is tried on GET
// /orgs/{orgId}/invitations, an endpoint the interface documents as
// needing a token: asked without one, the server must refuse (401),
// which shows it checks tokens there; asked with this one, any answer but
// 401 (the list, 403 without MEMBER_CREATE, 404 for an organization it
// does not know) is acceptance.
func accepted(ctx context.Context, s Settings, client *api.Client, o IdentifyOptions, unnamed error) (string, error) {
	if errors.Is(unnamed, api.ErrForbidden) {
		return "GET /users/@me (403: it may not say whose it is)", nil
	}
	org := TokenCheckOrg
	if len(o.Orgs) > 0 {
		org = o.Orgs[0]
	}
	where := "GET /orgs/" + safe.PlainLine(org) + "/invitations"
	cannot := func(why error) error {
		return fmt.Errorf("could not check the token: the server did not say whose it is (%v), and %s %v; "+
			"nothing was stored. Try again when the server answers, or name one of your organizations "+
			"in the config (orgs) to check the token there", unnamed, where, why)
	}
	anon, err := api.New(s.BaseURL, s.APIOptions()...)
	if err != nil {
		return "", err
	}
	if _, _, err := anon.ListInvitations(ctx, org); !errors.Is(err, api.ErrUnauthorized) {
		answer := "a list"
		if err != nil {
			answer = err.Error()
		}
		return "", cannot(fmt.Errorf("did not refuse a request without a token (it answered %s)", answer))
	}
	_, _, err = client.ListInvitations(ctx, org)
	switch {
	case err == nil, errors.Is(err, api.ErrForbidden), errors.Is(err, api.ErrNotFound):
		return where, nil
	case errors.Is(err, api.ErrUnauthorized):
		return "", &RefusedError{Where: where, Err: err}
	case ctx.Err() != nil:
		return "", ctx.Err()
	}
	return "", cannot(fmt.Errorf("answered %v", err))
}
