package common

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/internal/safe"
)

// Me is who the server says is signed in (GET /users/@me). Only the root
// asks the server: at start and after every sign-in or sign-out for the
// header, and for a screen when it sends WhoAmI, answering it alone with
// a MeMsg. What to fall back on when the server does not say (the
// configured username, one remembered) is each screen's call.
type Me struct {
	ID, Username string // safe for the terminal; empty when not said
	Err          error  // why the server did not say; nil when it did
}

// MeMsg answers WhoAmI(Seq), to the screen that asked only.
type MeMsg struct {
	Seq int
	Me  Me
}

// WhoAmIMsg asks the root who is signed in, for the asking screen's
// request Seq.
type WhoAmIMsg struct{ Seq int }

// WhoAmI is a command that asks the root who is signed in; the answer
// comes back as a MeMsg with the same seq.
func WhoAmI(seq int) tea.Cmd { return func() tea.Msg { return WhoAmIMsg{Seq: seq} } }

// UserGetter is the part of the API client LookUpMe needs; *api.Client
// satisfies it.
type UserGetter interface {
	GetUser(ctx context.Context, userID string) (*api.User, *api.Response, error)
}

// LookUpMe asks the server who is signed in (GET /users/@me). It waits on
// the network: call it from a command (the root's, or a test's).
func LookUpMe(ctx context.Context, c UserGetter) Me {
	u, _, err := c.GetUser(ctx, api.Me)
	if err != nil {
		return Me{Err: err}
	}
	return Me{ID: safe.Line(u.ID), Username: safe.Line(u.Username)}
}
