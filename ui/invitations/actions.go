package invitations

import (
	"context"
	"errors"
	"slices"

	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/config"
	"rdash/internal/explain"
	"rdash/ui/common"
)

// action is one change to an invitation, as the user confirmed it.
type action struct {
	op       explain.InvitationOp
	org      string // the organization's key, for the request
	orgLabel string // and its name on screen
	user     string // userId of the path: the invitee's ID, or the signed-in user's
	who      string // that user as named in sentences
	req      *api.InvitationRequest
}

// doing names the action while it runs (status bar, error context).
func (a action) doing() string {
	switch a.op {
	case explain.OpAccept:
		return "accepting the invitation to " + a.orgLabel
	case explain.OpReject:
		return "rejecting the invitation to " + a.orgLabel
	case explain.OpCancel:
		return "cancelling " + a.who + "'s invitation to " + a.orgLabel
	}
	return "inviting " + a.who + " to " + a.orgLabel
}

// actionDoneMsg carries the outcome of an action: the server's answer,
// and, when it was a success, what the list showed after it.
type actionDoneMsg struct {
	seq   int
	act   action
	err   error
	check checked
}

// run sends a (PATCH to accept, DELETE to reject or cancel, POST to
// invite) and, when the server answers with success, reads the list of
// pending invitations to see what it did.
func run(ctx context.Context, c Client, a action, seq int) tea.Cmd {
	return func() tea.Msg {
		var err error
		switch a.op {
		case explain.OpAccept:
			_, err = c.AcceptInvitation(ctx, a.org, a.user)
		case explain.OpReject, explain.OpCancel:
			_, err = c.DeleteInvitation(ctx, a.org, a.user)
		case explain.OpSend:
			_, err = c.CreateInvitation(ctx, a.org, a.req)
		}
		msg := actionDoneMsg{seq: seq, act: a, err: err}
		if err == nil {
			msg.check = check(ctx, c, a)
		}
		return msg
	}
}

// start runs a; one action runs at a time. What the last action on the
// organization did gives way to what this one does.
func (m *Model) start(a action) tea.Cmd {
	if o := m.find(a.org); o != nil {
		o.outcome = ""
	}
	m.seq++
	m.actSeq = m.seq
	m.acting = &a
	return run(m.ctx, m.client, a, m.actSeq)
}

// actionDone reports the outcome, as the list read after it shows it,
// and lists the organization again, so the screen shows what the server
// holds now, whatever happened.
func (m *Model) actionDone(msg actionDoneMsg) tea.Cmd {
	if msg.seq != m.actSeq || m.acting == nil {
		return nil
	}
	m.acting = nil
	a := msg.act
	o := m.find(a.org)
	refresh := m.load(o)
	if msg.err != nil {
		return tea.Batch(refresh, common.ReportError(explainErr(a, msg.err), a.doing(), nil), m.forgetWrongName(a, msg.err))
	}
	out := said(a, msg.check)
	if o != nil { // nil when the account changed while it ran
		o.outcome = out.detail
	}
	if out.notDone != nil {
		return tea.Batch(refresh, common.ReportError(out.notDone, "", nil))
	}
	cmds := []tea.Cmd{refresh, common.Status(out.status)}
	if a.op == explain.OpAccept {
		// What the accept gave, the interface does not say: the lists of
		// the user's projects are read again, and show what they show.
		org := a.org
		cmds = append(cmds, func() tea.Msg { return common.MembershipsChangedMsg{Org: org} })
	}
	if o != nil {
		o.applied(a)
	}
	if a.op == explain.OpSend {
		delete(m.drafts, a.org)
	}
	m.rebuild()
	return tea.Batch(cmds...)
}

// applied shows a on o without waiting for the list to come again.
func (o *org) applied(a action) {
	switch a.op {
	case explain.OpAccept:
		o.answered = "accepted"
	case explain.OpReject:
		o.answered = "rejected"
	case explain.OpCancel:
		o.invs = slices.DeleteFunc(o.invs, func(in api.Invitation) bool { return in.ID == a.user })
	}
}

// forgetWrongName forgets the username the user typed when the server
// says it is not theirs, so the next a or x asks again instead of failing
// the same way for ever.
func (m *Model) forgetWrongName(a action, err error) tea.Cmd {
	if m.me.from != "remembered" || !errors.Is(err, api.ErrForbidden) || (a.op != explain.OpAccept && a.op != explain.OpReject) {
		return nil
	}
	m.me = identity{}
	return common.EditState("your username", func(s *config.State) { s.Username = "" })
}

// explainErr puts a refusal in the words of internal/explain, which
// common.Describe shows as they are, the wire names put in words.
func explainErr(a action, err error) error {
	return inWords(explain.Invitation(a.op, a.orgLabel, a.who, err))
}

// explained is the sentence shown for err.
func explained(op explain.InvitationOp, org, user string, err error) string {
	return common.Describe(inWords(explain.Invitation(op, org, user, err))).Sentence
}

// inWords is err with its sentence in the screen's words (plainWords).
func inWords(err error) error {
	var xe *explain.Error
	if errors.As(err, &xe) {
		return &explain.Error{Sentence: plainWords.Replace(xe.Sentence), Err: xe.Err}
	}
	return err
}
