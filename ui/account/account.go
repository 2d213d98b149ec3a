// Package account is the account screen (@ from the picker): who is
// signed in (GET /users/@me, else the configured username), to which
// server, with which scopes, until when, and where the token lives. s
// signs out after a confirmation whose default is No; enter then opens the
// sign-in screen.
package account

import (
	"context"
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"rdash/ui/common"
	"rdash/ui/route"
)

// Model is the account screen.
type Model struct {
	common common.Common
	ctx    context.Context
	cancel context.CancelFunc
	keys   keyMap

	seq     int
	loading bool
	loaded  bool
	next    *accountLoadedMsg // the session's answer, until the root's comes
	waitMe  bool              // the root's answer to WhoAmI(seq) is awaited
	account common.Account
	user    string    // the username the server gave
	userErr error     // why the server did not say
	me      common.Me // the root's answer to WhoAmI(seq)
	loadErr error

	confirming bool
	signingOut bool
	signedOut  bool              // this screen signed the user out
	removed    []common.Location // where the sign-out removed a token from
	outErr     string

	width, height int
}

// keyMap is the account screen's keys.
type keyMap struct {
	SignOut, SignIn, Refresh, Yes, No key.Binding
}

func newKeyMap() keyMap {
	return keyMap{
		SignOut: key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "sign out")),
		SignIn:  key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "sign in")),
		Refresh: common.Bind([]string{"r"}, "r", "refresh"),
		Yes:     key.NewBinding(key.WithKeys("y"), key.WithHelp("y", "sign out")),
		// The default is No: enter and esc keep the user signed in.
		No: key.NewBinding(key.WithKeys("n", "enter", "esc"), key.WithHelp("n/enter/esc", "stay signed in")),
	}
}

// Factory builds the screen for route.Account. It needs no client: who
// is signed in comes from the root (common.MeMsg), the rest from the
// session.
func Factory(c common.Common, _ route.None) (common.Screen, error) {
	if c.Session == nil {
		return nil, fmt.Errorf("account: the dashboard has no session")
	}
	return New(c), nil
}

// New returns the account screen; Init loads it.
func New(c common.Common) *Model {
	ctx, cancel := context.WithCancel(c.Ctx)
	return &Model{common: c, ctx: ctx, cancel: cancel, keys: newKeyMap()}
}

// Init asks the server and the session who is signed in.
func (m *Model) Init() tea.Cmd { return m.load() }

// Title implements common.Screen.
func (m *Model) Title() string { return "account" }

// Capturing reports that the sign-out question has the keys, or that the
// sign-out is under way.
func (m *Model) Capturing() bool { return m.confirming || m.signingOut }

// Busy implements common.Screen.
func (m *Model) Busy() string {
	switch {
	case m.signingOut:
		return "signing out"
	case m.loading:
		return "loading the account"
	}
	return ""
}

// Close cancels the screen's requests.
func (m *Model) Close() { m.cancel() }

// SetSize implements common.Screen.
func (m *Model) SetSize(w, h int) { m.width, m.height = w, h }

// ShortHelp implements common.Screen.
func (m *Model) ShortHelp() []key.Binding {
	k := m.keys
	switch {
	case m.signingOut:
		return nil
	case m.confirming:
		return []key.Binding{k.Yes, k.No}
	case !m.loaded:
		return []key.Binding{k.Refresh}
	}
	var b []key.Binding
	if m.canSignIn() {
		b = append(b, k.SignIn)
	}
	if m.canSignOut() {
		b = append(b, k.SignOut)
	}
	return append(b, k.Refresh)
}

// FullHelp implements common.Screen: the keys that work where the
// screen is (the question, or the account), as the footer has them.
func (m *Model) FullHelp() [][]key.Binding { return [][]key.Binding{m.ShortHelp()} }

// HelpKey implements common.FieldHelp: the sign-out question takes the
// keys, and ? opens the help from it.
func (m *Model) HelpKey() key.Binding { return common.HelpInField("", false) }

// canSignIn: not signed in, or the server refused the token; signing in
// is pointless while RDASH_TOKEN is set.
func (m *Model) canSignIn() bool {
	return m.loaded && !m.common.Session.EnvToken() && m.common.Has(route.SignIn) &&
		(!m.account.SignedIn || m.refused())
}

// canSignOut: there is a token to forget or remove.
func (m *Model) canSignOut() bool {
	return m.loaded && m.account.SignedIn
}
