package explain

import (
	"context"
	"errors"
	"net/http"
	"regexp"

	"rdash/api"
	"rdash/internal/safe"
)

// Retryable reports that sending a change again may mend err: the request
// was lost on the way or its outcome is not known, the server was busy
// (429) or failing (5xx), or the user cancelled it. A refusal (a 4xx, or
// a check made before sending) would only be refused again.
func Retryable(err error) bool {
	var ve *api.ValidationError
	var ae *api.Error
	var rl *api.RateLimitError
	switch {
	case err == nil:
		return false
	case errors.Is(err, api.ErrMaybeApplied), errors.Is(err, context.Canceled), errors.As(err, &rl):
		return true
	case errors.As(err, &ve):
		return false
	case errors.As(err, &ae):
		return ae.StatusCode >= 500 || ae.StatusCode == http.StatusTooManyRequests || ae.StatusCode == http.StatusRequestTimeout
	}
	return true // the connection, the deadline, an answer rdash could not read
}

var (
	lacksScope = regexp.MustCompile(`lacks scope ([a-z:]+)`)
	lacksPerm  = regexp.MustCompile(`lacks organization permission ([A-Za-z_:]+) in ([A-Za-z0-9_-]+)`)
	onlyOwner  = regexp.MustCompile(`only its owner ([A-Za-z0-9_-]+) may`)
)

// Change says what to change before sending a change err refused, in the
// user's terms; empty when sending again may mend it (Retryable) or
// nothing better than the error's own words can be said. what names the
// thing refused: "this version", "the edit".
func Change(err error, what string) string {
	var ae *api.Error
	if Retryable(err) {
		return ""
	}
	if wire, _, ok := FieldRule(err); ok {
		if errors.As(err, &ae) && ae.StatusCode == http.StatusConflict && Label(wire) == "Version" {
			return "choose another version string: the project has this one"
		}
		return "change " + Label(wire) + " as said, then send " + what + " again"
	}
	if !errors.As(err, &ae) {
		return ""
	}
	switch ae.StatusCode {
	case http.StatusUnauthorized:
		return "sign in again (@ opens the account), then send " + what + " again"
	case http.StatusForbidden:
		return forbiddenChange(safe.Line(ae.Message))
	case http.StatusNotFound:
		return "it is no longer on the server: reload the list (r) to see what is"
	case http.StatusConflict:
		return "the server holds something else now: reload, then try again"
	case http.StatusRequestEntityTooLarge:
		return "send smaller files, or fewer at a time"
	}
	return "change what the server names, then send " + what + " again"
}

// forbiddenChange reads the service's 403 (docs/wire.md: the message
// names what is missing) into who can give it.
func forbiddenChange(msg string) string {
	switch {
	case lacksScope.MatchString(msg):
		return "sign in again granting the " + lacksScope.FindStringSubmatch(msg)[1] + " scope (@ opens the account)"
	case lacksPerm.MatchString(msg):
		m := lacksPerm.FindStringSubmatch(msg)
		return "ask an owner of " + m[2] + " for the " + m[1] + " permission; sending again will not help"
	case onlyOwner.MatchString(msg):
		return "only " + onlyOwner.FindStringSubmatch(msg)[1] + ", the project's owner, may change it"
	}
	return "your account or sign-in lacks a permission for this: ask the project's owner"
}
