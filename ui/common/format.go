package common

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/dustin/go-humanize"
)

// Ago says how long before now t was, in the fewest characters that stay
// useful: "just now", "5m ago", "3h ago", "3d ago", "5w ago", "4mo ago", "2y ago".
func Ago(t, now time.Time) string {
	d := now.Sub(t)
	switch {
	case d < time.Minute:
		return "just now"
	case d < time.Hour:
		return fmt.Sprintf("%dm ago", int(d/time.Minute))
	case d < 24*time.Hour:
		return fmt.Sprintf("%dh ago", int(d/time.Hour))
	case d < 14*24*time.Hour:
		return fmt.Sprintf("%dd ago", int(d/(24*time.Hour)))
	case d < 60*24*time.Hour:
		return fmt.Sprintf("%dw ago", int(d/(7*24*time.Hour)))
	case d < 365*24*time.Hour:
		return fmt.Sprintf("%dmo ago", int(d/(30*24*time.Hour)))
	}
	return fmt.Sprintf("%dy ago", int(d/(365*24*time.Hour)))
}

// Date is t as an absolute UTC date and time, "2026-11-19 14:02 UTC".
func Date(t time.Time) string {
	return t.UTC().Format("2006-01-02 15:04 UTC")
}

// Count is n with thousands separators: 1500 → "1,500".
func Count(n int64) string { return humanize.Comma(n) }

// Plural is n and the noun, in the plural unless n is 1: "1 line",
// "2 lines". plural is given for nouns that do not take an s
// ("entries"); Count writes n.
func Plural[N ~int | ~int64](n N, noun string, plural ...string) string {
	if n != 1 {
		noun += "s"
		if len(plural) > 0 {
			noun = plural[0]
		}
	}
	return Count(int64(n)) + " " + noun
}

// Bytes is a size in bytes for people: "912 B", "1.5 KiB", "34 MiB".
func Bytes(n int64) string { return humanize.IBytes(uint64(max(n, 0))) }

// Transfer is how far a download or an upload is: "3.0 MiB of 8.0 MiB ·
// 768 KiB/s · 7s left". A total of zero or less is not known, and the
// rate is measured once something has come in 0.2s or more.
func Transfer(done, total int64, elapsed time.Duration) string {
	s := Bytes(done)
	if total > 0 {
		s += " of " + Bytes(total)
	}
	secs := elapsed.Seconds()
	if done <= 0 || secs < 0.2 {
		return s + " · measuring the rate…"
	}
	rate := float64(done) / secs
	s += " · " + Bytes(int64(rate)) + "/s"
	if total > 0 && done < total {
		s += " · " + timeLeft(time.Duration(float64(total-done)/rate*float64(time.Second))) + " left"
	}
	return s
}

// timeLeft words a time left to the second, or minute past an hour.
func timeLeft(d time.Duration) string {
	switch {
	case d < time.Second:
		return "under 1s"
	case d < time.Hour:
		return d.Round(time.Second).String()
	}
	return fmt.Sprintf("%dh%02dm", int(d.Hours()), int(d.Minutes())%60)
}

// Fit cuts s (which may hold styles) to width cells, ending with "…" when
// cut, and pads it with spaces to exactly width.
func Fit(s string, width int) string {
	if width <= 0 {
		return ""
	}
	w := ansi.StringWidth(s)
	if w > width {
		s = ansi.Truncate(s, width, "…")
		w = ansi.StringWidth(s) // a wide rune may leave a cell over
	}
	return s + strings.Repeat(" ", width-w)
}

// Cut cuts s to at most width cells, ending with "…" when cut.
func Cut(s string, width int) string {
	if width <= 0 {
		return ""
	}
	if Width(s) <= width {
		return s
	}
	return ansi.Truncate(s, width, "…")
}

// Clip makes every line of s at most width cells and s exactly height
// lines, padding with empty lines, so a screen never spills out of its box.
func Clip(s string, width, height int) string {
	if height <= 0 {
		return ""
	}
	lines := strings.SplitN(s, "\n", height+1)
	if len(lines) > height {
		lines = lines[:height]
	}
	for i, l := range lines {
		lines[i] = Cut(l, width)
	}
	for len(lines) < height {
		lines = append(lines, "")
	}
	return strings.Join(lines, "\n")
}

// Spread puts left and right on one line of width cells, right-aligned,
// cutting left first when they do not both fit.
func Spread(left, right string, width int) string {
	rw := ansi.StringWidth(right)
	if rw >= width {
		return Cut(right, width)
	}
	left = Cut(left, width-rw-1)
	gap := width - ansi.StringWidth(left) - rw
	return left + strings.Repeat(" ", gap) + right
}
