// Package explain turns API errors into sentences that say what went wrong
// in the user's terms and what to do, for the command line and the
// dashboard alike.
package explain

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/dustin/go-humanize"

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
	said := serverSaid(err, org, user)
	org, user = safe.Line(Short(org)), safe.Line(Short(user))
	var msg string
	switch {
	case errors.Is(err, api.ErrForbidden):
		msg = forbidden(op, org, user)
	case errors.Is(err, api.ErrNotFound):
		msg = notFound(op, org, user, said)
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

// notFound says what a 404 means for op. The interface answers 404 for
// a missing organization and for a missing user alike; when the server's
// message names one of the two (said), it says which, in its own words.
func notFound(op InvitationOp, org, user string, said missing) string {
	switch {
	case said.org && (op == OpSend || op == OpCancel):
		return fmt.Sprintf("there is no organization %s (the server: %s)", org, said.words)
	case said.user && op == OpSend:
		return fmt.Sprintf("there is no user %s to invite (the server: %s)", user, said.words)
	}
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

// missing is what a server's 404 message names: the organization or the
// user (not both), and its words.
type missing struct {
	org, user bool
	words     string
}

// serverSaid reads which of org and user the message of err names, as a
// word of its own (a slug or username, quoted or not).
func serverSaid(err error, org, user string) missing {
	var ae *api.Error
	if !errors.As(err, &ae) || ae.Message == "" {
		return missing{}
	}
	names := func(s string) bool {
		return s != "" && slices.Contains(strings.FieldsFunc(ae.Message, func(r rune) bool {
			return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' && r != '_' && r != '.'
		}), s)
	}
	m := missing{org: names(org), user: names(user), words: safe.Line(ae.Message)}
	if m.org && m.user {
		return missing{}
	}
	return m
}

func conflict(op InvitationOp, org, user string) string {
	if op == OpSend {
		return fmt.Sprintf("%s already has a pending invitation to %s, or is already a member", user, org)
	}
	return fmt.Sprintf("the invitation of %s to %s changed meanwhile; reload and try again", user, org)
}

// maxShown is the most characters of a name a sentence shows.
const maxShown = 80

// Short shortens s for a sentence: its first characters, "…", and how
// long it is, so a name pasted by mistake (or a 10 MB ID from a server)
// is named, not printed whole.
func Short(s string) string { return ShortTo(s, maxShown) }

// ShortTo is Short in at most n characters, its length said included,
// so shortening again changes nothing.
func ShortTo(s string, n int) string {
	if len(s) <= n || utf8.RuneCountInString(s) <= n {
		return s
	}
	count := utf8.RuneCountInString(s)
	tail := "… (" + humanize.Comma(int64(count)) + " characters)"
	keep := max(n-utf8.RuneCountInString(tail), 1)
	i := 0
	for j := range s {
		if keep == 0 {
			i = j
			break
		}
		keep--
	}
	return s[:i] + tail
}

// Error is an explained error; Is and As still reach the API error.
type Error struct {
	Sentence string
	Err      error
}

func (e *Error) Error() string { return e.Sentence }
func (e *Error) Unwrap() error { return e.Err }
