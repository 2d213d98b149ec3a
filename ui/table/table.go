// Package table draws rows as fixed-width columns for the dashboard's
// lists. It holds no rows: its Source gives a row's cells when the row
// comes on screen, and only the lines on screen are kept, so a table of
// 10,000 rows costs no more memory than one of 40, and neither a frame
// nor adding rows costs more as the list grows. Columns take their width
// from the cells of the rows added (layout.go says how), and narrow
// terminals drop whole columns, lowest priority first, rather than
// squeeze them all.
package table

import (
	"strings"

	"charm.land/lipgloss/v2"
)

// Column describes one column.
type Column struct {
	Title string
	// Min is the narrowest the column may be when its content is wider;
	// Max caps how wide its content makes it (0: no cap).
	Min, Max int
	// Priority orders columns: the lowest is dropped first, and the
	// highest gets room first.
	Priority int
	// Whole keeps the column as wide as its widest cell while any other
	// column can give way (be narrowed or dropped): a version string.
	Whole bool
	// Right aligns the column's cells right (numbers).
	Right bool
	// Tint, when set, styles a cell from its text (channel colours).
	Tint func(cell string) lipgloss.Style
}

// Styles are the table's styles.
type Styles struct {
	Header, Cursor, Mark lipgloss.Style
	// Pointer marks the cursor's row with ">" in the gutter as well,
	// for terminals without colour, where reverse video may not show.
	Pointer bool
}

// Source gives the table its rows' cells, one per column, already safe
// for the terminal. The table asks for a row's cells when it measures
// the row (Reset, Append) and when the row comes on screen.
type Source interface {
	Cells(row int) []string
}

// gutter is the width of the mark column at the left of every row.
const gutter = 2

// Model is a table of rows its Source holds. SetSize, SetColumns and
// Reset fill it.
type Model struct {
	cols   []Column
	src    Source
	n      int // rows
	styles Styles
	mark   string // the gutter's mark, styled once

	width, height  int // height counts the header line
	cursor, offset int

	shown   []int // indexes of the columns that fit, in order
	widths  []int // width of each shown column
	header  string
	measure measure // the widths of the rows' cells
	gen     uint32  // the layout's and rows' generation: lines drawn in another are stale
	// lines are the rows on screen as last drawn: row i in lines[i %
	// len(lines)], one slot per row that fits, so scrolling by a row
	// draws one row.
	lines []line
	// cursorLines is the cursor's row in the cursor style, unmarked and
	// marked, rendered when the cursor moves rather than every frame.
	cursorLines [2]string
}

// line is a row's line as drawn.
type line struct {
	row    int
	gen    uint32 // 0: never drawn
	plain  string // fitted to the layout, no styles
	styled string // the same with tints
}

// New returns a table with styles s, showing src's rows.
func New(s Styles, src Source) Model {
	return Model{styles: s, src: src, mark: s.Mark.Render(markGlyph)}
}

// markGlyph flags a marked row in the gutter.
const markGlyph = "● "

// SetStyles changes the styles and draws the rows again.
func (m *Model) SetStyles(s Styles) {
	m.styles = s
	m.mark = s.Mark.Render(markGlyph)
	m.layout()
}

// SetColumns sets the columns. The rows' measures are kept when the
// columns cap their content as before (the same columns, a sort's arrow
// in a title); else nothing is measured until Reset.
func (m *Model) SetColumns(cols []Column) {
	m.cols = cols
	if !m.measure.fits(cols) {
		m.measure = newMeasure(cols)
	}
	m.layout()
}

// Reset says the rows are new: there are n, measured now (every row's
// cells are asked for once and not kept), and the cursor's index is kept
// within range and on screen.
func (m *Model) Reset(n int) {
	m.n = n
	m.measure = newMeasure(m.cols)
	for i := range n {
		m.measure.add(m.src.Cells(i))
	}
	m.measure.settle()
	m.cursor = min(m.cursor, max(n-1, 0))
	m.layout()
}

// Append says k rows were added at the end. Only they are measured,
// columns only widen, and rows are drawn when they come on screen, so
// adding a page costs the same however many rows there are.
func (m *Model) Append(k int) {
	for i := m.n; i < m.n+k; i++ {
		m.measure.add(m.src.Cells(i))
	}
	m.n += k
	if m.measure.settle() {
		m.layout()
		return
	}
	m.scroll()
}

// Redraw says rows changed in place or moved (a new order), their count
// and cells' widths the same: what is on screen is drawn again.
func (m *Model) Redraw() {
	m.bump()
	m.scroll()
}

// SetSize sets the table's width and height (header included).
func (m *Model) SetSize(w, h int) {
	changed := w != m.width
	m.width, m.height = w, h
	if len(m.lines) != m.PageHeight() {
		m.lines = make([]line, m.PageHeight())
	}
	if changed {
		m.layout()
		return
	}
	m.scroll()
}

// Len is the number of rows.
func (m Model) Len() int { return m.n }

// Cursor is the index of the row under the cursor.
func (m Model) Cursor() int { return m.cursor }

// SetCursor moves the cursor to row i (clamped).
func (m *Model) SetCursor(i int) {
	m.cursor = max(0, min(i, m.n-1))
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
	m.offset = max(0, min(m.offset, m.n-h))
	if len(m.lines) == 0 {
		return // no size yet
	}
	for i := m.offset; i < min(m.offset+h, m.n); i++ {
		m.draw(i)
	}
	m.renderCursor()
}

// draw renders row i, unless it is already drawn in the current layout.
func (m *Model) draw(i int) *line {
	l := &m.lines[i%len(m.lines)]
	if l.row != i || l.gen != m.gen {
		l.plain, l.styled = m.renderRow(m.src.Cells(i))
		l.row, l.gen = i, m.gen
	}
	return l
}

// View renders the header and the rows on screen; marked reports the rows
// to flag in the gutter. Every line is exactly the table's width.
func (m Model) View(marked func(row int) bool) string {
	var b strings.Builder
	b.Grow(m.size())
	b.WriteString(m.header)
	end := min(m.offset+m.PageHeight(), m.n)
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
	if len(m.lines) > 0 {
		if l := m.lines[i%len(m.lines)]; l.row == i && l.gen == m.gen {
			return l.styled
		}
	}
	_, styled := m.renderRow(m.src.Cells(i))
	return styled
}

func (m *Model) renderCursor() {
	if m.cursor >= m.n {
		m.cursorLines = [2]string{}
		return
	}
	plain := m.draw(m.cursor).plain
	gutter, marked := "  ", markGlyph
	if m.styles.Pointer {
		gutter, marked = "> ", ">●"
	}
	m.cursorLines = [2]string{m.styles.Cursor.Render(gutter + plain), m.styles.Cursor.Render(marked + plain)}
}

// size estimates the bytes of a frame (styled rows carry escape codes).
func (m Model) size() int {
	n := len(m.header) + m.height + len(m.cursorLines[1])
	for _, l := range m.lines {
		n += len(m.mark) + len(l.styled)
	}
	return n
}
