// Package signin is the sign-in screen: the OAuth authorization-code flow
// of the auth package, inside the dashboard. It shows the authorize URL at
// once (selectable, and y copies it with OSC 52, which works over SSH),
// opens the browser only in loopback mode, waits for the callback in a
// command, and always offers a field for the code or the address the
// browser ended on, since over SSH the callback cannot arrive. Where no
// keyring answers it asks, default No, before anything is written to the
// plain-text file. On success the running client uses the new token and
// the root takes the user back to where they were.
package signin

import (
	"context"
	"fmt"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"rdash/ui/common"
	"rdash/ui/route"
)

// phase is where the sign-in is.
type phase int

const (
	phaseEnv        phase = iota // RDASH_TOKEN is set: signing in is pointless
	phaseStarting                // the flow is being made
	phaseWaiting                 // the URL is shown: waiting for the browser or a paste
	phaseExchanging              // a pasted code is being exchanged
	phaseFinishing               // a token is in hand: store it once storage is settled
	phaseDone                    // signed in
	phaseFailed                  // the flow failed; enter starts again
	phaseDeclined                // plain-text storage declined: still signed out
)

// storage is what is known about where the token will go.
type storage int

const (
	storageChecking storage = iota // asking the keyring
	storageKeyring                 // the keyring answers: nothing to ask
	storageAsk                     // no keyring: the question is on screen
	storageAgreed                  // the user agreed to the plain-text file
)

// Model is the sign-in screen.
type Model struct {
	common common.Common
	ctx    context.Context
	cancel context.CancelFunc
	args   route.SignInArgs
	keys   keyMap

	phase   phase
	storage storage
	notice  *common.InsecureNotice

	seq        int // the flow's id: replies about older flows are dropped
	flow       common.Flow
	flowCtx    context.Context // ends the flow's wait and exchanges
	flowCancel context.CancelFunc
	url        string
	loopback   bool
	browserErr string
	pending    common.Grant // a sign-in waiting for the storage question
	completing bool

	input    textinput.Model
	pasteErr string
	failure  string // why the sign-in failed, in words
	account  common.Account

	width, height int
}

// Factory builds the screen for route.SignIn.
func Factory(c common.Common, a route.SignInArgs) (common.Screen, error) {
	if c.Session == nil {
		return nil, fmt.Errorf("signin: the dashboard has no session")
	}
	return New(c, a), nil
}

// New returns the sign-in screen; Init starts the flow.
func New(c common.Common, a route.SignInArgs) *Model {
	ctx, cancel := context.WithCancel(c.Ctx)
	m := &Model{common: c, ctx: ctx, cancel: cancel, args: a, keys: newKeyMap(), flowCancel: func() {}}
	m.input = newInput(c.Styles)
	return m
}

// newInput is the field for the code or the redirect address. Both are
// secrets, so it echoes dots.
func newInput(s *common.Styles) textinput.Model {
	ti := common.NewInput(s, "> ", "paste here, or press enter to type (it is not shown)", 4096)
	ti.EchoMode = textinput.EchoPassword
	ti.EchoCharacter = '•'
	return ti
}

// Init starts the flow and asks the keyring, unless RDASH_TOKEN would
// make the sign-in pointless.
func (m *Model) Init() tea.Cmd {
	if m.common.Session.EnvToken() {
		m.phase = phaseEnv
		return nil
	}
	return m.start()
}

// Title implements common.Screen.
func (m *Model) Title() string { return "sign in" }

// Capturing reports that the field or the storage question has the keys,
// or that the token is being stored: leaving then would hide the outcome.
func (m *Model) Capturing() bool {
	return m.input.Focused() || m.asking() || m.completing
}

// asking reports that the storage question is on screen and unanswered.
func (m *Model) asking() bool {
	return m.storage == storageAsk && (m.phase == phaseWaiting || m.phase == phaseExchanging || m.phase == phaseFinishing)
}

// Busy implements common.Screen.
func (m *Model) Busy() string {
	switch {
	case m.completing:
		return "saving the sign-in"
	case m.phase == phaseStarting:
		return "starting the sign-in"
	case m.phase == phaseExchanging:
		return "checking the code"
	case m.phase == phaseFinishing && m.storage == storageChecking:
		return "asking the keyring"
	case m.phase == phaseWaiting && m.loopback && !m.asking():
		return "waiting for the browser"
	}
	return ""
}

// Close cancels the flow and stops its listener.
func (m *Model) Close() {
	m.flowCancel()
	m.cancel()
}

// SetSize implements common.Screen.
func (m *Model) SetSize(w, h int) {
	m.width, m.height = w, h
	m.input.SetWidth(max(w-4, 8))
}

// ShortHelp implements common.Screen.
func (m *Model) ShortHelp() []key.Binding {
	k := m.keys
	switch {
	case m.completing:
		return nil
	case m.asking():
		return []key.Binding{k.Yes, k.No}
	case m.input.Focused():
		return []key.Binding{k.Submit, k.Leave}
	case m.phase == phaseWaiting:
		b := []key.Binding{k.Copy, k.OneLine, k.Paste}
		if m.loopback {
			b = append(b, k.Browser)
		}
		return b
	case m.phase == phaseFailed, m.phase == phaseDeclined:
		return []key.Binding{k.Again}
	}
	return nil
}

// FullHelp implements common.Screen: the keys of the step the sign-in
// is at, as the footer has them; each key means one thing there.
func (m *Model) FullHelp() [][]key.Binding { return [][]key.Binding{m.ShortHelp()} }

// HelpKey implements common.FieldHelp: ? opens the help from the storage
// question, and from the field while it is empty (what is pasted or
// typed there may be an address, which holds a ?); f1 from either.
func (m *Model) HelpKey() key.Binding {
	if m.input.Focused() {
		return common.HelpInField(m.input.Value(), true)
	}
	return common.HelpInField("", false)
}
