package table

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

func testTable(w, h, rows int) Model {
	m := New(Styles{Cursor: lipgloss.NewStyle().Reverse(true)})
	m.SetColumns([]Column{
		{Title: "VERSION", Min: 7, Max: 16, Priority: 9},
		{Title: "NAME", Min: 10, Max: 30, Priority: 2},
		{Title: "CHANNEL", Min: 7, Priority: 8},
		{Title: "DOWNLOADS", Min: 9, Priority: 5, Right: true},
	})
	var rs [][]string
	for i := range rows {
		rs = append(rs, []string{fmt.Sprintf("1.%d.0", i), "A rather long display name", "release", fmt.Sprint(i * 1000)})
	}
	m.SetRows(rs)
	m.SetSize(w, h)
	return m
}

// cells are the table's rows as given.
func cells(m Model) [][]string {
	out := make([][]string, len(m.rows))
	for i, r := range m.rows {
		out[i] = r.cells
	}
	return out
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
		m := testTable(tt.width, 10, 3)
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
		m := testTable(w, 6, 20)
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
	m := testTable(60, 6, 20) // 5 rows on screen
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
	m.SetRows(cells(m)[:3])
	if m.Cursor() != 2 {
		t.Errorf("Cursor = %d after rows shrank to 3", m.Cursor())
	}
}

// After rows are deleted from the end, the offset follows the cursor back,
// so the remaining rows show instead of a blank table.
func TestShrinkingRowsScrollsBack(t *testing.T) {
	t.Parallel()
	m := testTable(60, 6, 20) // 5 rows on screen
	m.Move(100)               // offset 15
	m.SetRows(cells(m)[:3])
	view := ansi.Strip(m.View(nil))
	for _, want := range []string{"1.0.0", "1.1.0", "1.2.0"} {
		if !strings.Contains(view, want) {
			t.Fatalf("row %s not shown after the rows shrank:\n%s", want, view)
		}
	}
}

func TestInsertRowsKeepsTheCursorOnItsRow(t *testing.T) {
	t.Parallel()
	m := testTable(60, 6, 4) // rows 1.0.0 … 1.3.0
	m.SetCursor(2)
	m.InsertRows([]int{0, 3, 6}, [][]string{{"0.9.0"}, {"1.1.5"}, {"9.9.9"}})
	var got []string
	for _, r := range m.rows {
		got = append(got, r.cells[0])
	}
	want := []string{"0.9.0", "1.0.0", "1.1.0", "1.1.5", "1.2.0", "1.3.0", "9.9.9"}
	if !slices.Equal(got, want) {
		t.Fatalf("rows = %v, want %v", got, want)
	}
	if c := m.rows[m.Cursor()].cells[0]; c != "1.2.0" {
		t.Fatalf("cursor on %s, want 1.2.0", c)
	}
	m.InsertRows([]int{7}, [][]string{{"10.0.0"}})
	if m.Len() != 8 || m.rows[7].cells[0] != "10.0.0" || m.rows[m.Cursor()].cells[0] != "1.2.0" {
		t.Fatalf("append: %d rows, last %v, cursor on %v", m.Len(), m.rows[7].cells, m.rows[m.Cursor()].cells)
	}
}

// A new row wider than its column widens it (up to Max) and the rows on
// screen are drawn again to the new widths; columns never narrow.
func TestInsertRowsWidensColumns(t *testing.T) {
	t.Parallel()
	m := testTable(120, 5, 3) // 4 rows on screen
	before := m.natural[0]
	m.InsertRows([]int{3}, [][]string{{"1.0.0-really-long-pre", "n", "release", "1"}})
	if m.natural[0] <= before || m.natural[0] > 16 {
		t.Fatalf("VERSION natural width %d after a wide row (was %d, Max 16)", m.natural[0], before)
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
	wide := m.natural[0]
	m.InsertRows([]int{4}, [][]string{{"1"}})
	if m.natural[0] != wide {
		t.Errorf("a narrow row narrowed the column: %d, was %d", m.natural[0], wide)
	}
}

// Adding rows draws only what is on screen: the work of adding a page must
// not grow with the rows already loaded.
func TestInsertRowsDrawsOnlyTheScreen(t *testing.T) {
	t.Parallel()
	m := testTable(80, 11, 2000) // 10 rows on screen
	m.SetCursor(1000)
	var more [][]string
	for i := range 50 {
		more = append(more, []string{fmt.Sprintf("3.%d.0", i), "A rather long display name, longer", "beta", "7"})
	}
	m.InsertRows([]int{2000}, more[:1])
	m.InsertRows([]int{0}, more[1:2])
	at := make([]int, 48)
	for i := range at {
		at[i] = 2002 + i
	}
	m.InsertRows(at, more[2:])
	drawn := 0
	for _, r := range m.rows {
		if r.gen == m.gen {
			drawn++
		}
	}
	if drawn > m.PageHeight() {
		t.Fatalf("%d rows drawn in the current layout, more than the %d on screen", drawn, m.PageHeight())
	}
}
