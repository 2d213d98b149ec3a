package invitations

import (
	tea "charm.land/bubbletea/v2"

	"rdash/ui/common"
)

// listTop is the line of the body the list starts on, under the title
// and a blank line (View).
const listTop = 2

// mouse moves the cursor with the wheel and to the row clicked. Rows
// open nothing, so a double click is two clicks. While a form or the
// organization field is up, the list under it stays as it is: the form is
// about the selected row.
func (m *Model) mouse(msg tea.MouseMsg) {
	if m.dialog != nil || m.input.Focused() {
		return
	}
	switch msg := msg.(type) {
	case tea.MouseWheelMsg:
		m.move(common.Wheel(msg))
	case tea.MouseClickMsg:
		if row, ok := common.RowAt(msg.Y, listTop, m.listHeight(), m.offset, m.lineRows()); ok && common.LeftClick(msg) {
			m.cursor = row
			m.clampScroll()
		}
	}
}

// lineRows maps the list's lines (lines) to rows: -1 for the column
// titles above invitations.
func (m *Model) lineRows() []int {
	var out []int
	for i, r := range m.rows {
		if r.inv != nil && (i == 0 || m.rows[i-1].inv == nil) {
			out = append(out, -1)
		}
		out = append(out, i)
	}
	return out
}
