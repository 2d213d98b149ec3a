package table

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// source holds rows for a table and counts the cells asked for.
type source struct {
	rows  [][]string
	asked int
}

func (s *source) Cells(i int) []string { s.asked++; return s.rows[i] }

func testRows(n int) [][]string {
	var rs [][]string
	for i := range n {
		rs = append(rs, []string{fmt.Sprintf("1.%d.0", i), "A rather long display name", "release", fmt.Sprint(i * 1000)})
	}
	return rs
}

func testTable(w, h, rows int) (Model, *source) {
	src := &source{rows: testRows(rows)}
	m := New(Styles{Cursor: lipgloss.NewStyle().Reverse(true)}, src)
	m.SetColumns([]Column{
		{Title: "VERSION", Min: 7, Max: 16, Priority: 9},
		{Title: "NAME", Min: 10, Max: 30, Priority: 2},
		{Title: "CHANNEL", Min: 7, Priority: 8},
		{Title: "DOWNLOADS", Min: 9, Priority: 5, Right: true},
	})
	m.Reset(rows)
	m.SetSize(w, h)
	return m, src
}

// shown reports whether the column titled title fits the table's width.
func shown(m Model, title string) bool {
	return slices.ContainsFunc(m.shown, func(c int) bool { return m.cols[c].Title == title })
}

func TestNarrowDropsLowPriorityColumns(t *testing.T) {
	t.Parallel()
	tests := []struct {
		width int
		shown []string
	}{
		{80, []string{"VERSION", "NAME", "CHANNEL", "DOWNLOADS"}},
		{34, []string{"VERSION", "CHANNEL", "DOWNLOADS"}},
		{25, []string{"VERSION", "CHANNEL"}},
		{12, []string{"VERSION"}},
	}
	for _, tt := range tests {
		m, _ := testTable(tt.width, 10, 3)
		for _, c := range []string{"VERSION", "NAME", "CHANNEL", "DOWNLOADS"} {
			want := strings.Contains(strings.Join(tt.shown, " "), c)
			if shown(m, c) != want {
				t.Errorf("width %d: Shown(%s) = %v, want %v", tt.width, c, shown(m, c), want)
			}
		}
	}
}

func TestEveryLineIsExactlyTheWidth(t *testing.T) {
	t.Parallel()
	for _, w := range []int{5, 12, 40, 80, 200} {
		m, _ := testTable(w, 6, 20)
		lines := strings.Split(m.View(func(i int) bool { return i%2 == 0 }), "\n")
		if len(lines) != 6 {
			t.Errorf("width %d: %d lines, want 6", w, len(lines))
		}
		for i, l := range lines {
			if got := ansi.StringWidth(l); got != w {
				t.Errorf("width %d: line %d is %d wide: %q", w, i, got, ansi.Strip(l))
			}
		}
	}
}

func TestCursorScrollsAndMarksShow(t *testing.T) {
	t.Parallel()
	m, src := testTable(60, 6, 20) // 5 rows on screen
	m.Move(7)
	view := ansi.Strip(m.View(func(i int) bool { return i == 7 }))
	if !strings.Contains(view, "1.7.0") || strings.Contains(view, "1.2.0") {
		t.Errorf("cursor row 7 not scrolled into view:\n%s", view)
	}
	if !strings.Contains(view, "● 1.7.0") {
		t.Errorf("mark not shown:\n%s", view)
	}
	m.Move(100)
	if m.Cursor() != 19 {
		t.Errorf("Cursor = %d after moving past the end", m.Cursor())
	}
	src.rows = src.rows[:3]
	m.Reset(3)
	if m.Cursor() != 2 {
		t.Errorf("Cursor = %d after rows shrank to 3", m.Cursor())
	}
}

// After rows are deleted from the end, the offset follows the cursor back,
// so the remaining rows show instead of a blank table.
func TestShrinkingRowsScrollsBack(t *testing.T) {
	t.Parallel()
	m, src := testTable(60, 6, 20) // 5 rows on screen
	m.Move(100)                    // offset 15
	src.rows = src.rows[:3]
	m.Reset(3)
	view := ansi.Strip(m.View(nil))
	for _, want := range []string{"1.0.0", "1.1.0", "1.2.0"} {
		if !strings.Contains(view, want) {
			t.Fatalf("row %s not shown after the rows shrank:\n%s", want, view)
		}
	}
}

// Rows whose order changed are drawn again from the source: no line of
// the old order stays on screen.
func TestRedrawShowsTheNewOrder(t *testing.T) {
	t.Parallel()
	m, src := testTable(60, 6, 4)
	m.SetCursor(1)
	slices.Reverse(src.rows)
	m.Redraw()
	got := strings.Fields(ansi.Strip(m.View(nil)))
	var versions []string
	for _, f := range got {
		if strings.HasPrefix(f, "1.") {
			versions = append(versions, f)
		}
	}
	if want := []string{"1.3.0", "1.2.0", "1.1.0", "1.0.0"}; !slices.Equal(versions, want) {
		t.Fatalf("rows after a new order: %v, want %v", versions, want)
	}
}

// A new row wider than its column widens it (up to Max) and the rows on
// screen are drawn again to the new widths; columns never narrow.
func TestAppendWidensColumns(t *testing.T) {
	t.Parallel()
	m, src := testTable(120, 5, 3) // 4 rows on screen
	before := m.full(0)
	src.rows = append(src.rows, []string{"1.0.0-really-long-pre", "n", "release", "1"})
	m.Append(1)
	if m.full(0) <= before || m.full(0) > 16 {
		t.Fatalf("VERSION full width %d after a wide row (was %d, Max 16)", m.full(0), before)
	}
	m.SetCursor(3)
	view := m.View(nil)
	for i, l := range strings.Split(view, "\n") {
		if got := ansi.StringWidth(l); got != 120 {
			t.Errorf("line %d is %d wide: %q", i, got, ansi.Strip(l))
		}
	}
	if !strings.Contains(ansi.Strip(view), "1.0.0-really-lo") {
		t.Errorf("wide cell not shown to Max:\n%s", ansi.Strip(view))
	}
	wide := m.full(0)
	src.rows = append(src.rows, []string{"1"})
	m.Append(1)
	if m.full(0) != wide {
		t.Errorf("a narrow row narrowed the column: %d, was %d", m.full(0), wide)
	}
}

// The table keeps no rows: adding a page measures the new rows and draws
// nothing off screen, and moving through 2,000 rows asks for the cells of
// the rows that come on screen only, never holding more lines than fit.
func TestOnlyTheScreenBecomesLines(t *testing.T) {
	t.Parallel()
	m, src := testTable(80, 11, 2000) // 10 rows on screen
	m.SetCursor(1000)
	src.asked = 0
	src.rows = append(src.rows, testRows(50)...)
	m.Append(50)
	if src.asked != 50 {
		t.Fatalf("adding 50 rows off screen asked for %d rows' cells, want 50 (to measure them)", src.asked)
	}
	src.asked = 0
	for range 100 {
		m.Move(1)
		_ = m.View(nil)
	}
	if src.asked != 100 || len(m.lines) != m.PageHeight() {
		t.Fatalf("100 moves down asked for %d rows' cells (want 100: one row comes on screen per move); %d lines kept for %d on screen",
			src.asked, len(m.lines), m.PageHeight())
	}
}
