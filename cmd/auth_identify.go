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
