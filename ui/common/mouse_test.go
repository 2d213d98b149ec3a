package common

import (
	"testing"
	"time"
)

func TestClicks(t *testing.T) {
	t.Parallel()
	t0 := time.Date(2026, 1, 15, 12, 0, 0, 0, time.UTC)
	at := func(ms int) time.Time { return t0.Add(time.Duration(ms) * time.Millisecond) }
	type click struct {
		row, ms int
		double  bool
	}
	for _, tt := range []struct {
		name   string
		clicks []click
	}{
		{"two quick clicks on a row", []click{{3, 0, false}, {3, 300, true}}},
		{"too slow", []click{{3, 0, false}, {3, 501, false}, {3, 700, true}}},
		{"another row", []click{{3, 0, false}, {4, 100, false}, {4, 200, true}}},
		{"a third click starts again", []click{{3, 0, false}, {3, 100, true}, {3, 200, false}, {3, 300, true}}},
		{"a clock that went back", []click{{3, 500, false}, {3, 0, false}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var c Clicks
			for i, k := range tt.clicks {
				if got := c.Click(k.row, at(k.ms)); got != k.double {
					t.Fatalf("click %d (row %d at %dms): double = %v", i, k.row, k.ms, got)
				}
			}
		})
	}
}

func TestRowAt(t *testing.T) {
	t.Parallel()
	lines := []int{-1, 0, 1, -1, 2, 3} // a title, two rows, a title, two rows
	for _, tt := range []struct {
		y, offset int
		row       int
		ok        bool
	}{
		{y: 1, row: 0, ok: false}, // above the list
		{y: 2, row: 0, ok: false}, // the first title
		{y: 3, row: 0, ok: true},
		{y: 6, row: 2, ok: true},
		{y: 2, offset: 2, row: 1, ok: true},
		{y: 5, offset: 2, row: 3, ok: true},
		{y: 6, offset: 2, row: 0, ok: false}, // below the last line
		{y: 7, row: 0, ok: false},            // past the list's height
	} {
		row, ok := RowAt(tt.y, 2, 5, tt.offset, lines)
		if ok != tt.ok || ok && row != tt.row {
			t.Errorf("RowAt(y %d, offset %d) = %d, %v; want %d, %v", tt.y, tt.offset, row, ok, tt.row, tt.ok)
		}
	}
}
