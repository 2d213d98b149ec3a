package ui

import (
	tea "charm.land/bubbletea/v2"

	"rdash/internal/safe"
	"rdash/ui/common"
)

// signedIn closes the sign-in screen, puts the new account in the header
// and says so; when the sign-in came from the error panel, r now runs
// what failed.
func (m *Model) signedIn(msg common.SignedInMsg) tea.Cmd {
	if top := m.top(); top != nil && msg.From != nil && top == msg.From {
		m.pop()
	}
	m.user = safe.Line(msg.Account.Name)
	m.userUnverified = msg.Account.Unverified
	m.retry = msg.Retry
	return m.status.Info(m.topID(), m.signedInText(msg)) // the screen the user is back on
}

// signedInText says who signed in as `rdash auth login` does: an account
// nothing the server answered showed it accepts is named as not verified,
// with the reason where the status line has room (else the account
// screen gives it); one the server accepted without naming its user
// says so.
func (m *Model) signedInText(msg common.SignedInMsg) string {
	a := msg.Account
	who := "Signed in"
	if m.user != "" {
		who += " as " + m.user
	}
	retry := ""
	if m.retry != nil {
		retry = " — press r to retry"
		if msg.Context != "" {
			retry += " " + safe.Line(msg.Context)
		}
	}
	switch {
	case a.Unverified:
		if long := who + ", " + safe.Line(a.Verdict) + retry; common.Width(long) < m.width {
			return long
		}
		return who + " (not verified: the account screen says why)" + retry
	case a.Unconfirmed:
		return who + " (the server did not say who you are)" + retry
	}
	return who + retry
}

// notVerified marks the header's account when nothing the server answered
// showed it accepts the token.
const notVerified = " (not verified)"

// userLabel is the header's account: @name, marked as not verified where
// the line has room beside the crumbs (left cells wide).
func (m *Model) userLabel(left int) string {
	label := "@" + m.user
	if m.userUnverified && left+1+common.Width(label+notVerified) <= m.width {
		label += notVerified
	}
	return label
}
