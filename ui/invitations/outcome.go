package invitations

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"rdash/api"
	"rdash/internal/explain"
	"rdash/internal/safe"
	"rdash/internal/verify"
	"rdash/ui/common"
)

// checked is what the list of pending invitations showed after an action
// the server answered with success: the interface shows no body for any
// of them, so the list is the only word on what happened.
type checked struct {
	rep verify.InvitationReport
	// barred says the list could not be read because the user may not
	// read it (an invitee seldom may), not because reading it failed.
	barred bool
}

// check reads the organization's pending invitations after a, and
// compares them with what a meant (verify.CheckInvitation). It runs in
// a's command, after the write, never in Update.
func check(ctx context.Context, c Client, a action) checked {
	want := verify.Invitation{Org: a.org, User: a.user, Pending: a.op == explain.OpSend}
	if a.req != nil {
		want.Role, want.Permissions = a.req.Role, a.req.Permissions
	}
	l := &watchedLister{c: c}
	return checked{rep: verify.CheckInvitation(ctx, l, want), barred: l.barred}
}

// watchedLister lists invitations and notes whether the server refused
// the list to this user, which the report says only in a sentence.
type watchedLister struct {
	c      Client
	barred bool
}

func (l *watchedLister) ListInvitations(ctx context.Context, org string) ([]api.Invitation, *api.Response, error) {
	invs, resp, err := l.c.ListInvitations(ctx, org)
	l.barred = errors.Is(err, api.ErrForbidden) || errors.Is(err, api.ErrUnauthorized)
	return invs, resp, err
}

// outcome is what the screen says of an action the server answered with
// success, from what the list showed after it.
type outcome struct {
	// status is one line for the status bar: at most 79 cells (an
	// 80-column bar, beside the spinner's first cell) with the names cut
	// to statusOrg and statusWho.
	status string
	// detail is the whole of it, shown under the list on the
	// organization's line until its next action.
	detail string
	// notDone is set when the list shows the action did not happen,
	// whatever the answer said: an error, and nothing applied.
	notDone error
}

// Cuts of the names in a status line, so that every status fits 79 cells.
const (
	statusOrg = 20
	statusWho = 16
)

// said words the outcome of a: as meant, not checked (and why), not done,
// or sent otherwise than sent. No sentence claims a membership: the
// interface leaves an accept's effect on membership unstated.
func said(a action, c checked) outcome {
	n := names{org: common.Cut(a.orgLabel, statusOrg), who: common.Cut(a.who, statusWho)}
	full := names{org: a.orgLabel, who: a.who}
	switch {
	case c.rep.StillPending:
		return outcome{
			notDone: errors.New("not " + doneWord(a.op) + ": the server still lists " + n.invitation(a.op, false)),
			detail: fmt.Sprintf("The server answered with success, yet still lists %s as pending: it was not %s.",
				full.invitation(a.op, true), doneWord(a.op)),
		}
	case !c.rep.Checked:
		why := "listing its invitations failed"
		if c.barred {
			why = "you may not list its invitations"
		}
		lead := full.did(a.op) + ": the server answered with success. "
		if a.op == explain.OpAccept { // the organization's line says it; the detail needs the room
			lead = "The server answered with success. "
		}
		return outcome{
			status: doneWord(a.op) + ": answered with success; not checked: " + why,
			detail: lead + sentence(c.rep.Unchecked) + membership(a.op),
		}
	case len(c.rep.Differences) > 0: // a send's: the others differ only by StillPending
		return differs(a, n, full, c.rep.Differences)
	}
	return outcome{status: n.asMeant(a.op), detail: full.did(a.op) + ": " + full.listed(a.op) + membership(a.op)}
}

// differs words a send the list shows otherwise than sent: the fields
// that differ in the status, each difference in the detail.
func differs(a action, n, full names, ds []verify.Difference) outcome {
	var fields, texts []string
	for _, d := range ds {
		if !slices.Contains(fields, d.Field) {
			fields = append(fields, d.Field)
		}
		texts = append(texts, screenWords(d.Text))
	}
	status := "sent: " + n.who + "'s invitation differs in " + strings.Join(fields, " and ")
	if slices.Contains(fields, "invitation") {
		status = "sent: answered with success, but " + n.who + "'s invitation is not listed"
	}
	return outcome{status: status,
		detail: full.did(a.op) + ", but not as sent: " + strings.Join(texts, "; ") + "."}
}

// names are the organization and the user as a sentence names them.
type names struct{ org, who string }

// invitation is the invitation an action acts on: the user's own, or
// who's, to the organization only when whole (a status line leaves it to
// the selected line, for room).
func (n names) invitation(op explain.InvitationOp, whole bool) string {
	switch {
	case op == explain.OpAccept || op == explain.OpReject:
		return "your invitation to " + n.org
	case whole:
		return n.who + "'s invitation to " + n.org
	}
	return n.who + "'s invitation"
}

// did says what the user did.
func (n names) did(op explain.InvitationOp) string {
	switch op {
	case explain.OpAccept:
		return "You accepted the invitation to " + n.org
	case explain.OpReject:
		return "You rejected the invitation to " + n.org
	case explain.OpCancel:
		return "You cancelled " + n.who + "'s invitation to " + n.org
	}
	return "You invited " + n.who + " to " + n.org
}

// listed is what the list shows after an action that went as meant.
func (n names) listed(op explain.InvitationOp) string {
	if op == explain.OpSend {
		return "the server lists the invitation as pending, with the role and permissions sent."
	}
	return "the server no longer lists it as pending."
}

// asMeant is the status of an action the list shows as meant.
func (n names) asMeant(op explain.InvitationOp) string {
	switch op {
	case explain.OpAccept, explain.OpReject:
		return doneWord(op) + ": the invitation to " + n.org + " is no longer pending"
	case explain.OpCancel:
		return "cancelled: " + n.who + "'s invitation is no longer pending"
	}
	return "sent: " + n.who + "'s invitation to " + n.org + " is pending, as sent"
}

// doneWord is the word each status starts with, which scripts and the
// end-to-end tests wait for.
func doneWord(op explain.InvitationOp) string {
	switch op {
	case explain.OpAccept:
		return "accepted"
	case explain.OpReject:
		return "rejected"
	case explain.OpCancel:
		return "cancelled"
	}
	return "sent"
}

// membership is what an accept says of membership: that the interface
// does not say, as the command line puts it.
func membership(op explain.InvitationOp) string {
	if op != explain.OpAccept {
		return ""
	}
	return " What membership it gives, the interface does not say."
}

// sentence is s (the report's words) in the screen's words, made safe,
// capitalised and closed.
func sentence(s string) string {
	r := []rune(strings.TrimSuffix(screenWords(s), "."))
	if len(r) == 0 {
		return ""
	}
	return string(unicode.ToUpper(r[0])) + string(r[1:]) + "."
}

// screenWords is a sentence of internal/verify in the screen's words: the
// permissions it names as the screen names them, wire names in words,
// and safe for the terminal (verify keeps the server's text as it is).
func screenWords(s string) string {
	s = strings.ReplaceAll(safe.Line(s), "a member with MEMBER_CREATE", "a member allowed to invite members")
	for p, w := range permissionWords {
		s = strings.ReplaceAll(s, "the permission "+string(p), "the permission to "+w)
	}
	return plainWords.Replace(s)
}
