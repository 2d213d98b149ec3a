// Package table draws rows as fixed-width columns for the dashboard's
// lists. Unlike bubbles/table it keeps each row's rendered line, drawn
// when the row first comes on screen, so neither a frame nor adding rows
// costs more as the list grows; and it drops whole columns (lowest
// priority first) rather than squeezing them when the terminal is narrow.
package table

import (
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// Column describes one column.
type Column struct {
	Title string
	// Min is the narrowest the column may be; Max caps how wide its
	// content makes it (0: no cap).
	Min, Max int
	// Priority orders columns for dropping: the lowest goes first.
	Priority int
	// Right aligns the column's cells right (numbers).
	Right bool
	// Tint, when set, styles a cell from its text (channel colours).
	Tint func(cell string) lipgloss.Style
}

// Styles are the table's styles.
type Styles struct {
	Header, Cursor, Mark lipgloss.Style
}

// gutter is the width of the mark column at the left of every row.
const gutter = 2

// Model is a table. Its zero value is empty; SetSize, SetColumns and
// SetRows fill it.
type Model struct {
	cols   []Column
	rows   []row
	styles Styles
	mark   string // the gutter's mark, styled once

	width, height  int // height counts the header line
	cursor, offset int

	shown   []int // indexes of the columns that fit, in order
	widths  []int // width of each shown column
	header  string
	natural []int  // widest cell of each column, capped by Max
	gen     uint32 // the layout's generation: rows drawn in another are stale
	// cursorLines is the cursor's row in the cursor style, unmarked and
	// marked, rendered when the cursor moves rather than every frame.
	cursorLines [2]string
}

// New returns a table with styles s.
func New(s Styles) Model { return Model{styles: s, mark: s.Mark.Render(markGlyph)} }

// markGlyph flags a marked row in the gutter.
const markGlyph = "● "

// SetStyles changes the styles and renders the rows again.
func (m *Model) SetStyles(s Styles) {
	m.styles = s
	m.mark = s.Mark.Render(markGlyph)
	m.layout()
}

// SetColumns sets the columns; rows must follow with SetRows.
func (m *Model) SetColumns(cols []Column) {
	m.cols = cols
	m.measure()
	m.layout()
}

// row is one row's cells and its line as last drawn.
type row struct {
	cells  []string
	plain  string // fitted to the layout, no styles
	styled string // the same with tints
	gen    uint32 // the layout plain and styled were drawn in; 0: never
}

// SetRows replaces the rows, each a cell per column, keeping the cursor's
// index within range and on screen. Cells must already be safe for the
// terminal.
func (m *Model) SetRows(rows [][]string) {
	m.rows = make([]row, len(rows))
	for i, r := range rows {
		m.rows[i].cells = r
	}
	m.cursor = min(m.cursor, max(len(rows)-1, 0))
	m.measure()
	m.layout()
	m.scroll() // fewer rows may leave the offset past the end
}

// InsertRows adds rows, rows[k] landing at index at[k] of the result (at
// ascends); the cursor stays on its row. Only the new rows are measured,
// columns only widen, and rows are drawn when they come on screen, so
// adding a page costs the same however many rows are loaded.
func (m *Model) InsertRows(at []int, rows [][]string) {
	if len(rows) == 0 {
		return
	}
	widened := m.widen(rows)
	if at[0] >= len(m.rows) { // appended, the usual case: no copy
		for _, r := range rows {
			m.rows = append(m.rows, row{cells: r})
		}
	} else {
		m.merge(at, rows)
	}
	if widened {
		m.layout()
	}
	m.scroll()
}

// merge inserts rows at at, moving the cursor with its row.
func (m *Model) merge(at []int, rows [][]string) {
	out := make([]row, 0, len(m.rows)+len(rows))
	old, cursor := 0, m.cursor
	for k, r := range rows {
		for len(out) < at[k] && old < len(m.rows) {
			old++
			out = append(out, m.rows[old-1])
		}
		if old <= m.cursor {
			cursor++
		}
		out = append(out, row{cells: r})
	}
	m.rows = append(out, m.rows[old:]...)
	if len(m.rows) > len(rows) {
		m.cursor = cursor
	}
}

// SetSize sets the table's width and height (header included).
func (m *Model) SetSize(w, h int) {
	changed := w != m.width
	m.width, m.height = w, h
	if changed {
		m.layout()
	}
	m.scroll()
}

// Len is the number of rows.
func (m Model) Len() int { return len(m.rows) }

// Cursor is the index of the row under the cursor.
func (m Model) Cursor() int { return m.cursor }

// SetCursor moves the cursor to row i (clamped).
func (m *Model) SetCursor(i int) {
	m.cursor = max(0, min(i, len(m.rows)-1))
	m.scroll()
}

// Move moves the cursor by n rows (negative: up).
func (m *Model) Move(n int) { m.SetCursor(m.cursor + n) }

// PageHeight is how many rows fit on screen.
func (m Model) PageHeight() int { return max(m.height-1, 1) }

// scroll keeps the cursor on screen and draws the rows that are.
func (m *Model) scroll() {
	h := m.PageHeight()
	switch {
	case m.cursor < m.offset:
		m.offset = m.cursor
	case m.cursor >= m.offset+h:
		m.offset = m.cursor - h + 1
	}
	m.offset = max(0, min(m.offset, len(m.rows)-h))
	for i := m.offset; i < min(m.offset+h, len(m.rows)); i++ {
		m.draw(i)
	}
	m.renderCursor()
}

// draw renders row i, unless it is already drawn in the current layout.
func (m *Model) draw(i int) {
	if r := &m.rows[i]; r.gen != m.gen {
		r.plain, r.styled = m.renderRow(r.cells)
		r.gen = m.gen
	}
}

// measure finds each column's natural width: its widest cell or title.
func (m *Model) measure() {
	m.natural = make([]int, len(m.cols))
	for i, c := range m.cols {
		m.natural[i] = max(c.Min, ansi.StringWidth(c.Title))
	}
	for _, r := range m.rows {
		m.widenTo(r.cells)
	}
}

// widen measures new rows; it reports whether a column grew.
func (m *Model) widen(rows [][]string) bool {
	grew := false
	for _, r := range rows {
		grew = m.widenTo(r) || grew
	}
	return grew
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

// View renders the header and the rows on screen; marked reports the rows
// to flag in the gutter. Every line is exactly the table's width.
func (m Model) View(marked func(row int) bool) string {
	var b strings.Builder
	b.Grow(m.size())
	b.WriteString(m.header)
	end := min(m.offset+m.PageHeight(), len(m.rows))
	for i := m.offset; i < end; i++ {
		b.WriteByte('\n')
		isMarked := marked != nil && marked(i)
		switch {
		case i == m.cursor && isMarked:
			b.WriteString(m.cursorLines[1])
		case i == m.cursor:
			b.WriteString(m.cursorLines[0])
		case isMarked:
			b.WriteString(m.mark)
			b.WriteString(m.line(i))
		default:
			b.WriteString("  ")
			b.WriteString(m.line(i))
		}
	}
	for i := end - m.offset; i < m.PageHeight(); i++ {
		b.WriteByte('\n')
	}
	return b.String()
}

// line is row i's styled line. Every row on screen is drawn when the
// cursor, the rows or the layout change; line draws one that is not,
// without keeping it, rather than show a stale line.
func (m Model) line(i int) string {
	if r := m.rows[i]; r.gen == m.gen {
		return r.styled
	}
	_, styled := m.renderRow(m.rows[i].cells)
	return styled
}

func (m *Model) renderCursor() {
	if m.cursor >= len(m.rows) {
		m.cursorLines = [2]string{}
		return
	}
	m.draw(m.cursor)
	line := m.rows[m.cursor].plain
	m.cursorLines = [2]string{m.styles.Cursor.Render("  " + line), m.styles.Cursor.Render(markGlyph + line)}
}

// size estimates the bytes of a frame (styled rows carry escape codes).
func (m Model) size() int {
	n := len(m.header) + m.height + len(m.cursorLines[1])
	end := min(m.offset+m.PageHeight(), len(m.rows))
	for i := m.offset; i < end; i++ {
		n += len(m.mark) + len(m.rows[i].styled)
	}
	return n
}
