package table

import (
	"slices"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"rdash/ui/common"
)

// layout picks the columns that fit and their widths, renders the
// header, and draws the rows on screen again.
func (m *Model) layout() {
	m.pickColumns()
	m.header = m.renderHeader()
	m.bump()
	m.scroll()
}

// bump makes every line drawn so far stale.
func (m *Model) bump() {
	m.gen++
	if m.gen == 0 { // 0 means never drawn
		m.gen = 1
	}
}

// pickColumns chooses the columns shown and their widths, by priority:
//
//   - Every column starts at its floor: a Whole column (the version) at
//     its widest cell, any other at its Min, or narrower if its cells
//     and title are; columns are dropped, lowest priority first (a Whole
//     one last), until the floors fit.
//   - Then each column, highest priority first, grows to the width that
//     fits most of its cells (needShare), and only then, again by
//     priority, to its widest cell: a column does not keep room for its
//     one long cell while another is cut in most rows.
//   - No column grows past its widest cell or title; what is left is
//     blank at the end of the row.
//
// Widths come from the rows loaded (measure), not the rows on screen, so
// they do not change as the cursor moves.
func (m *Model) pickColumns() {
	avail := max(m.width-gutter, 0)
	shown := make([]int, len(m.cols))
	for i := range shown {
		shown[i] = i
	}
	for len(shown) > 1 && m.span(shown, m.floor) > avail {
		shown = slices.Delete(shown, m.dropped(shown), m.dropped(shown)+1)
	}
	widths := make([]int, len(shown))
	for i, c := range shown {
		widths[i] = min(m.floor(c), avail) // alone and still too wide: cut
	}
	extra := avail - m.span(shown, m.floor)
	for _, target := range []func(int) int{m.need, m.full} {
		for _, i := range m.byPriority(shown) {
			add := max(0, min(extra, target(shown[i])-widths[i]))
			widths[i] += add
			extra -= add
		}
	}
	m.shown, m.widths = shown, widths
}

// need is the width that fits most of column c's cells, and its title.
func (m *Model) need(c int) int { return max(m.title(c), m.measure.need[c]) }

// full is the width that fits all of column c's cells, and its title.
func (m *Model) full(c int) int { return max(m.need(c), m.measure.full[c]) }

// floor is the narrowest column c is shown: a Whole column's full width,
// else its Min, or less when its cells need less.
func (m *Model) floor(c int) int {
	if m.cols[c].Whole {
		return m.full(c)
	}
	return max(m.title(c), min(m.cols[c].Min, m.need(c)))
}

func (m *Model) title(c int) int { return ansi.StringWidth(m.cols[c].Title) }

// span is the width of the shown columns at widths w, with a space
// between columns.
func (m *Model) span(shown []int, w func(int) int) int {
	n := max(len(shown)-1, 0)
	for _, c := range shown {
		n += w(c)
	}
	return n
}

// dropped is the position in shown of the column to drop next: the
// lowest priority, a Whole column only when no other is left.
func (m *Model) dropped(shown []int) int {
	return slices.MinFunc(m.positions(shown), func(a, b int) int {
		ca, cb := m.cols[shown[a]], m.cols[shown[b]]
		if ca.Whole != cb.Whole {
			if ca.Whole {
				return 1
			}
			return -1
		}
		return ca.Priority - cb.Priority
	})
}

// byPriority returns positions in shown, highest priority first.
func (m *Model) byPriority(shown []int) []int {
	idx := m.positions(shown)
	slices.SortStableFunc(idx, func(a, b int) int {
		return m.cols[shown[b]].Priority - m.cols[shown[a]].Priority
	})
	return idx
}

func (m *Model) positions(shown []int) []int {
	idx := make([]int, len(shown))
	for i := range idx {
		idx[i] = i
	}
	return idx
}

func (m *Model) renderHeader() string {
	cells := make([]string, len(m.shown))
	for i, c := range m.shown {
		cells[i] = m.fit(m.cols[c].Title, i, c)
	}
	return m.styles.Header.Render(pad(strings.Repeat(" ", gutter)+strings.Join(cells, " "), m.width))
}

func (m *Model) renderRow(r []string) (plain, styled string) {
	p := make([]string, len(m.shown))
	s := make([]string, len(m.shown))
	for i, c := range m.shown {
		cell := ""
		if c < len(r) {
			cell = r[c]
		}
		p[i] = m.fit(cell, i, c)
		s[i] = p[i]
		if t := m.cols[c].Tint; t != nil && cell != "" {
			s[i] = t(cell).Render(p[i])
		}
	}
	w := m.width - gutter
	return pad(strings.Join(p, " "), w), pad(strings.Join(s, " "), w)
}

// fit cuts or pads cell to the width of shown column i (column c).
func (m *Model) fit(cell string, i, c int) string {
	w := m.widths[i]
	cell = common.Cut(cell, w)
	gap := strings.Repeat(" ", max(w-ansi.StringWidth(cell), 0))
	if m.cols[c].Right {
		return gap + cell
	}
	return cell + gap
}

// pad extends line to w cells, or cuts it there.
func pad(line string, w int) string {
	return common.Fit(line, max(w, 0))
}
