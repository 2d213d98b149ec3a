package table

import (
	"fmt"
	"strings"
	"testing"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// versionsTable is a table with the versions screen's columns over rows
// like lumen's: most cells short, a few long ones in every column.
func versionsTable(w int) (Model, *source) {
	src := &source{}
	for i := range 40 {
		game, platforms, name := "1.21.4", "paper,folia,fabric", fmt.Sprintf("Lumen 2.%d.0", i)
		if i%10 == 3 {
			game = "1.20.4,1.20.5,1.20.6,1.21,1.21.1" // one in ten, 32 wide
		}
		if i%8 == 0 {
			name += ": a longer title for this one" // one in eight
		}
		src.rows = append(src.rows, []string{fmt.Sprintf("2.%d.0-beta.%d", i, i), name, "release", platforms, game, "12,345", "3mo ago"})
	}
	m := New(Styles{Cursor: lipgloss.NewStyle().Reverse(true)}, src)
	m.SetColumns([]Column{
		{Title: "VERSION", Max: 64, Priority: 7, Whole: true},
		{Title: "NAME", Min: 12, Max: 64, Priority: 2},
		{Title: "CHANNEL", Max: 12, Priority: 6, Whole: true},
		{Title: "PLATFORMS", Min: 10, Max: 64, Priority: 1},
		{Title: "GAME", Min: 8, Max: 64, Priority: 5},
		{Title: "DOWNLOADS", Min: 9, Max: 11, Priority: 3, Right: true},
		{Title: "CREATED ↓", Min: 8, Max: 8, Priority: 4},
	})
	m.Reset(len(src.rows))
	m.SetSize(w, 12)
	return m, src
}

// Columns get width by priority, at every width from 30 to 220:
//   - a Whole column (version, channel) is never cut while another
//     column is shown;
//   - no column is wider than its widest cell or title;
//   - no column has room beyond what most of its cells need while a
//     column is cut in more than one cell in ten (at 100-120 columns GAME
//     held ~29 blank cells for its one long cell while NAME and
//     PLATFORMS were cut);
//   - a column is cut below what most of its cells need only when every
//     column of lower priority is at its narrowest, and dropped only
//     when every column of lower priority is dropped.
func TestColumnsGetWidthByPriority(t *testing.T) {
	t.Parallel()
	for w := 30; w <= 220; w++ {
		m, _ := versionsTable(w)
		at := map[int]int{} // column -> width, when shown
		for i, c := range m.shown {
			at[c] = m.widths[i]
		}
		for c, col := range m.cols {
			width, shown := at[c]
			switch {
			case !shown:
				for d, other := range m.cols {
					if _, ok := at[d]; ok && other.Priority < col.Priority && !other.Whole {
						t.Errorf("width %d: %s dropped while %s (lower priority) is shown", w, col.Title, other.Title)
					}
				}
				continue
			case col.Whole && len(m.shown) > 1 && width != m.full(c):
				t.Errorf("width %d: %s is %d wide, its widest cell %d, while other columns are shown", w, col.Title, width, m.full(c))
			case width > m.full(c):
				t.Errorf("width %d: %s is %d wide, more than its widest cell or title (%d)", w, col.Title, width, m.full(c))
			}
			if width >= m.need(c) {
				continue
			}
			for d, other := range at {
				if other > m.need(d) {
					t.Errorf("width %d: %s is %d wide, more than most of its cells need (%d), while %s is cut to %d (need %d)",
						w, m.cols[d].Title, other, m.need(d), col.Title, width, m.need(c))
				}
				if m.cols[d].Priority < col.Priority && other > m.floor(d) {
					t.Errorf("width %d: %s (priority %d) is %d wide, above its narrowest %d, while %s (priority %d) is cut",
						w, m.cols[d].Title, m.cols[d].Priority, other, m.floor(d), col.Title, col.Priority)
				}
			}
		}
	}
}

// The widths come from the rows loaded, so moving the cursor through
// them never moves a column; and a version string shows whole even at 60
// columns, the width at which marked versions were cut before deleting.
func TestColumnsStayPutAsTheCursorMoves(t *testing.T) {
	t.Parallel()
	m, _ := versionsTable(60)
	header := m.header
	for range 39 {
		m.Move(1)
		if m.header != header {
			t.Fatalf("the header changed at row %d:\n%s\n%s", m.Cursor(), ansi.Strip(header), ansi.Strip(m.header))
		}
		if v := fmt.Sprintf("2.%d.0-beta.%d", m.Cursor(), m.Cursor()); !strings.Contains(ansi.Strip(m.View(nil)), v+" ") {
			t.Fatalf("row %d's version %s is not shown whole:\n%s", m.Cursor(), v, ansi.Strip(m.View(nil)))
		}
	}
}
