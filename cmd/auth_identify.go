package cmd

import (
	"context"
	"errors"
	"fmt"

	"golang.org/x/oauth2"

	"rdash/api"
	"rdash/auth"
	"rdash/config"
	"rdash/internal/safe"
)

// whoAmI asks the server whose token tok is, and returns the token to
// store: asking may have renewed it, spending the old refresh token. A
// token the server refuses is not stored. When the server cannot say who
// it belongs to, a token from the sign-in flow, which the account service
// just issued, is stored under the configured username (or "default"). A
// pasted token (strict) is stored only when checked: the server named its
// account, or accepted it (see pastedTokenAccepted), and is then stored
// under the configured username or "unknown"; otherwise nothing is stored.
func whoAmI(ctx context.Context, f *Factory, cfg *config.Config, s auth.Settings, tok *oauth2.Token, strict bool) (string, *oauth2.Token, error) {
	name, tok, unknown, err := identify(ctx, cfg, s, tok)
	if errors.Is(err, api.ErrUnauthorized) && strict {
		// The token given is the one at fault: signing in again would not
		// mend it, so the error does not say to.
		return "", nil, &ExitError{Code: ExitAuth, Err: &explainedError{
			msg: "--with-token: the server refused this token (it is wrong, expired or revoked); nothing was stored", err: err}}
	}
	if errors.Is(err, api.ErrUnauthorized) {
		return "", nil, &ExitError{Code: ExitAuth, Err: fmt.Errorf("%w; nothing was stored", err)}
	}
	if err != nil {
		return "", nil, err
	}
	if unknown != nil && strict {
		return storeUnnamed(ctx, f, cfg, s, tok, unknown)
	}
	if unknown != nil {
		fmt.Fprintf(f.IO.ErrOut, "! The server did not say who you are (%s); storing the token for %q (set username in the config to name it).\n",
			safe.PlainLine(unknown.Error()), safe.PlainLine(name))
	}
	return name, tok, nil
}

// identify is whoAmI without the terminal, for the dashboard too: unknown
// says why the server did not name the account, which is then the
// configured username, or "default".
func identify(ctx context.Context, cfg *config.Config, s auth.Settings, tok *oauth2.Token) (name string, fresh *oauth2.Token, unknown, err error) {
	src := auth.NewSource(ctx, auth.SourceOptions{Settings: s, Stored: &auth.Stored{Host: s.Host(), Token: tok}})
	client, err := auth.NewClient(src, api.WithMaxRetries(1))
	if err != nil {
		return "", nil, nil, err
	}
	u, _, err := client.GetUser(ctx, api.Me)
	fresh = src.Stored().Token
	switch {
	case err == nil && u.Username != "":
		return u.Username, fresh, nil, nil
	case errors.Is(err, api.ErrUnauthorized):
		return "", nil, nil, fmt.Errorf("the server refused the token: %w", err)
	case ctx.Err() != nil:
		return "", nil, nil, ctx.Err()
	}
	name = cfg.Username
	if name == "" {
		name = "default"
	}
	return name, fresh, errOrEmpty(err), nil
}

func errOrEmpty(err error) error {
	if err == nil {
		return errors.New("no username in the answer")
	}
	return err
}

// tokenCheckOrg is the organization a pasted token is checked on when the
// config names none: an unknown one does, as the service checks the token
// before it looks the organization up.
const tokenCheckOrg = "rdash-token-check"

// storeUnnamed decides about a pasted token whose account the server did
// not name (unknown says why): it is stored, under the configured
// username or "unknown", only when the server accepted it, and the user
// is told so.
func storeUnnamed(ctx context.Context, f *Factory, cfg *config.Config, s auth.Settings, tok *oauth2.Token, unknown error) (string, *oauth2.Token, error) {
	where, err := pastedTokenAccepted(ctx, cfg, s, tok, unknown)
	if err != nil {
		return "", nil, err
	}
	name := cfg.Username
	if name == "" {
		name = "unknown"
	}
	fmt.Fprintf(f.IO.ErrOut, "! The server did not say who you are (%s), but it accepted the token on %s; "+
		"storing the token for %q (set username in the config, or RDASH_USERNAME, to name the account).\n",
		safe.PlainLine(unknown.Error()), where, safe.PlainLine(name))
	return name, tok, nil
}

// pastedTokenAccepted returns where the server accepted tok. A 403 from
// GET /users/@me is acceptance already (the token lacks user:read). Else
// the token is tried on GET /orgs/{orgId}/invitations, an endpoint the
// interface documents as needing a token: asked without one, the server
// must refuse (401), which shows it checks tokens there; asked with this
// one, any answer but 401 (the list, 403 without MEMBER_CREATE, 404 for an
// organization it does not know) is acceptance.
func pastedTokenAccepted(ctx context.Context, cfg *config.Config, s auth.Settings, tok *oauth2.Token, unknown error) (string, error) {
	if errors.Is(unknown, api.ErrForbidden) {
		return "GET /users/@me (403: it may not say whose it is)", nil
	}
	org := tokenCheckOrg
	if len(cfg.Orgs) > 0 {
		org = cfg.Orgs[0]
	}
	where := "GET /orgs/" + safe.PlainLine(org) + "/invitations"
	cannot := func(why error) error {
		return fmt.Errorf("could not check the token: the server did not say whose it is (%v), and %s %v; "+
			"nothing was stored. Run this again when the server answers, or name one of your organizations "+
			"in the config (orgs) to check the token there", unknown, where, why)
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
	src := auth.NewSource(ctx, auth.SourceOptions{Settings: s, Stored: &auth.Stored{Host: s.Host(), Token: tok}})
	client, err := auth.NewClient(src, api.WithMaxRetries(1))
	if err != nil {
		return "", err
	}
	_, _, err = client.ListInvitations(ctx, org)
	switch {
	case err == nil, errors.Is(err, api.ErrForbidden), errors.Is(err, api.ErrNotFound):
		return where, nil
	case errors.Is(err, api.ErrUnauthorized):
		return "", &ExitError{Code: ExitAuth, Err: fmt.Errorf("the server refused the token on %s: %w; nothing was stored", where, err)}
	}
	return "", cannot(fmt.Errorf("answered %v", err))
}
