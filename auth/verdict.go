package auth

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"rdash/api"
	"rdash/internal/safe"
)

// Verdict is what the server showed of a token: whose it is, or where it
// accepted it, or why nothing it answered was conclusive.
type Verdict struct {
	// Username is the server's name for the token's user; "" when it did
	// not say.
	Username string
	// Unnamed says why the server did not name the user; nil when it did.
	Unnamed error
	// AcceptedOn is where the server showed it accepts the token, when it
	// did not name the user; "" when no check was conclusive.
	AcceptedOn string
	// Unchecked says why no check was conclusive, when neither Username
	// nor AcceptedOn is set.
	Unchecked string
	// Unanswered says the server failed to answer a check (5xx, 429, no
	// answer): asked later, it may say more. Otherwise it answered, and
	// what it answered cannot show whose the token is.
	Unanswered bool
}

// Verified reports whether the server showed it accepts the token: it
// named the user, or accepted it where a refusal would have shown.
func (v Verdict) Verified() bool { return v.Username != "" || v.AcceptedOn != "" }

// Check asks the server, through client, whose token it sends: GET
// /users/@me, which the real service answers and the interface document
// does not list. A server that does not say is asked on GET
// /orgs/{orgId}/invitations, an endpoint the document says needs a token,
// for orgs[0] (TokenCheckOrg when there is none): asked without a token
// (anon), a server that checks tokens there first must refuse (401), and
// then its answer with the token is conclusive: 401 refuses it, anything
// else (the list, 403 without MEMBER_CREATE, 404 for an organization it
// does not know) accepts it. Any other answer without a token (404 from a
// server that looks the organization up first, a failure) shows nothing,
// and the Verdict says so in Unchecked. The error is a *RefusedError when
// the server refused the token, or the context's.
func Check(ctx context.Context, client, anon *api.Client, orgs []string) (Verdict, error) {
	u, _, err := client.GetUser(ctx, api.Me)
	switch {
	case unanswered(err) && ctx.Err() == nil:
		return Verdict{Unnamed: err, Unanswered: true, Unchecked: "GET /users/@me failed"}, nil
	case err == nil && u.Username != "":
		return Verdict{Username: u.Username}, nil
	case errors.Is(err, api.ErrUnauthorized):
		return Verdict{}, &RefusedError{Where: "GET /users/@me", Err: err}
	case ctx.Err() != nil:
		return Verdict{}, ctx.Err()
	case errors.Is(err, api.ErrForbidden): // the token lacks user:read: accepted, not named
		return Verdict{Unnamed: err, AcceptedOn: "GET /users/@me (403: it may not say whose it is)"}, nil
	case err == nil:
		err = errors.New("no username in the answer")
	}
	org := TokenCheckOrg
	if len(orgs) > 0 {
		org = orgs[0]
	}
	return probe(ctx, client, anon, org, Verdict{Unnamed: err})
}

// probe asks GET /orgs/{org}/invitations without a token (anon), then,
// when that is refused, with it (client), and puts in v what the answers
// show (see Check).
func probe(ctx context.Context, client, anon *api.Client, org string, v Verdict) (Verdict, error) {
	where := "GET /orgs/" + safe.PlainLine(org) + "/invitations"
	if _, _, err := anon.ListInvitations(ctx, org); !errors.Is(err, api.ErrUnauthorized) {
		if ctx.Err() != nil {
			return Verdict{}, ctx.Err()
		}
		v.Unanswered = unanswered(err)
		v.Unchecked = fmt.Sprintf("%s answered %s even without a token, so no answer there can show the token is accepted",
			where, answer(err))
		if v.Unanswered {
			v.Unchecked = fmt.Sprintf("%s failed without a token (%s)", where, answer(err))
		}
		return v, nil
	}
	_, _, err := client.ListInvitations(ctx, org)
	switch {
	case err == nil, errors.Is(err, api.ErrForbidden), errors.Is(err, api.ErrNotFound):
		v.AcceptedOn = where
		return v, nil
	case errors.Is(err, api.ErrUnauthorized):
		return Verdict{}, &RefusedError{Where: where, Err: err}
	case ctx.Err() != nil:
		return Verdict{}, ctx.Err()
	}
	v.Unanswered = unanswered(err)
	v.Unchecked = fmt.Sprintf("%s refuses requests without a token, but with this one it answered %s", where, answer(err))
	return v, nil
}

// Words say, of a token the server did not name the user of, why not and
// whether it showed it accepts the token: where, or why nothing could.
func (v Verdict) Words() string {
	if v.Unnamed == nil {
		return ""
	}
	why := "(" + safe.PlainLine(v.Unnamed.Error()) + ")"
	if errors.Is(v.Unnamed, api.ErrNotFound) { // the interface document has no GET /users/@me
		why = "(it has no GET /users/@me)"
	}
	switch {
	case v.Verified():
		return "the server does not say whose the token is " + why + ", but it accepted the token on " + v.AcceptedOn
	case v.Unanswered:
		return "not verified: the server did not answer " + why + "; " + v.Unchecked
	}
	return NotVerified + " " + why + ", and " + v.Unchecked
}

// unanswered reports that a request failed without the server answering
// it for what it is: a 5xx, a 429, or no answer at all.
func unanswered(err error) bool {
	var ae *api.Error
	var rl *api.RateLimitError
	switch {
	case err == nil, errors.Is(err, api.ErrUnauthorized):
		return false
	case errors.As(err, &rl):
		return true
	case errors.As(err, &ae):
		return ae.StatusCode >= http.StatusInternalServerError || ae.StatusCode == http.StatusTooManyRequests
	}
	return errors.Is(err, api.ErrNoResponse) || errors.Is(err, api.ErrUnreachable) || errors.Is(err, api.ErrMalformedResponse)
}

// answer is what a request answered, in a few words: its status, or how
// it failed.
func answer(err error) string {
	var ae *api.Error
	switch {
	case err == nil:
		return "a list"
	case errors.As(err, &ae):
		return fmt.Sprintf("%d", ae.StatusCode)
	}
	return safe.PlainLine(err.Error())
}
