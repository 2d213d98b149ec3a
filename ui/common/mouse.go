package common

import (
	"time"

	tea "charm.land/bubbletea/v2"
)

// Mouse events reach the focused screen only when the mouse is on (the
// mouse setting, --mouse), with Y counted from the top of the screen's
// body, as its View draws it: the root takes off the header.

// DoubleClick is the longest time between the two clicks of a double
// click, as desktops set it.
const DoubleClick = 500 * time.Millisecond

// WheelLines is how many lines a notch of the wheel scrolls a text;
// lists move their cursor one row a notch.
const WheelLines = 3

// Clicks tells a double click from single ones: a second left click on
// the same row within DoubleClick of the first. Screens keep one and give
// it the time from Common.Now, so tests need no sleeping.
type Clicks struct {
	row   int
	at    time.Time
	armed bool // a first click waits for its second
}

// Click records a left click on row at now and reports whether it ends a
// double click. The click that ends one does not start another: three
// quick clicks are a double click and a single one.
func (c *Clicks) Click(row int, now time.Time) bool {
	double := c.armed && c.row == row && now.Sub(c.at) <= DoubleClick && !now.Before(c.at)
	c.row, c.at, c.armed = row, now, !double
	return double
}

// RowAt says which of a list's rows a line of the screen shows. lines
// maps the list's lines, from its first, to rows: -1 for a line that is
// no row (a section title). The list is drawn from line top of the
// screen, from its line offset, on height lines. ok is false off the
// list, or on a line that is no row.
func RowAt(y, top, height, offset int, lines []int) (row int, ok bool) {
	i := y - top
	if i < 0 || i >= height || offset+i >= len(lines) {
		return 0, false
	}
	row = lines[offset+i]
	return row, row >= 0
}

// Wheel is -1 for the wheel turned up, 1 down, and 0 for anything else
// (a sideways wheel).
func Wheel(msg tea.MouseWheelMsg) int {
	switch msg.Button {
	case tea.MouseWheelUp:
		return -1
	case tea.MouseWheelDown:
		return 1
	}
	return 0
}

// LeftClick reports a click of the left button.
func LeftClick(msg tea.MouseClickMsg) bool { return msg.Button == tea.MouseLeft }
