package stats

import (
	"charm.land/bubbles/v2/key"

	"rdash/internal/stats"
	"rdash/ui/common"
)

// ShortHelp implements common.Screen: enter says where it leads from the
// selected bar, and is left out where it leads nowhere (the line under
// the charts says why).
func (m *Model) ShortHelp() []key.Binding {
	k := m.keys
	if !m.showsCharts() {
		return []key.Binding{k.Refresh}
	}
	var hints []key.Binding
	if _, ok := m.target(); ok {
		hints = append(hints, common.WithHelp(k.Open, "enter", m.enterDesc()))
	}
	return append(hints, common.WithHelp(k.Up, "↑/↓", "bar"), k.NextChart, k.Refresh)
}

// enterDesc is what enter does on the selected bar, in a word or two.
func (m *Model) enterDesc() string {
	if id, _ := m.selectedBar(); id.by == stats.Version {
		return "open version"
	}
	return "list versions"
}

// FullHelp implements common.Screen: every key that works.
func (m *Model) FullHelp() [][]key.Binding {
	k := m.keys
	if !m.showsCharts() {
		return [][]key.Binding{{k.Refresh}}
	}
	return [][]key.Binding{
		{k.Up, k.Down, k.PageUp, k.PageDown, k.HalfUp, k.HalfDown, k.Top, k.Bottom},
		{common.WithHelp(k.Open, "enter", "list a bar's versions, or open a version"), k.NextChart, k.PrevChart, k.Refresh},
	}
}
