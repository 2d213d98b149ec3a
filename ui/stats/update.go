package stats

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"rdash/ui/common"
	"rdash/ui/listload"
)

// Update implements common.Screen.
func (m *Model) Update(msg tea.Msg) (common.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return m, m.key(msg)
	case listload.PageLoadedMsg:
		return m, m.pageLoaded(msg)
	case retryLoadMsg:
		return m, m.reload()
	case common.VersionsChangedMsg:
		return m, m.versionsChanged(msg)
	case common.ThemeMsg:
		m.common.Styles = msg.Styles
		m.redraw()
	}
	return m, nil
}

func (m *Model) key(msg tea.KeyPressMsg) tea.Cmd {
	k := m.keys
	if key.Matches(msg, k.Refresh) {
		return m.reload()
	}
	if !m.showsCharts() {
		return nil
	}
	h := m.bodyHeight()
	if step, ok := k.ListStep(msg, m.bars(), h); ok {
		m.moveTo(m.cursor + step)
		return nil
	}
	switch {
	case key.Matches(msg, k.HalfUp):
		m.moveTo(m.cursor - h/2)
	case key.Matches(msg, k.HalfDown):
		m.moveTo(m.cursor + h/2)
	case key.Matches(msg, k.NextChart):
		m.toChart(1)
	case key.Matches(msg, k.PrevChart):
		m.toChart(-1)
	case key.Matches(msg, k.Open):
		cmd, _ := m.target()
		return cmd
	}
	return nil
}

// toChart selects the first bar of the next chart (step 1) or of the
// previous one (-1), or of this one when the cursor is not on its first.
func (m *Model) toChart(step int) {
	sec, bar := m.at(m.cursor)
	switch {
	case step < 0 && bar > 0:
	case step < 0:
		sec = max(sec-1, 0)
	default:
		sec = min(sec+1, len(m.secs)-1)
	}
	first := 0
	for _, s := range m.secs[:sec] {
		first += len(s.groups)
	}
	m.moveTo(first)
}
