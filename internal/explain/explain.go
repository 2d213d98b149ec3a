// Package explain turns API errors into sentences that say what went wrong
// in the user's terms and what to do, for the command line and the
// dashboard alike.
package explain

import (
	"errors"
	"fmt"

	"rdash/api"
	"rdash/internal/safe"
)

// InvitationOp is an action on an organization's invitations.
type InvitationOp int

// The invitation actions.
const (
	OpList InvitationOp = iota
	OpSend
	OpCancel
	OpAccept
	OpReject
)

// Invitation explains err from an invitation call on org; other errors
// pass through unchanged. The service answers 403 and 404 for several
// reasons, so the sentence names the likely one for the action.
func Invitation(op InvitationOp, org, user string, err error) error {
	if err == nil {
		return nil
	}
	org, user = safe.Line(org), safe.Line(user)
	var msg string
	switch {
	case errors.Is(err, api.ErrForbidden):
		msg = forbidden(op, org, user)
	case errors.Is(err, api.ErrNotFound):
		msg = notFound(op, org, user)
	case errors.Is(err, api.ErrConflict):
		msg = conflict(op, org, user)
	default:
		return err
	}
	return &Error{Sentence: msg, Err: err}
}

func forbidden(op InvitationOp, org, user string) string {
	switch op {
	case OpAccept:
		return fmt.Sprintf("only the invited user can accept an invitation to %s, and you are not %s", org, user)
	case OpReject:
		return fmt.Sprintf("you cannot reject %s's invitation to %s: only the invited user can", user, org)
	}
	return fmt.Sprintf("you cannot manage invitations of %s: that needs the owner or a member with the MEMBER_CREATE permission (and the org:member:create scope at sign-in)", org)
}

func notFound(op InvitationOp, org, user string) string {
	switch op {
	case OpAccept, OpReject:
		return fmt.Sprintf("there is no pending invitation for you (%s) in %s", user, org)
	case OpCancel:
		return fmt.Sprintf("there is no pending invitation for %s in %s (or no organization %s)", user, org, org)
	case OpSend:
		return fmt.Sprintf("no organization %s, or no user %s", org, user)
	}
	return fmt.Sprintf("no organization %s", org)
}

func conflict(op InvitationOp, org, user string) string {
	if op == OpSend {
		return fmt.Sprintf("%s already has a pending invitation to %s, or is already a member", user, org)
	}
	return fmt.Sprintf("the invitation of %s to %s changed meanwhile; reload and try again", user, org)
}

// Error is an explained error; Is and As still reach the API error.
type Error struct {
	Sentence string
	Err      error
}

func (e *Error) Error() string { return e.Sentence }
func (e *Error) Unwrap() error { return e.Err }
