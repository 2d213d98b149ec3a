package ui

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/internal/safe"
)

// userLoadedMsg carries who is signed in, for the header.
type userLoadedMsg struct {
	username string
	err      error
}

// userGetter is the part of the API client the root uses itself.
type userGetter interface {
	GetUser(ctx context.Context, userID string) (*api.User, *api.Response, error)
}

// fetchUser asks the server who is signed in (GET /users/@me).
func fetchUser(ctx context.Context, c userGetter) tea.Cmd {
	return func() tea.Msg {
		u, _, err := c.GetUser(ctx, "@me")
		if err != nil {
			return userLoadedMsg{err: err}
		}
		return userLoadedMsg{username: safe.Line(u.Username)}
	}
}

// setUser keeps the username; a failure keeps the configured one, since
// the server need not answer /users/@me.
func (m *Model) setUser(msg userLoadedMsg) {
	if msg.err != nil {
		m.common.Logger.Debug("who am I", "err", msg.err)
		return
	}
	m.user = msg.username
}
