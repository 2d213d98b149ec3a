// Package table draws rows as fixed-width columns for the dashboard's
// lists. Unlike bubbles/table it keeps every row's rendered line, so a frame
// costs only the rows on screen, and it drops whole columns (lowest
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
	rows   [][]string
	styles Styles
	mark   string // the gutter's mark, styled once

	width, height  int // height counts the header line
	cursor, offset int

	shown   []int // indexes of the columns that fit, in order
	widths  []int // width of each shown column
	header  string
	plain   []string // each row fitted to the layout, no styles
	styled  []string // the same with tints
	natural []int    // widest cell of each column, capped by Max
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

// SetRows replaces the rows, each a cell per column, keeping the cursor's
// index within range and on screen. Cells must already be safe for the
// terminal.
func (m *Model) SetRows(rows [][]string) {
	m.rows = rows
	m.cursor = min(m.cursor, max(len(rows)-1, 0))
	m.measure()
	m.layout()
	m.scroll() // fewer rows may leave the offset past the end
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

func (m *Model) scroll() {
	m.renderCursor()
	h := m.PageHeight()
	switch {
	case m.cursor < m.offset:
		m.offset = m.cursor
	case m.cursor >= m.offset+h:
		m.offset = m.cursor - h + 1
	}
	m.offset = max(0, min(m.offset, len(m.rows)-h))
}

// measure finds each column's natural width: its widest cell or title.
func (m *Model) measure() {
	m.natural = make([]int, len(m.cols))
	for i, c := range m.cols {
		m.natural[i] = ansi.StringWidth(c.Title)
	}
	for _, r := range m.rows {
		for i := range min(len(r), len(m.cols)) {
			m.natural[i] = max(m.natural[i], ansi.StringWidth(r[i]))
		}
	}
	for i, c := range m.cols {
		if c.Max > 0 {
			m.natural[i] = min(m.natural[i], c.Max)
		}
		m.natural[i] = max(m.natural[i], c.Min, ansi.StringWidth(c.Title))
	}
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
			b.WriteString(m.styled[i])
		default:
			b.WriteString("  ")
			b.WriteString(m.styled[i])
		}
	}
	for i := end - m.offset; i < m.PageHeight(); i++ {
		b.WriteByte('\n')
	}
	return b.String()
}

func (m *Model) renderCursor() {
	if m.cursor >= len(m.plain) {
		m.cursorLines = [2]string{}
		return
	}
	line := m.plain[m.cursor]
	m.cursorLines = [2]string{m.styles.Cursor.Render("  " + line), m.styles.Cursor.Render(markGlyph + line)}
}

// size estimates the bytes of a frame (styled rows carry escape codes).
func (m Model) size() int {
	n := len(m.header) + m.height + len(m.cursorLines[1])
	end := min(m.offset+m.PageHeight(), len(m.rows))
	for i := m.offset; i < end; i++ {
		n += len(m.mark) + len(m.styled[i])
	}
	return n
}
