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
	m.SetRows(m.rows[:3])
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
	m.SetRows(m.rows[:3])
	view := ansi.Strip(m.View(nil))
	for _, want := range []string{"1.0.0", "1.1.0", "1.2.0"} {
		if !strings.Contains(view, want) {
			t.Fatalf("row %s not shown after the rows shrank:\n%s", want, view)
		}
	}
}
