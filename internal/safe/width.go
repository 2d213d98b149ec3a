package safe

import (
	"strings"
	"unicode"

	"github.com/charmbracelet/x/ansi"
)

// maxMarks is how many combining marks a character keeps: enough for
// Vietnamese, Hebrew points or Tibetan stacks, not for "Zalgo" text that
// spills over the lines above and below.
const maxMarks = 4

// fitClusters expands tabs and trims the grapheme clusters of s (already
// stripped); when fit, it also makes every cluster measure the same under
// ansi.GraphemeWidth, which lipgloss and the UI lay out with, and
// ansi.WcWidth, the per code point width that Bubble Tea renders with
// unless the terminal has Unicode core mode. Always:
//
//   - a cluster that starts with a combining mark has no base in s; it
//     would combine with whatever is drawn before it (a border, a column
//     gap, a label), so it is dropped;
//   - a base keeps at most maxMarks combining marks.
//
// Only when fit (the dashboard's Line, Text and Styled):
//
//   - emoji skin-tone modifiers after a base are dropped ("👍🏽" is two
//     columns to one measure and four to the other); ZWJ sequences are
//     already split by strip, which drops U+200D, so "👨‍👩‍👧" shows as the
//     three emoji it is made of, each two columns wide everywhere;
//   - any other cluster the two measures disagree on (a lone regional
//     indicator, Indic conjuncts and spacing vowel signs, Thai SARA AM,
//     Hangul jamo sequences, halfwidth kana with a voiced mark) becomes
//     U+FFFD: terminals draw those at different widths, and a wrong width
//     shifts every border after it.
//
// The command line's PlainLine and PlainText do not fit: a terminal lays
// their clusters out itself, and cmd's tables measure them with
// ansi.StringWidth, so Hindi or Thai text stays as it was sent.
func fitClusters(s string, fit bool) string {
	var b strings.Builder
	b.Grow(len(s))
	col := 0
	for s != "" {
		if s[0] == 0x1b { // a sequence strip kept: no width, no cluster
			n := (&stripper{s: s}).escapeLen()
			b.WriteString(s[:n])
			s = s[n:]
			continue
		}
		if s[0] >= 0x20 && s[0] < 0x7f && (len(s) == 1 || s[1] < 0x80) {
			// Printable ASCII not followed by a mark: a cluster of its own.
			b.WriteByte(s[0])
			s = s[1:]
			col++
			continue
		}
		c, w := ansi.FirstGraphemeCluster(s, ansi.GraphemeWidth)
		s = s[len(c):]
		switch c {
		case "\n":
			b.WriteByte('\n')
			col = 0
			continue
		case "\t":
			n := TabWidth - col%TabWidth
			b.WriteString(strings.Repeat(" ", n))
			col += n
			continue
		}
		c, w = settle(c, w, fit)
		b.WriteString(c)
		col += w
	}
	return b.String()
}

// settle returns cluster c, w columns wide to ansi.GraphemeWidth, as
// fitClusters keeps it, and its width.
func settle(c string, w int, fit bool) (string, int) {
	if trimmed, ok := trimCluster(c, fit); ok {
		c, w = trimmed, ansi.StringWidth(trimmed)
	}
	if !fit || c == "" || w == ansi.StringWidthWc(c) {
		return c, w
	}
	return "\uFFFD", 1
}

// trimCluster drops a baseless cluster, marks past maxMarks and, when
// skinTones, skin-tone modifiers after a base; ok is false when c stays as
// it is, which spares the common case a copy.
func trimCluster(c string, skinTones bool) (trimmed string, ok bool) {
	marks, drop := 0, false
	for i, r := range c {
		if isMark(r) && i == 0 {
			return "", true
		}
		if isMark(r) {
			marks++
		}
		drop = drop || marks > maxMarks || skinTones && isSkinTone(r) && i > 0
	}
	if !drop {
		return c, false
	}
	var b strings.Builder
	marks = 0
	for i, r := range c {
		if isMark(r) {
			if marks++; marks > maxMarks {
				continue
			}
		}
		if skinTones && isSkinTone(r) && i > 0 {
			continue
		}
		b.WriteRune(r)
	}
	return b.String(), true
}

func isMark(r rune) bool {
	if r < 0x10000 {
		return markBMP.has(r)
	}
	return unicode.In(r, markTables...)
}

var markTables = []*unicode.RangeTable{unicode.Mn, unicode.Me, unicode.Mc}

// isSkinTone reports the emoji modifiers U+1F3FB..U+1F3FF.
func isSkinTone(r rune) bool {
	return r >= 0x1F3FB && r <= 0x1F3FF
}
