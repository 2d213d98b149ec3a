package picker

import (
	"slices"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"rdash/config"
	"rdash/internal/safe"
	"rdash/ui/common"
	"rdash/ui/route"
)

// Update implements common.Screen.
func (m *Model) Update(msg tea.Msg) (common.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		if m.filter.Focused() {
			return m, m.filterKey(msg)
		}
		return m, m.listKey(msg)
	case tea.PasteMsg:
		if m.filter.Focused() {
			return m, m.updateFilter(msg)
		}
	case tea.MouseWheelMsg:
		m.wheel(msg)
	case tea.MouseClickMsg:
		return m, m.click(msg)
	case projectsLoadedMsg:
		m.projectsLoaded(msg)
	case projectCheckedMsg:
		return m, m.projectChecked(msg)
	case reopenMsg:
		return m, m.open(msg.ref)
	case common.OpenProjectMsg:
		return m, m.open(common.ProjectRef{Slug: safe.Line(msg.Project)})
	case common.SignedInMsg, common.SignedOutMsg:
		// Whose projects these are changed: the old account's go at once.
		return m, m.refetchMine(true)
	case common.MembershipsChangedMsg:
		// The same user joined an organization: its projects are added.
		return m, m.refetchMine(false)
	case common.StateMsg:
		m.state = msg.State
		m.rebuild()
	case common.ThemeMsg:
		m.common.Styles = msg.Styles
		m.filter = common.StyleInput(m.filter, msg.Styles)
	default:
		if m.filter.Focused() {
			return m, m.updateFilter(msg) // cursor blink
		}
	}
	return m, nil
}

func (m *Model) listKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.keys
	if step, ok := k.ListStep(msg, len(m.items), m.listHeight()); ok {
		m.move(step)
		return nil
	}
	switch {
	case key.Matches(msg, k.Open):
		return m.openSelected()
	case key.Matches(msg, k.Filter):
		return m.filter.Focus()
	case key.Matches(msg, k.Pin):
		return m.togglePin()
	case key.Matches(msg, k.Invitations) && m.common.Has(route.Invitations):
		m.cancelOpening() // its reply would push the versions over the invitations
		return common.Open(route.Invitations, route.None{})
	case key.Matches(msg, k.Account) && m.common.Has(route.Account):
		m.cancelOpening()
		return common.Open(route.Account, route.None{})
	case key.Matches(msg, k.Cancel) && m.escHelp().Enabled():
		m.cancelOpening()
		m.setFilter("")
	}
	return nil
}

// filterKey handles keys while the filter has focus: arrows still move,
// enter opens, esc clears and leaves the field.
func (m *Model) filterKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.keys
	switch {
	case key.Matches(msg, k.Open):
		m.filter.Blur()
		return m.openSelected()
	case key.Matches(msg, k.Cancel):
		m.filter.Blur()
		m.setFilter("")
		return nil
	case msg.Code == tea.KeyUp:
		m.move(-1)
		return nil
	case msg.Code == tea.KeyDown:
		m.move(1)
		return nil
	}
	return m.updateFilter(msg)
}

func (m *Model) updateFilter(msg tea.Msg) tea.Cmd {
	before := m.filter.Value()
	var cmd tea.Cmd
	m.filter, cmd = m.filter.Update(msg)
	if m.filter.Value() != before {
		m.applyFilter()
	}
	return cmd
}

func (m *Model) setFilter(v string) {
	m.filter.SetValue(v)
	m.applyFilter()
}

// rebuild recomputes the list after the projects, pins or recents changed,
// keeping the cursor on the same project.
func (m *Model) rebuild() {
	m.all = m.buildItems()
	m.applyFilter()
}

func (m *Model) applyFilter() {
	var current string
	if it, ok := m.selected(); ok {
		current = it.ref.Key()
	}
	m.items = filtered(m.all, m.filter.Value())
	m.cursor = 0
	for i, it := range m.items {
		if it.ref.Key() == current {
			m.cursor = i
		}
	}
	m.clampScroll()
}

func (m *Model) selected() (item, bool) {
	if m.cursor < 0 || m.cursor >= len(m.items) {
		return item{}, false
	}
	return m.items[m.cursor], true
}

func (m *Model) move(n int) {
	m.cursor = max(0, min(m.cursor+n, len(m.items)-1))
	m.clampScroll()
}

func (m *Model) togglePin() tea.Cmd {
	it, ok := m.selected()
	if !ok {
		return nil
	}
	if it.inConfig {
		return common.Status(it.ref.Key() + " is pinned in the config file; edit it there to unpin")
	}
	key, verb := it.ref.Key(), "unpinned "
	if !slices.Contains(m.state.Pinned, key) {
		verb = "pinned "
	}
	pin := common.EditState("pinned projects", func(s *config.State) { s.TogglePin(key) })
	return tea.Batch(pin, common.Status(verb+key))
}
