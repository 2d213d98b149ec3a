package auth

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"golang.org/x/oauth2"

	"rdash/api"
	"rdash/internal/safe"
)

// ErrSignInNeeded matches, with errors.Is, every error that signing in again
// fixes: no stored token, a refused refresh, a token the API refused.
var ErrSignInNeeded = errors.New("sign-in needed")

// ErrStateMismatch aborts a sign-in whose redirect carries a state other than
// the one sent, as the interface requires: the redirect may be forged.
var ErrStateMismatch = errors.New("sign-in aborted: the state in the redirect is not the one rdash sent " +
	"(the link may be forged or from an older sign-in); start again with `rdash auth login`")

// ErrEnvToken is returned when a token would be stored while RDASH_TOKEN is
// set: the stored token would be ignored.
var ErrEnvToken = errors.New("RDASH_TOKEN is set and overrides stored tokens; " +
	"unset it to sign in and store a token")

// SignInError says why a new sign-in is needed. It matches ErrSignInNeeded
// and also api.ErrUnauthorized, so commands exit with the sign-in code (4).
type SignInError struct {
	Reason string // a sentence without secrets, e.g. "not signed in to example.com"
	Env    bool   // the refused token came from RDASH_TOKEN, which login cannot replace
	Err    error  // the cause, when there is one
}

func (e *SignInError) Error() string {
	if e.Env {
		return e.Reason + ": the token in RDASH_TOKEN was refused; unset it or set a valid one"
	}
	return e.Reason + "; run `rdash auth login` to sign in"
}

// Is matches ErrSignInNeeded and api.ErrUnauthorized.
func (e *SignInError) Is(target error) bool {
	return target == ErrSignInNeeded || target == api.ErrUnauthorized
}

func (e *SignInError) Unwrap() error { return e.Err }

// DeniedError is an aborted authorization: the redirect's code and message.
type DeniedError struct {
	Code    string // e.g. access_denied
	Message string // the account service's reason, made safe to print
}

func (e *DeniedError) Error() string {
	if e.Code == "" { // an abort redirect's code is the reason's name; one with none names nothing
		return "sign-in was not authorized: " + e.Message
	}
	return fmt.Sprintf("sign-in was not authorized: %s (%s)", e.Message, e.Code)
}

// TokenError is a refusal from the token endpoint. Unlike
// oauth2.RetrieveError it never carries the response body.
type TokenError struct {
	Status      int
	Code        string // RFC 6749 error, e.g. invalid_grant
	Description string // made safe to print, secrets removed
}

func (e *TokenError) Error() string {
	msg := "the account service refused the token request"
	if e.Code != "" {
		msg += ": " + e.Code
	}
	if e.Description != "" {
		msg += ": " + e.Description
	}
	if e.Status != 0 {
		msg += fmt.Sprintf(" (HTTP %d)", e.Status)
	}
	if e.Code == "invalid_client" || e.Status == http.StatusUnauthorized {
		msg += "; check client_id and client_secret (RDASH_CLIENT_ID, RDASH_CLIENT_SECRET)"
	}
	return msg
}

// tokenError turns an error from x/oauth2 into one that is safe to show:
// the response body is dropped and any secret the server echoed is removed.
func tokenError(err error, secrets ...string) error {
	var re *oauth2.RetrieveError
	if !errors.As(err, &re) {
		return errors.New(redact(err.Error(), secrets...))
	}
	te := &TokenError{Code: cleanText(re.ErrorCode, secrets), Description: cleanText(re.ErrorDescription, secrets)}
	if re.Response != nil {
		te.Status = re.Response.StatusCode
	}
	return te
}

// cleanText makes server text printable, short and free of secrets.
func cleanText(s string, secrets []string) string {
	s = safe.Line(redact(s, secrets...))
	if r := []rune(s); len(r) > 200 {
		s = string(r[:200]) + "…"
	}
	return s
}

// redact replaces every non-empty secret in s.
func redact(s string, secrets ...string) string {
	for _, sec := range secrets {
		if sec != "" {
			s = strings.ReplaceAll(s, sec, "[redacted]")
		}
	}
	return s
}

// refusedRefresh reports whether a refresh error means the grant is gone
// (sign in again) rather than a network or server failure (try later).
func refusedRefresh(err error) bool {
	var te *TokenError
	if !errors.As(err, &te) {
		return false
	}
	return te.Code != "" || (te.Status >= 400 && te.Status < 500)
}
