package table

import "github.com/charmbracelet/x/ansi"

// needShare is the share of a column's cells its typical width fits:
// columns get room for most of their cells before any gets room for its
// few widest.
const needShare = 0.9

// widthCap bounds the widths measured in a column without a Max.
const widthCap = 256

// measure counts the widths of each column's cells in the rows added
// since the last Reset: the rows loaded, not the rows on screen, so the
// columns do not move as the cursor does. Its widths only grow until the
// next Reset, so a page that comes in never narrows a column.
type measure struct {
	hist [][]int // hist[c][w]: cells of column c that are w wide (the last: at least)
	rows int
	need []int // the width that fits needShare of the column's cells
	full []int // the widest cell's width
}

func newMeasure(cols []Column) measure {
	m := measure{hist: make([][]int, len(cols)), need: make([]int, len(cols)), full: make([]int, len(cols))}
	for i, c := range cols {
		m.hist[i] = make([]int, capOf(c)+1)
	}
	return m
}

// capOf is the widest a column's content may make it.
func capOf(c Column) int {
	if c.Max > 0 {
		return c.Max
	}
	return widthCap
}

// fits reports whether m counts the cells of cols as they are capped.
func (m *measure) fits(cols []Column) bool {
	if len(m.hist) != len(cols) {
		return false
	}
	for i, c := range cols {
		if len(m.hist[i]) != capOf(c)+1 {
			return false
		}
	}
	return true
}

// add counts a row's cells.
func (m *measure) add(cells []string) {
	for c := range min(len(cells), len(m.hist)) {
		m.hist[c][min(cellWidth(cells[c]), len(m.hist[c])-1)]++
	}
	m.rows++
}

// settle brings need and full up to the cells counted; it reports
// whether either grew.
func (m *measure) settle() bool {
	grew := false
	for c, h := range m.hist {
		need, full, seen := -1, 0, 0
		for w, n := range h {
			seen += n
			if n > 0 {
				full = w
			}
			if need < 0 && float64(seen) >= needShare*float64(m.rows) {
				need = w
			}
		}
		if need > m.need[c] || full > m.full[c] {
			m.need[c], m.full[c], grew = max(m.need[c], need), max(m.full[c], full), true
		}
	}
	return grew
}

// cellWidth is a cell's width in cells: its length when it is ASCII,
// which the cells, made safe for the terminal, nearly always are.
func cellWidth(s string) int {
	for i := range len(s) {
		if s[i] >= 0x80 {
			return ansi.StringWidth(s)
		}
	}
	return len(s)
}
