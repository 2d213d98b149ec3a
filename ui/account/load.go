package account

import (
	"context"
	"errors"
	"time"

	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/ui/common"
)

// signOutTimeout bounds a sign-out, which may wait on the keyring.
const signOutTimeout = 30 * time.Second

// accountLoadedMsg carries what the session holds, for request seq.
type accountLoadedMsg struct {
	seq     int
	account common.Account
	err     error
}

// loadAccount asks the session what it holds and, when it can, what the
// server shows of the token, as `rdash auth status` does; a check that
// fails (the server refused the token, which GET /users/@me shows too)
// leaves what the session holds.
func loadAccount(ctx context.Context, s common.Session, seq int) tea.Cmd {
	return func() tea.Msg {
		if c, ok := s.(common.AccountChecker); ok {
			if a, err := c.CheckAccount(ctx); err == nil {
				return accountLoadedMsg{seq: seq, account: a}
			}
		}
		a, err := s.Account(ctx)
		return accountLoadedMsg{seq: seq, account: a, err: err}
	}
}

// load asks the root who the server says is signed in (common.WhoAmI),
// and the session what it holds; the screen shows both once both answer.
func (m *Model) load() tea.Cmd {
	m.seq++
	m.loading, m.waitMe, m.next = true, true, nil
	return tea.Batch(common.WhoAmI(m.seq), loadAccount(m.ctx, m.common.Session, m.seq))
}

func (m *Model) accountLoaded(msg accountLoadedMsg) {
	if msg.seq != m.seq {
		return
	}
	m.next = &msg
	m.finishLoad()
}

func (m *Model) meLoaded(msg common.MeMsg) {
	if msg.Seq != m.seq {
		return
	}
	m.me, m.waitMe = msg.Me, false
	m.finishLoad()
}

// finishLoad shows the account once the session and the root have both
// answered.
func (m *Model) finishLoad() {
	msg := m.next
	if msg == nil || m.waitMe {
		return
	}
	m.loading, m.next = false, nil
	if errors.Is(msg.err, context.Canceled) {
		return
	}
	m.loaded = msg.err == nil || m.loaded
	m.loadErr = msg.err
	if msg.err != nil {
		return
	}
	m.account, m.user, m.userErr = msg.account, m.me.Username, m.me.Err
	if m.userErr == nil && m.user == "" {
		m.userErr = errors.New("the server sent no username")
	}
}

// signedOutMsg carries the outcome of a sign-out.
type signedOutMsg struct {
	removed []common.Location
	err     error
}

// signOut removes the token. It runs to the end even if the screen goes,
// so the storage is never left half-cleaned without a word.
func signOut(ctx context.Context, s common.Session) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), signOutTimeout)
		defer cancel()
		removed, err := s.SignOut(ctx)
		return signedOutMsg{removed: removed, err: err}
	}
}

func (m *Model) signedOutReply(msg signedOutMsg) tea.Cmd {
	m.signingOut, m.signedOut, m.removed = false, true, msg.removed
	m.outErr = ""
	cmds := []tea.Cmd{m.load()}
	if msg.err != nil {
		m.outErr = common.Describe(msg.err).Text()
	}
	if !m.common.Session.EnvToken() {
		cmds = append(cmds, func() tea.Msg { return common.SignedOutMsg{} }, common.Status("Signed out of "+m.host()))
	}
	return tea.Batch(cmds...)
}

// refused reports that the server refused the token the client holds.
func (m *Model) refused() bool {
	return errors.Is(m.userErr, api.ErrUnauthorized)
}
