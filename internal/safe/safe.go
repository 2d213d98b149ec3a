// Package safe makes text from the server fit to print on a terminal.
package safe

import (
	"strings"
	"unicode"

	"github.com/charmbracelet/x/ansi"
)

// Line returns s as one line: escape sequences and control characters are
// removed, and any line break or tab becomes a space.
func Line(s string) string {
	return clean(s, false)
}

// Text returns s with escape sequences and control characters removed,
// keeping newlines (for changelogs and other multi-line text). Tabs become
// spaces up to the next column that is a multiple of TabWidth: renderers
// measure a tab as zero wide and drop it, which would flatten the
// indentation of a changelog's code blocks. Carriage returns are dropped
// so "\r\n" becomes "\n".
func Text(s string) string {
	return clean(s, true)
}

// TabWidth is the distance between the tab stops Text expands tabs to.
const TabWidth = 4

func clean(s string, multiline bool) string {
	if isPlain(s) {
		return s
	}
	s = ansi.Strip(s)
	var b strings.Builder
	b.Grow(len(s))
	col, from := 0, 0 // the column b.String()[from:] starts at
	for _, r := range s {
		switch {
		case r == '\n' && multiline:
			b.WriteByte('\n')
			col, from = 0, b.Len()
		case r == '\t' && multiline:
			col += ansi.StringWidth(b.String()[from:])
			n := TabWidth - col%TabWidth
			b.WriteString(strings.Repeat(" ", n))
			col, from = col+n, b.Len()
		case r == '\n' || r == '\t':
			b.WriteByte(' ')
		case r == unicode.ReplacementChar:
			b.WriteRune(r)
		case unicode.IsControl(r), isFormatHazard(r):
			// C0, DEL, C1 (which some terminals read as CSI/OSC introducers)
			// and bidi overrides that can disguise text are dropped.
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// isPlain reports whether s is printable ASCII, the common case, so it can be
// returned without copying.
func isPlain(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f {
			return false
		}
	}
	return true
}

// isFormatHazard reports bidirectional overrides and isolates (the "Trojan
// Source" characters), which reorder what the terminal shows.
func isFormatHazard(r rune) bool {
	return (r >= 0x202A && r <= 0x202E) || (r >= 0x2066 && r <= 0x2069)
}

// Lines applies Line to every element, for lists of server values.
func Lines(in []string) []string {
	out := make([]string, len(in))
	for i, s := range in {
		out[i] = Line(s)
	}
	return out
}
