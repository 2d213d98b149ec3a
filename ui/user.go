package ui

import (
	"errors"

	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/ui/common"
)

// meAnswer is the server's answer to the root's request n for who is
// signed in, made for a screen's WhoAmI(seq), or for the header (seq 0).
type meAnswer struct {
	n, seq int
	me     common.Me
	// checked is the session's check of the token (AccountChecker) when
	// the server did not name the user, for the header only; nil when
	// not asked.
	checked *common.Account
}

// askWhoAmI asks the server who is signed in (GET /users/@me), the one
// place that does. For the header, when the server does not say, it
// asks the session whether the server accepts the token, as `rdash auth
// status` does, so the header names the account as not verified only
// when nothing could show it is accepted.
func (m *Model) askWhoAmI(seq int) tea.Cmd {
	m.meAsked++
	ctx, c, n := m.common.Ctx, common.UserGetter(m.opts.Client), m.meAsked
	checker, _ := m.common.Session.(common.AccountChecker)
	if seq != 0 {
		checker = nil // a screen asks who, not whether the token is accepted
	}
	return func() tea.Msg {
		a := meAnswer{n: n, seq: seq, me: common.LookUpMe(ctx, c)}
		if checker != nil && a.me.Username == "" && !errors.Is(a.me.Err, api.ErrUnauthorized) {
			if acc, err := checker.CheckAccount(ctx); err == nil {
				a.checked = &acc
			}
		}
		return a
	}
}

// heard puts the user in the header, unless a later request has already
// answered. A failure keeps the name the header had (configured, or
// remembered), since the server need not answer /users/@me; the session's
// check, when there was one, says whether that name is verified.
func (m *Model) heard(a meAnswer) {
	if a.n <= m.meHeard {
		return
	}
	m.meHeard = a.n
	if a.checked != nil {
		m.userUnverified = a.checked.Unverified
	}
	if a.me.Err != nil {
		m.common.Logger.Debug("who am I", "err", a.me.Err)
		return
	}
	m.user = a.me.Username
	if m.user != "" {
		m.userUnverified = false
	}
}
