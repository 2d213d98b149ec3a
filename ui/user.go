package ui

import (
	tea "charm.land/bubbletea/v2"

	"rdash/ui/common"
)

// meAnswer is the server's answer to the root's request n for who is
// signed in, made for a screen's WhoAmI(seq), or for the header (seq 0).
type meAnswer struct {
	n, seq int
	me     common.Me
}

// askWhoAmI asks the server who is signed in (GET /users/@me), the one
// place that does.
func (m *Model) askWhoAmI(seq int) tea.Cmd {
	m.meAsked++
	ctx, c, n := m.common.Ctx, common.UserGetter(m.opts.Client), m.meAsked
	return func() tea.Msg { return meAnswer{n: n, seq: seq, me: common.LookUpMe(ctx, c)} }
}

// heard puts the user in the header, unless a later request has already
// answered. A failure keeps the name the header had (configured, or
// remembered), since the server need not answer /users/@me.
func (m *Model) heard(a meAnswer) {
	if a.n <= m.meHeard {
		return
	}
	m.meHeard = a.n
	if a.me.Err != nil {
		m.common.Logger.Debug("who am I", "err", a.me.Err)
		return
	}
	m.user = a.me.Username
}
