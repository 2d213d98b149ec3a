package chart

import (
	"math"
	"strings"

	"rdash/ui/common"
)

// layout is the widths of a chart's columns at one width: the mark, the
// label, the bar, the value (right-aligned) and the note.
type layout struct {
	width, label, bar, value, note int
	largest                        int64 // the value of a full bar
}

// newLayout fits c's columns in width. The values and notes are whole
// while they fit; the labels' column is as wide as the widest label that
// still leaves a bar of minBar, and the bar takes the rest: a label wider
// than that column goes on lines of its own. The notes give way first:
// when the bar would be shorter than minBar with them, or when with them
// fewer than half the labels stay on their bar's line and without them
// more would. A value is cut only when the chart is narrower than the
// value itself.
func newLayout(c Chart, width int) layout {
	l := layout{width: max(width, 0)}
	var labels []int
	for _, b := range c.Bars {
		l.largest = max(l.largest, b.Value)
		l.value = max(l.value, common.Width(common.Count(b.Value)))
		l.note = max(l.note, common.Width(b.Note))
		labels = append(labels, common.Width(b.Label))
	}
	room := func() int { // the cells for the label's column and the bar
		f := gutter + 1 + 1 + l.value // mark, label's space, bar's space, value
		if l.note > 0 {
			f += noteGap + l.note
		}
		return max(l.width-f, 0)
	}
	if c.Max > 0 {
		l.largest = c.Max
	}
	fitting := func() int { // the labels that stay on their bar's line
		n := 0
		for _, w := range labels {
			if w <= room()-minBar {
				n++
			}
		}
		return n
	}
	if with, on := room(), fitting(); l.note > 0 && (with < minBar || 2*on < len(labels)) {
		note := l.note
		l.note = 0
		if with >= minBar && fitting() == on {
			l.note = note // without them, no more labels would stay on their line
		}
	}
	fits := room() - minBar
	for _, w := range labels {
		if w <= fits {
			l.label = max(l.label, w)
		}
	}
	l.bar = room() - l.label
	return l
}

// eighths are the partial blocks, by eighths of a cell: index n is n/8.
var eighths = [8]string{"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"}

// draw is the bar of value v, exactly l.bar cells: in eighths of a cell,
// or in halves (# and =) when plain. A value above zero shows at least
// the smallest step, so it is never mistaken for none.
func (l layout) draw(v int64, plain bool) string {
	if l.bar == 0 {
		return ""
	}
	steps := 8
	if plain {
		steps = 2
	}
	var b strings.Builder
	b.Grow(l.bar * 3)
	if v > l.largest && l.largest > 0 { // off the scale
		full, end := "█", "▸"
		if plain {
			full, end = "#", "+"
		}
		return strings.Repeat(full, l.bar-1) + end
	}
	n := 0
	if v > 0 && l.largest > 0 {
		n = int(math.Round(float64(v) / float64(l.largest) * float64(l.bar*steps)))
		n = min(max(n, 1), l.bar*steps)
	}
	full, part := n/steps, n%steps
	if plain {
		b.WriteString(strings.Repeat("#", full))
		if part > 0 {
			b.WriteString("=")
		}
	} else {
		b.WriteString(strings.Repeat("█", full))
		b.WriteString(eighths[part])
	}
	cells := full
	if part > 0 {
		cells++
	}
	b.WriteString(strings.Repeat(" ", l.bar-cells))
	return b.String()
}

// pad makes line, w cells wide, exactly the chart's width: padded, or
// cut when the chart is narrower than what must be whole.
func (l layout) pad(line string, w int) string {
	if w > l.width {
		return common.Fit(line, l.width)
	}
	return line + strings.Repeat(" ", l.width-w)
}
