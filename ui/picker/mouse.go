package picker

import (
	tea "charm.land/bubbletea/v2"

	"rdash/ui/common"
)

// listTop is the line of the body the list starts on, under the filter
// and a blank line (View).
const listTop = 2

// wheel moves the cursor a row a notch.
func (m *Model) wheel(msg tea.MouseWheelMsg) {
	m.move(common.Wheel(msg))
}

// click selects the project clicked; a double click opens it.
func (m *Model) click(msg tea.MouseClickMsg) tea.Cmd {
	row, ok := common.RowAt(msg.Y, listTop, m.listHeight(), m.offset, m.lineRows())
	if !ok || !common.LeftClick(msg) {
		return nil
	}
	m.cursor = row
	m.clampScroll()
	if !m.clicks.Click(row, m.common.Now()) {
		return nil
	}
	m.filter.Blur()
	return m.openSelected()
}

// lineRows maps the list's lines (lines) to items: -1 for a section
// title.
func (m *Model) lineRows() []int {
	var out []int
	last := section(-1)
	for i, it := range m.items {
		if it.section != last {
			last = it.section
			out = append(out, -1)
		}
		out = append(out, i)
	}
	return out
}
