// Package invitations is the dashboard's invitations screen: the pending
// invitations of the organizations the user manages (invite, cancel), and
// the user's own invitations (accept, reject), each change confirmed.
//
// Listing an organization's invitations needs MEMBER_CREATE there, so an
// invitee never sees the list. The screen therefore lists organizations
// (from the config, from the owners of the user's projects, remembered and
// typed ones) and says for each what the user may do: manage its
// invitations, or answer an invitation that may be waiting.
package invitations

import (
	"context"
	"slices"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/huh/v2"

	"rdash/config"
	"rdash/ui/common"
	"rdash/ui/route"
)

// Model is the invitations screen.
type Model struct {
	common common.Common
	client Client
	ctx    context.Context
	cancel context.CancelFunc
	keys   keyMap

	state config.State // a copy; the root owns it and sends StateMsg

	orgs   []*org
	rows   []row // what the cursor can rest on
	cursor int
	offset int
	seq    int // last request id handed out; every request gets a new one

	me        identity
	meSeq     int    // id of the awaited WhoAmI; 0 once answered
	projSeq   int    // id of the awaited list of the user's projects
	projNote  string // why the user's projects are not listed, if they are not
	projReady bool

	acting  *action // the change in flight, one at a time
	actSeq  int
	dialog  *dialog // the form on screen, if any
	pending *action // waits for the username before its confirmation
	drafts  map[string]draft

	input         textinput.Model // typing an organization
	width, height int
}

// Factory returns what builds the screen for route.Invitations, talking to the
// service through cl.
func Factory(cl Client) func(common.Common, route.None) (common.Screen, error) {
	return func(c common.Common, _ route.None) (common.Screen, error) {
		return New(c, cl), nil
	}
}

// New returns the screen.
func New(c common.Common, cl Client) *Model {
	ctx, cancel := context.WithCancel(c.Ctx)
	m := &Model{
		common: c, client: cl, ctx: ctx, cancel: cancel, keys: newKeyMap(),
		state: c.State, drafts: map[string]draft{},
	}
	m.input = newInput(c.Styles)
	return m
}

// Init asks who is signed in and for the user's projects (their owners
// are organizations to list), and lists the configured and remembered
// organizations' invitations.
func (m *Model) Init() tea.Cmd {
	m.seq++
	m.meSeq = m.seq
	cmds := []tea.Cmd{common.WhoAmI(m.meSeq)}
	m.seq++
	m.projSeq = m.seq
	cmds = append(cmds, fetchProjects(m.ctx, m.client, m.projSeq))
	for _, k := range m.common.Config.Orgs {
		cmds = append(cmds, m.addOrg(orgRef{key: k}, fromConfig))
	}
	for _, k := range m.state.Orgs {
		cmds = append(cmds, m.addOrg(orgRef{key: k}, fromState))
	}
	return tea.Batch(cmds...)
}

// Title implements common.Screen.
func (m *Model) Title() string { return "invitations" }

// Capturing reports that a form or the organization field has the keys,
// or that a change is in flight: leaving would cancel it, and the user
// would never learn whether it was applied, so the screen refuses esc.
func (m *Model) Capturing() bool { return m.dialog != nil || m.input.Focused() || m.acting != nil }

// Busy names the change in flight, else what is loading.
func (m *Model) Busy() string {
	if m.acting != nil {
		return m.acting.doing()
	}
	for _, o := range m.orgs {
		if o.loading {
			return "loading invitations of " + o.label()
		}
	}
	if m.meSeq != 0 || !m.projReady {
		return "loading your organizations"
	}
	return ""
}

// Close cancels the screen's requests.
func (m *Model) Close() { m.cancel() }

// SetSize implements common.Screen.
func (m *Model) SetSize(w, h int) {
	m.width, m.height = w, h
	m.input.SetWidth(max(w-24, 10))
	if m.dialog != nil {
		m.dialog.resize(m.dialogSize())
	}
	m.clampScroll()
}

// ShortHelp implements common.Screen: the keys that work on the selection
// (moving is in the full help, so the line fits 80 columns).
func (m *Model) ShortHelp() []key.Binding {
	k := m.common.Keys
	switch {
	case m.dialog != nil:
		return m.dialogHelp()
	case m.input.Focused():
		return []key.Binding{common.WithHelp(k.Accept, "enter", "add"), common.WithHelp(k.Cancel, "esc", "cancel")}
	}
	return m.actionKeys()
}

// dialogHelp is the form's keys, enter's first, then esc, then the
// others, so that a narrow footer keeps how to finish and how to leave.
func (m *Model) dialogHelp() []key.Binding {
	var first, rest []key.Binding
	for _, b := range m.dialog.form.KeyBinds() {
		if slices.Contains(b.Keys(), "enter") {
			first = append(first, b)
		} else {
			rest = append(rest, b)
		}
	}
	first = append(first, common.WithHelp(m.common.Keys.Cancel, "esc", "cancel"))
	return append(first, rest...)
}

// FullHelp implements common.Screen: the keys of the step the screen is
// at: a form's, the organization field's, or the list's, with the keys
// that act on the row under the cursor (x rejects your invitation, or
// cancels one you sent: never both at once).
func (m *Model) FullHelp() [][]key.Binding {
	if m.Capturing() {
		return [][]key.Binding{m.ShortHelp()}
	}
	k := m.common.Keys
	var out [][]key.Binding
	if _, ok := m.selected(); ok {
		out = append(out, []key.Binding{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom})
	}
	words := map[string]string{"accept": "accept your invitation", "reject": "reject your invitation",
		"invite": "invite someone", "cancel": "cancel this invitation"}
	var acts []key.Binding
	for _, b := range m.actionKeys() {
		if w, ok := words[b.Help().Desc]; ok {
			b = common.WithHelp(b, b.Help().Key, w)
		}
		acts = append(acts, b)
	}
	return append(out, acts)
}

// HelpKey implements common.FieldHelp: ? opens the help from a question,
// the list of permissions and the fields that take no ? (an organization,
// a username, permission names); from the role, a phrase, while it is
// empty; f1 from any.
func (m *Model) HelpKey() key.Binding {
	if m.input.Focused() {
		return common.HelpInField(m.input.Value(), false)
	}
	if m.dialog != nil {
		if in, ok := m.dialog.form.GetFocusedField().(*huh.Input); ok {
			v, _ := in.GetValue().(string)
			return common.HelpInField(v, m.dialog.role(in))
		}
	}
	return common.HelpInField("", false)
}
