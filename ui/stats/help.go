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
	hints = append(hints, common.WithHelp(k.Up, "↑/↓", "bar"))
	if charts := m.chartKeys(); len(charts) > 0 { // the footer has room for one
		hints = append(hints, charts[0])
	}
	return append(hints, k.Refresh)
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
	var acts []key.Binding
	if _, ok := m.target(); ok {
		acts = append(acts, common.WithHelp(k.Open, "enter", m.enterDesc()))
	}
	acts = append(acts, m.chartKeys()...)
	return [][]key.Binding{
		{k.Up, k.Down, k.PageUp, k.PageDown, k.HalfUp, k.HalfDown, k.Top, k.Bottom},
		append(acts, k.Refresh),
	}
}

// chartKeys are tab and shift+tab where they move the cursor (toChart):
// not tab on the last chart's first bar, nor shift+tab on the first's.
func (m *Model) chartKeys() []key.Binding {
	sec, bar := m.at(m.cursor)
	var out []key.Binding
	if sec < len(m.secs)-1 || bar > 0 {
		out = append(out, m.keys.NextChart)
	}
	if sec > 0 || bar > 0 {
		out = append(out, m.keys.PrevChart)
	}
	return out
}
