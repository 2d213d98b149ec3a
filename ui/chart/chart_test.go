package chart

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"rdash/ui/common"
)

var sample = Chart{Bars: []Bar{
	{Label: "1.21.4", Value: 1_234_567, Note: "300 versions"},
	{Label: "1.21.1", Value: 617_283, Note: "12 versions"},
	{Label: "1.20.6", Value: 9, Note: "1 version"},
	{Label: "1.0.0-a-very-long-pre-release.12345", Value: 150_000, Note: "1 version"},
	{Label: "1.19", Value: 0, Note: "2 versions"},
}}

func colour() Styles { return NewStyles(common.NewStyles(common.Theme{Dark: true})) }
func plain() Styles  { return NewStyles(common.NewStyles(common.Theme{NoColor: true})) }

// TestEveryLineIsTheWidth draws at every width from 0 to 220, in colour
// and plain, each bar selected in turn: every line is exactly the width.
func TestEveryLineIsTheWidth(t *testing.T) {
	t.Parallel()
	for _, st := range []Styles{colour(), plain()} {
		for w := 0; w <= 220; w++ {
			d := sample.Draw(w, st)
			for sel := -1; sel < len(sample.Bars); sel++ {
				for i, l := range d.WithSelected(sel) {
					if got := ansi.StringWidth(l); got != w {
						t.Fatalf("plain %v, width %d, bar %d selected: line %d is %d cells: %q", st.Plain, w, sel, i, got, ansi.Strip(l))
					}
				}
			}
		}
	}
}

// TestLabelsAreWhole: from a width that holds a mark, a short bar and
// the values, no label is cut: each reads whole on a line, or across the
// lines it wraps on, and nothing ends in "…".
func TestLabelsAreWhole(t *testing.T) {
	t.Parallel()
	for w := gutter + 1 + 1 + minBar + len("1,234,567"); w <= 220; w++ {
		lines := sample.Draw(w, plain()).Lines
		text := strings.Join(lines, "\n")
		if strings.Contains(text, "…") {
			t.Fatalf("width %d cuts:\n%s", w, text)
		}
		var joined strings.Builder
		for _, l := range lines {
			joined.WriteString(strings.TrimRight(l[gutter:], " "))
		}
		for _, b := range sample.Bars {
			if !strings.Contains(joined.String(), b.Label) {
				t.Fatalf("width %d: label %q is not whole:\n%s", w, b.Label, text)
			}
		}
	}
}

// TestBarsInEighths: a bar is as long as its value says, in eighths of
// a cell; the largest fills its column; a value above zero shows.
func TestBarsInEighths(t *testing.T) {
	t.Parallel()
	c := Chart{Bars: []Bar{{Label: "a", Value: 80}, {Label: "b", Value: 45}, {Label: "c", Value: 1}, {Label: "d", Value: 0}}}
	l := newLayout(c, 2+1+1+1+len("80")+10) // a bar of 10 cells: 80 eighths
	if l.bar != 10 {
		t.Fatalf("bar of %d cells, want 10", l.bar)
	}
	tests := []struct {
		v            int64
		colour, text string
	}{
		{80, "██████████", "##########"},
		{45, "█████▋    ", "#####=    "}, // 45 of 80: 45 eighths; 11.25 halves, to 11
		{1, "▏         ", "=         "},
		{0, "          ", "          "},
	}
	for _, tc := range tests {
		if got := l.draw(tc.v, false); got != tc.colour {
			t.Errorf("%d in colour: %q, want %q", tc.v, got, tc.colour)
		}
		if got := l.draw(tc.v, true); got != tc.text {
			t.Errorf("%d plain: %q, want %q", tc.v, got, tc.text)
		}
	}
}

// TestOffTheScale: with Max set, a bar above it fills its column and
// ends in ▸ (+ plain); the others are drawn to Max.
func TestOffTheScale(t *testing.T) {
	t.Parallel()
	c := Chart{Bars: []Bar{{Label: "a", Value: 40}, {Label: "rest", Value: 1000}}, Max: 80}
	l := newLayout(c, 2+4+1+1+len("1,000")+10)
	if got := l.draw(1000, false); got != "█████████▸" {
		t.Errorf("off the scale: %q", got)
	}
	if got := l.draw(1000, true); got != "#########+" {
		t.Errorf("off the scale, plain: %q", got)
	}
	if got := l.draw(40, false); got != "█████     " {
		t.Errorf("half the scale: %q", got)
	}
}

// TestSelectedIsMarked: plain, the selected bar's first line starts with
// >; in colour with ›; no other line has a mark.
func TestSelectedIsMarked(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		st   Styles
		mark string
	}{{plain(), ">"}, {colour(), "›"}} {
		for sel := range sample.Bars {
			d := sample.Draw(60, tc.st)
			lines := d.WithSelected(sel)
			for i, l := range lines {
				marked := strings.HasPrefix(ansi.Strip(l), tc.mark)
				if marked != (i == d.Start[sel]) {
					t.Errorf("bar %d selected: line %d marked %v: %q", sel, i, marked, ansi.Strip(l))
				}
			}
		}
	}
}

func TestGolden(t *testing.T) {
	t.Parallel()
	for _, w := range []int{40, 60, 80, 120, 200} {
		for _, st := range []struct {
			name string
			st   Styles
		}{{"colour", colour()}, {"plain", plain()}} {
			t.Run(fmt.Sprintf("%s_%d", st.name, w), func(t *testing.T) {
				t.Parallel()
				golden.RequireEqual(t, ansi.Strip(strings.Join(sample.Draw(w, st.st).WithSelected(1), "\n")))
			})
		}
	}
}

// BenchmarkDraw200 draws a chart of 48 bars (a timeline of four years)
// at 200 columns and one bar selected: what a stats screen redraws when
// its width changes.
func BenchmarkDraw200(b *testing.B) {
	c := Chart{}
	for i := range 48 {
		c.Bars = append(c.Bars, Bar{Label: fmt.Sprintf("20%02d-%02d", 22+i/12, 1+i%12), Value: int64(i * 7919 % 100_000), Note: fmt.Sprintf("%d versions", i%300)})
	}
	st := colour()
	for b.Loop() {
		_ = c.Draw(200, st).WithSelected(5)
	}
}
