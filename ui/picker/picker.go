// Package picker is the dashboard's home screen: the signed-in user's
// projects, pinned and recent ones, a filter, and a way to open any project
// by slug or ID.
package picker

import (
	"context"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/config"
	"rdash/internal/safe"
	"rdash/ui/common"
	"rdash/ui/route"
)

// Model is the project picker.
type Model struct {
	common common.Common
	client Client
	keys   keyMap
	ctx    context.Context
	cancel context.CancelFunc

	state config.State // a copy; the root owns it and sends StateMsg

	mine       []api.Project
	mineLoaded bool
	mineNote   string

	all     []item // every project, by section
	items   []item // those matching the filter
	cursor  int
	offset  int
	filter  textinput.Model
	initial string
	clicks  common.Clicks

	openSeq int    // id of the awaited project check
	opening string // the project being checked, "" when none
	mineSeq int

	width, height int
}

// Factory returns what builds the picker for route.Picker, talking to the
// service through cl.
func Factory(cl Client) func(common.Common, route.PickerArgs) (common.Screen, error) {
	return func(c common.Common, a route.PickerArgs) (common.Screen, error) {
		return New(c, cl, a), nil
	}
}

// New returns the picker.
func New(c common.Common, cl Client, a route.PickerArgs) *Model {
	ctx, cancel := context.WithCancel(c.Ctx)
	m := &Model{common: c, client: cl, keys: newKeyMap(c.Keys), ctx: ctx, cancel: cancel, state: c.State, initial: safe.Line(a.Open)}
	m.filter = newFilter(c.Styles)
	m.rebuild()
	return m
}

func newFilter(s *common.Styles) textinput.Model {
	return common.NewInput(s, "/ ", filterHint, 128)
}

// Init loads the user's projects and opens the initial project, if any.
func (m *Model) Init() tea.Cmd {
	m.mineSeq++
	cmds := []tea.Cmd{fetchMine(m.ctx, m.client, m.mineSeq)}
	if m.initial != "" {
		cmds = append(cmds, m.open(common.ProjectRef{Slug: m.initial}))
	}
	return tea.Batch(cmds...)
}

// Title implements common.Screen.
func (m *Model) Title() string { return "projects" }

// Capturing reports that the filter has focus.
func (m *Model) Capturing() bool { return m.filter.Focused() }

// Busy implements common.Screen.
func (m *Model) Busy() string {
	switch {
	case m.opening != "":
		return "opening " + m.opening
	case !m.mineLoaded:
		return "loading your projects"
	}
	return ""
}

// Close cancels the picker's requests.
func (m *Model) Close() { m.cancel() }

// SetSize implements common.Screen.
func (m *Model) SetSize(w, h int) {
	m.width, m.height = w, h
	common.SizeInput(&m.filter, max(w-4, 10), filterHint)
	m.clampScroll()
}

// ShortHelp implements common.Screen: the actions, most used first;
// moving is in the full help.
func (m *Model) ShortHelp() []key.Binding {
	k := m.keys
	if m.Capturing() {
		return []key.Binding{k.Open, common.WithHelp(k.Cancel, "esc", "clear"), upDownArrows}
	}
	b := []key.Binding{m.escHelp(), k.Open, k.Filter, m.pinHelp()}
	if m.common.Has(route.Invitations) {
		b = append(b, k.Invitations)
	}
	if m.common.Has(route.Account) {
		b = append(b, k.Account)
	}
	return b
}

// FullHelp implements common.Screen: the filter's keys while it has the
// focus, the list's otherwise.
func (m *Model) FullHelp() [][]key.Binding {
	k := m.keys
	if m.Capturing() {
		return [][]key.Binding{m.ShortHelp()}
	}
	actions := []key.Binding{k.Open, k.Filter, k.Pin}
	if m.common.Has(route.Invitations) {
		actions = append(actions, k.Invitations)
	}
	if m.common.Has(route.Account) {
		actions = append(actions, k.Account)
	}
	return [][]key.Binding{{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom}, append(actions, m.escHelp())}
}

// filterHint is the filter's hint, whole.
const filterHint = "filter, or type a slug or ID to open any project"

// HelpKey implements common.FieldHelp: ? opens the help from the
// filter, which takes slugs and names, not questions.
func (m *Model) HelpKey() key.Binding { return common.HelpInField(m.filter.Value(), false) }

// escHelp is what esc does on the list: stop opening a project, clear
// the filter; disabled when there is neither.
func (m *Model) escHelp() key.Binding {
	switch {
	case m.opening != "":
		return common.WithHelp(m.keys.Cancel, "esc", "stop opening")
	case m.filter.Value() != "":
		return common.WithHelp(m.keys.Cancel, "esc", "clear filter")
	}
	b := m.keys.Cancel
	b.SetEnabled(false)
	return b
}

// pinHelp says whether p pins or unpins the selected project.
func (m *Model) pinHelp() key.Binding {
	it, ok := m.selected()
	switch {
	case ok && it.pinned:
		return common.WithHelp(m.keys.Pin, "p", "unpin")
	case ok:
		return common.WithHelp(m.keys.Pin, "p", "pin")
	}
	b := m.keys.Pin
	b.SetEnabled(false)
	return b
}

var upDownArrows = key.NewBinding(key.WithKeys("up", "down"), key.WithHelp("↑/↓", "move"))
