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

// whoAmI asks the server whose token tok is (auth.Identify), and returns
// the account and the token to store: asking may have renewed it. A token
// the server refuses, or that it neither names nor accepts where rdash
// checks, is not stored. A token the server accepts without naming its
// user (a server without GET /users/@me, as the interface document has
// none) is stored under the configured username, or "unknown", and the
// user is told so. withToken says the token was pasted, not just issued
// by the sign-in flow, so a refusal is the token's fault.
func whoAmI(ctx context.Context, f *Factory, cfg *config.Config, s auth.Settings, tok *oauth2.Token, withToken bool) (string, *oauth2.Token, error) {
	id, err := auth.Identify(ctx, s, tok, identifyOptions(cfg))
	var refused *auth.RefusedError
	switch {
	case errors.As(err, &refused) && withToken:
		// The token given is the one at fault: signing in again would not
		// mend it, so the error does not say to.
		return "", nil, &ExitError{Code: ExitAuth, Err: &explainedError{
			msg: "--with-token: the server refused this token on " + refused.Where +
				" (it is wrong, expired or revoked); nothing was stored", err: err}}
	case errors.Is(err, api.ErrUnauthorized):
		return "", nil, &ExitError{Code: ExitAuth, Err: fmt.Errorf("%w; nothing was stored", err)}
	case err != nil:
		return "", nil, err
	}
	if id.Unnamed != nil {
		fmt.Fprintln(f.IO.ErrOut, "! "+unnamedNotice(id))
	}
	return id.Name, id.Token, nil
}

// identifyOptions are what the config says of the user.
func identifyOptions(cfg *config.Config) auth.IdentifyOptions {
	return auth.IdentifyOptions{Username: cfg.Username, Orgs: cfg.Orgs}
}

// unnamedNotice says that the server did not name the account of a token
// it accepted, and under which name the token is stored.
func unnamedNotice(id auth.Identity) string {
	return fmt.Sprintf("The server did not say who you are (%s), but it accepted the token on %s; "+
		"storing the token for %q (set username in the config, or RDASH_USERNAME, to name the account).",
		safe.PlainLine(id.Unnamed.Error()), id.AcceptedOn, safe.PlainLine(id.Name))
}
