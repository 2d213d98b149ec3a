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
// the server refuses is not stored, nor a pasted one the server failed to
// answer for. One it accepts without naming its user (a server without
// GET /users/@me, as the interface document has none), or that nothing
// it answers can show it accepts, is stored under the configured
// username, or "unknown", and the user is told which it was. withToken
// says the token was pasted, not issued by the sign-in flow, so a refusal
// is the token's fault.
func whoAmI(ctx context.Context, f *Factory, cfg *config.Config, s auth.Settings, tok *oauth2.Token, withToken bool) (auth.Identity, error) {
	id, err := auth.Identify(ctx, s, tok, identifyOptions(cfg))
	var refused *auth.RefusedError
	switch {
	case errors.As(err, &refused) && withToken:
		// The token given is the one at fault: signing in again would not
		// mend it, so the error does not say to.
		return auth.Identity{}, &ExitError{Code: ExitAuth, Err: &explainedError{
			msg: "--with-token: the server refused this token on " + refused.Where +
				" (it is wrong, expired or revoked); nothing was stored", err: err}}
	case errors.Is(err, api.ErrUnauthorized):
		return auth.Identity{}, &ExitError{Code: ExitAuth, Err: fmt.Errorf("%w; nothing was stored", err)}
	case err != nil:
		return auth.Identity{}, err
	case withToken && !id.Verified() && id.Unanswered:
		// The user still holds a token they pasted: it can be given again
		// once the server answers. (One from the sign-in flow is kept: its
		// code is spent.)
		return auth.Identity{}, fmt.Errorf("could not check the token: %s; nothing was stored. Try again when the server answers",
			id.Words())
	}
	if id.Unnamed != nil {
		printProse(f.IO.ErrOut, "! "+unnamedNotice(id, withToken))
	}
	return id, nil
}

// asWho is the account a sign-in stored its token for, saying so when
// the server did not verify the token.
func asWho(id auth.Identity) string {
	if !id.Verified() {
		return safe.PlainLine(id.Name) + " (not verified)"
	}
	return safe.PlainLine(id.Name)
}

// identifyOptions are what the config says of the user.
func identifyOptions(cfg *config.Config) auth.IdentifyOptions {
	return auth.IdentifyOptions{Username: cfg.Username, Orgs: cfg.Orgs}
}

// unnamedNotice says that the server did not name the account of a
// token, whether it showed it accepts it (and where) or nothing could
// show it, and under which name the token is stored.
func unnamedNotice(id auth.Identity, withToken bool) string {
	name := fmt.Sprintf("%q (set username in the config, or RDASH_USERNAME, to name the account)", safe.PlainLine(id.Name))
	if id.Verified() {
		return fmt.Sprintf("The server did not say who you are: %s; storing the token for %s.", id.Words(), name)
	}
	from := "It came from this server's sign-in, so it is kept"
	if withToken {
		from = "It is kept all the same"
	}
	tail := "Name one of your organizations in the config (orgs) to let rdash check the token there."
	if id.Unanswered {
		tail = "`rdash auth status` asks again."
	}
	return fmt.Sprintf("The token is %s. %s, stored for %s; a command it does not work for will say so. %s",
		id.Words(), from, name, tail)
}
