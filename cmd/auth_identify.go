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
// account, or accepted it but lacks user:read (403) and a username is
// configured; otherwise nothing is stored.
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
		switch {
		case errors.Is(unknown, api.ErrForbidden) && cfg.Username == "":
			return "", nil, &ExitError{Code: ExitCancel, Err: fmt.Errorf("the server accepted the token but would not say whose it is (%v), "+
				"probably because it lacks the user:read scope; nothing was stored. Set username in the config "+
				"(or RDASH_USERNAME) to name the account, then run this again", unknown)}
		case !errors.Is(unknown, api.ErrForbidden):
			return "", nil, fmt.Errorf("could not check the token: the server did not answer who it belongs to (%v); "+
				"nothing was stored. Run this again when the server answers", unknown)
		}
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
	client, err := api.New(s.BaseURL, api.WithHTTPClient(auth.NewHTTPClient(src, nil)), api.WithMaxRetries(1))
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
