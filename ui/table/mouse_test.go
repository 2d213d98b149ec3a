package table

import "testing"

// RowAt and ColumnAt find what is drawn under a cell of the view.
func TestRowAndColumnAt(t *testing.T) {
	t.Parallel()
	m, _ := testTable(80, 5, 10) // 4 rows on screen
	m.SetCursor(6)               // rows 3 to 6 shown
	for _, tt := range []struct {
		y, row int
		ok     bool
	}{{0, 0, false}, {1, 3, true}, {4, 6, true}, {5, 0, false}, {-1, 0, false}} {
		if row, ok := m.RowAt(tt.y); row != tt.row || ok != tt.ok {
			t.Errorf("RowAt(%d) = %d, %v; want %d, %v", tt.y, row, ok, tt.row, tt.ok)
		}
	}
	short, _ := testTable(80, 10, 2)
	if _, ok := short.RowAt(3); ok {
		t.Error("a line below the last row is a row")
	}
	header := m.View(nil)
	for _, tt := range []struct {
		x   int
		col int
		ok  bool
	}{{0, 0, false}, {2, 0, true}, {m.widths[0] + 1, 0, true}, {m.widths[0] + 2, 0, false}, {m.widths[0] + 3, 1, true}, {79, 0, false}} {
		if col, ok := m.ColumnAt(tt.x); col != tt.col || ok != tt.ok {
			t.Errorf("ColumnAt(%d) = %d, %v; want %d, %v in %q", tt.x, col, ok, tt.col, tt.ok, header[:80])
		}
	}
}
