package table

// RowAt is the row shown on line y of the table's view (the header is
// line 0); ok is false on the header and below the last row.
func (m Model) RowAt(y int) (row int, ok bool) {
	row = m.offset + y - 1
	if y < 1 || y > m.PageHeight() || row >= m.n {
		return 0, false
	}
	return row, true
}

// ColumnAt is the column (an index into the columns set) drawn at cell x
// of a line; ok is false in the gutter, between columns and past the
// last.
func (m Model) ColumnAt(x int) (col int, ok bool) {
	left := gutter
	for i, c := range m.shown {
		if x >= left && x < left+m.widths[i] {
			return c, true
		}
		left += m.widths[i] + 1
	}
	return 0, false
}
