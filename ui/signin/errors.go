package signin

import (
	"errors"
	"fmt"
	"strings"

	"rdash/api"
	"rdash/auth"
	"rdash/internal/safe"
	"rdash/ui/common"
)

// describe puts a sign-in error in words, saying what to do here rather
// than which command to run. auth's errors carry no token, code or
// secret; server text is made printable again all the same.
func describe(err error) string {
	var (
		de *auth.DeniedError
		te *auth.TokenError
		nk *auth.NoKeyringError
	)
	switch {
	case errors.Is(err, auth.ErrStateMismatch):
		return "Refused: the state in that address is not the one this sign-in sent, so it may be forged " +
			"or from an older sign-in. Use the address shown here, or paste only the code."
	case errors.As(err, &de):
		return fmt.Sprintf("The sign-in was not authorized: %s (%s).", safe.Line(de.Message), safe.Line(de.Code))
	case errors.As(err, &te) && (te.Code == "invalid_client" || te.Status == 401):
		return "The account service refused rdash's client credentials" + detail(te) +
			". Check client_id and client_secret (RDASH_CLIENT_ID, RDASH_CLIENT_SECRET)."
	case errors.As(err, &te) && te.Code == "invalid_grant":
		return "The account service refused the code" + detail(te) +
			". A code works once and expires after a few minutes: sign in at the address again for a new one."
	case errors.As(err, &te):
		return "The account service refused the sign-in" + detail(te) + "."
	case errors.As(err, &nk):
		return fmt.Sprintf("The token was not saved: the keyring did not answer (%s), and storing it in "+
			"plain text needs your consent. Start again to be asked.", safe.Line(errString(nk.Reason)))
	case errors.Is(err, api.ErrUnauthorized):
		return "The server refused the new sign-in's token."
	}
	return common.Describe(err).Text()
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
