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
	m.retry = msg.Retry
	text := "Signed in"
	if m.user != "" {
		text += " as " + m.user
	}
	if msg.Account.Unconfirmed {
		text += " (the server did not say who you are)"
	}
	if m.retry != nil {
		text += " — press r to retry"
		if msg.Context != "" {
			text += " " + safe.Line(msg.Context)
		}
	}
	return m.status.Info(m.topID(), text) // the screen the user is back on
}
