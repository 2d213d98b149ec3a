package versions

import (
	tea "charm.land/bubbletea/v2"

	"rdash/ui/common"
)

// tableTop is the line of the body the table's header is on, under the
// filter bar (View).
const tableTop = 1

// wheel moves the cursor a row a notch, in the table or the channel
// picker, and the table loads ahead as it does for the keys.
func (m *Model) wheel(msg tea.MouseWheelMsg) tea.Cmd {
	if m.mode == modeChannels {
		m.channels.move(common.Wheel(msg))
		return nil
	}
	m.table.Move(common.Wheel(msg))
	return m.maybePrefetch()
}

// click selects the row clicked; a double click opens it, but while a
// sort loads (nothing but moving and sorting runs then). A click on a
// column's title sorts by it as s does, the whole list loaded first, and
// a second one turns the order round. While a field or the channel
// picker has the keys, the table takes no click.
func (m *Model) click(msg tea.MouseClickMsg) tea.Cmd {
	if !common.LeftClick(msg) || m.mode != modeTable && m.mode != modeSorting || m.table.Len() == 0 {
		return nil
	}
	if msg.Y == tableTop {
		return m.clickTitle(msg.X)
	}
	row, ok := m.table.RowAt(msg.Y - tableTop)
	if !ok {
		return nil
	}
	m.table.SetCursor(row)
	if m.clicks.Click(row, m.common.Now()) && m.mode == modeTable {
		return m.openDetail()
	}
	return m.maybePrefetch()
}

// clickTitle sorts by the column whose title is at x, when the rows can
// be sorted by it; the other way round when they already are, or are
// about to be.
func (m *Model) clickTitle(x int) tea.Cmd {
	col, ok := m.table.ColumnAt(x)
	if !ok {
		return nil
	}
	k, ok := sortKeyOf(col)
	if !ok {
		return nil
	}
	current := m.sort
	if m.all != nil {
		current = m.all.want
	}
	if current.key == k {
		return m.sortBy(current.reversed())
	}
	return m.sortBy(byKey(k))
}
