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

// pickColumns drops the lowest-priority columns until the minimum widths
// fit, then widens columns towards their natural width, most important
// first, and gives what is left to the last shown column.
func (m *Model) pickColumns() {
	avail := m.width - gutter
	shown := make([]int, len(m.cols))
	for i := range shown {
		shown[i] = i
	}
	for len(shown) > 1 && m.minWidth(shown) > avail {
		lowest := slices.IndexFunc(shown, func(c int) bool {
			return m.cols[c].Priority == m.lowestPriority(shown)
		})
		shown = slices.Delete(shown, lowest, lowest+1)
	}
	widths := make([]int, len(shown))
	for i, c := range shown {
		widths[i] = m.cols[c].Min
	}
	extra := avail - m.minWidth(shown)
	for _, i := range m.byPriority(shown) {
		add := max(0, min(extra, m.natural[shown[i]]-widths[i]))
		widths[i] += add
		extra -= add
	}
	if len(widths) > 0 && extra > 0 {
		widths[len(widths)-1] += extra
	}
	if len(widths) == 1 && widths[0] > avail {
		widths[0] = max(avail, 0)
	}
	m.shown, m.widths = shown, widths
}

func (m *Model) minWidth(shown []int) int {
	w := max(len(shown)-1, 0) // one space between columns
	for _, c := range shown {
		w += m.cols[c].Min
	}
	return w
}

func (m *Model) lowestPriority(shown []int) int {
	p := m.cols[shown[0]].Priority
	for _, c := range shown[1:] {
		p = min(p, m.cols[c].Priority)
	}
	return p
}

// byPriority returns positions in shown, highest priority first.
func (m *Model) byPriority(shown []int) []int {
	idx := make([]int, len(shown))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		return m.cols[shown[b]].Priority - m.cols[shown[a]].Priority
	})
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
