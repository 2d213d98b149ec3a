package table

import "github.com/charmbracelet/x/ansi"

// fitTitles returns the natural widths for the columns: prev's, when it
// measured as many columns, else none measured yet; each at least the
// column's Min and its title's width.
func (m *Model) fitTitles(prev []int) []int {
	natural := make([]int, len(m.cols))
	if len(prev) == len(m.cols) {
		copy(natural, prev)
	}
	for i, c := range m.cols {
		natural[i] = max(natural[i], c.Min, ansi.StringWidth(c.Title))
	}
	return natural
}

// widenTo grows the natural widths to fit r's cells, up to each column's
// Max. A cell's width is at most its length in bytes, so a cell no
// longer than its column is not measured at all.
func (m *Model) widenTo(r []string) bool {
	grew := false
	for i := range min(len(r), len(m.cols)) {
		limit := m.cols[i].Max
		if len(r[i]) <= m.natural[i] || (limit > 0 && m.natural[i] >= limit) {
			continue
		}
		w := ansi.StringWidth(r[i])
		if limit > 0 {
			w = min(w, limit)
		}
		if w > m.natural[i] {
			m.natural[i], grew = w, true
		}
	}
	return grew
}
