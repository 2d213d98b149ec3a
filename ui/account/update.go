package account

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"rdash/ui/common"
	"rdash/ui/route"
)

// Update implements common.Screen.
func (m *Model) Update(msg tea.Msg) (common.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return m, m.key(msg)
	case accountLoadedMsg:
		m.accountLoaded(msg)
	case common.MeMsg:
		m.meLoaded(msg)
	case signedOutMsg:
		return m, m.signedOutReply(msg)
	case common.SignedInMsg:
		m.signedOut, m.removed, m.outErr = false, nil, ""
		return m, m.load()
	case common.SignedOutMsg:
		return m, m.load()
	case common.ThemeMsg:
		m.common.Styles = msg.Styles
	}
	return m, nil
}

func (m *Model) key(msg tea.KeyPressMsg) tea.Cmd {
	k := m.keys
	switch {
	case m.signingOut:
		return nil
	case m.confirming:
		switch {
		case key.Matches(msg, k.Yes):
			m.confirming, m.signingOut = false, true
			return signOut(m.ctx, m.common.Session)
		case key.Matches(msg, k.No):
			m.confirming = false
		}
		return nil
	case key.Matches(msg, k.SignOut) && m.canSignOut():
		m.confirming = true
	case key.Matches(msg, k.SignIn) && m.canSignIn():
		return common.Open(route.SignIn, route.SignInArgs{})
	case key.Matches(msg, k.Refresh):
		return m.load()
	}
	return nil
}
