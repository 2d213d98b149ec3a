// Package chart draws horizontal bar charts for the dashboard, on
// lipgloss v2 alone: no chart library serves Bubble Tea v2 (ntcharts
// v0.4.0 pulls Bubble Tea v1 and lipgloss v1 into the binary).
//
// A bar is drawn in eighths of a cell (▏▎▍▌▋▊▉█), or in halves with # and
// = when the theme has no colour (NO_COLOR, TERM=dumb), where the
// selected bar is marked with >; a bar off the scale ends in ▸ (or +). Values read as the versions table
// writes them, grouped and locale-free (1,234,567). A label is never cut:
// the bars get shorter first, and a label wider than its column goes on a
// line of its own, wrapped when wider than the chart. Every line drawn is
// exactly the width asked for.
package chart

import (
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"rdash/ui/common"
)

// Bar is one bar of a chart.
type Bar struct {
	// Label names the bar; the caller makes server text safe first.
	Label string
	Value int64
	// Note follows the value, muted: "14 versions".
	Note string
}

// Chart is bars drawn to one scale.
type Chart struct {
	Bars []Bar
	// Max is the value a full bar stands for; 0 is the largest value. A
	// bar above it (a sum of the rest, beside single versions) fills its
	// column and ends in ▸, or + without colour: it runs off the scale,
	// and its value says how far.
	Max int64
}

// Styles are how a chart is drawn.
type Styles struct {
	Label, Bar, Value, Note, Selected lipgloss.Style
	// Plain draws with # and = and marks the selected bar with >: for a
	// terminal without colour, where eighth blocks in one colour would
	// be all there is to tell bars apart.
	Plain bool
}

// NewStyles are the chart styles of the dashboard's theme.
func NewStyles(s *common.Styles) Styles {
	return Styles{Label: s.Value, Bar: s.Accent, Value: s.Bold, Note: s.Muted, Selected: s.Cursor,
		Plain: s.Theme.NoColor}
}

// gutter is the cells before a label: the selected bar's mark and a space.
const gutter = 2

// minBar is the narrowest a bar may get before its label goes on a line
// of its own, so that even the longest label leaves a bar to compare.
const minBar = 10

// noteGap is the space between a value and its note.
const noteGap = 2

// Drawn is a chart drawn at one width: every line, and where each bar's
// lines start, so a caller can scroll to a bar and draw it selected.
type Drawn struct {
	// Lines are the chart's lines, no bar selected, each exactly the width.
	Lines []string
	// Start[i] is the index in Lines of bar i's first line; bar i ends
	// where bar i+1 starts.
	Start []int

	c      Chart
	layout layout
	plain  bool
	paints paints
}

// Draw lays c out at width and draws it with no bar selected.
func (c Chart) Draw(width int, st Styles) *Drawn {
	d := &Drawn{c: c, layout: newLayout(c, width), plain: st.Plain, paints: newPaints(st)}
	d.Start = make([]int, len(c.Bars))
	for i := range c.Bars {
		d.Start[i] = len(d.Lines)
		d.Lines = append(d.Lines, d.bar(i, false)...)
	}
	return d
}

// Selected is bar i's lines drawn selected, to stand in for
// Lines[Start[i]:] as far as the bar goes.
func (d *Drawn) Selected(i int) []string { return d.bar(i, true) }

// End is the index in Lines after bar i's last line.
func (d *Drawn) End(i int) int {
	if i+1 < len(d.Start) {
		return d.Start[i+1]
	}
	return len(d.Lines)
}

// WithSelected is every line with bar i drawn selected (none when i is
// out of range).
func (d *Drawn) WithSelected(i int) []string {
	out := append([]string(nil), d.Lines...)
	if i >= 0 && i < len(d.Start) {
		copy(out[d.Start[i]:d.End(i)], d.Selected(i))
	}
	return out
}

// bar draws bar i: its label's own lines when it does not fit its
// column, then the bar's line. Every part is as wide as its column, so
// the line is the chart's width by construction; only a chart narrower
// than its values is measured and cut (fit).
func (d *Drawn) bar(i int, selected bool) []string {
	b, l, p := d.c.Bars[i], d.layout, d.paints
	mark, label := "  ", p.label
	if selected {
		mark, label = "› ", p.selected
		if d.plain {
			mark = "> "
		}
	}
	var out []string
	name, nameW := b.Label, common.Width(b.Label)
	if nameW > l.label {
		for j, part := range wrapLabel(b.Label, l.width-gutter) {
			m := mark
			if j > 0 {
				m = "  "
			}
			out = append(out, l.pad(m+label.on(part), gutter+common.Width(part)))
		}
		mark, name, nameW = "  ", "", 0 // the mark is on the bar's first line
	}
	value := common.Count(b.Value)
	var line strings.Builder
	line.WriteString(mark)
	line.WriteString(label.on(name))
	line.WriteString(strings.Repeat(" ", l.label-nameW+1))
	line.WriteString(p.bar.on(l.draw(b.Value, d.plain)))
	line.WriteString(strings.Repeat(" ", l.value-len(value)+1))
	line.WriteString(p.value.on(value))
	w := gutter + l.label + 1 + l.bar + 1 + l.value
	if l.note > 0 {
		noteW := common.Width(b.Note)
		line.WriteString(strings.Repeat(" ", noteGap))
		line.WriteString(p.note.on(b.Note))
		line.WriteString(strings.Repeat(" ", max(l.note-noteW, 0)))
		w += noteGap + l.note
	}
	return append(out, l.pad(line.String(), w))
}

// wrapLabel breaks a label into lines of at most width cells.
func wrapLabel(s string, width int) []string {
	if width < 1 {
		return []string{s}
	}
	return strings.Split(ansi.Hardwrap(s, width, true), "\n")
}
