package account

import (
	"context"
	"errors"
	"time"

	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/internal/safe"
	"rdash/ui/common"
)

// signOutTimeout bounds a sign-out, which may wait on the keyring.
const signOutTimeout = 30 * time.Second

// accountLoadedMsg carries who is signed in, for request seq.
type accountLoadedMsg struct {
	seq     int
	account common.Account
	user    string
	userErr error
	err     error
}

// loadAccount asks the server who is signed in (GET /users/@me), then the
// session what it holds: asking may have renewed the token.
func loadAccount(ctx context.Context, c Client, s common.Session, seq int) tea.Cmd {
	return func() tea.Msg {
		msg := accountLoadedMsg{seq: seq}
		u, _, err := c.GetUser(ctx, api.Me)
		switch {
		case err != nil:
			msg.userErr = err
		case u.Username == "":
			msg.userErr = errors.New("the server sent no username")
		default:
			msg.user = safe.Line(u.Username)
		}
		msg.account, msg.err = s.Account(ctx)
		return msg
	}
}

func (m *Model) load() tea.Cmd {
	m.seq++
	m.loading = true
	return loadAccount(m.ctx, m.client, m.common.Session, m.seq)
}

func (m *Model) accountLoaded(msg accountLoadedMsg) tea.Cmd {
	if msg.seq != m.seq {
		return nil
	}
	m.loading = false
	if errors.Is(msg.err, context.Canceled) {
		return nil
	}
	m.loaded = msg.err == nil || m.loaded
	m.loadErr = msg.err
	if msg.err == nil {
		m.account, m.user, m.userErr = msg.account, msg.user, msg.userErr
	}
	return nil
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
