package uitest

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// RequireFits fails when the screen has more lines than height or a line
// wider than width.
func RequireFits(t testing.TB, screen string, width, height int) {
	t.Helper()
	lines := strings.Split(screen, "\n")
	if len(lines) > height {
		t.Errorf("screen has %d lines, terminal has %d", len(lines), height)
	}
	for i, l := range lines {
		if w := ansi.StringWidth(l); w > width {
			t.Errorf("line %d is %d cells wide, terminal is %d: %q", i+1, w, width, ansi.Strip(l))
		}
	}
}

// RequireTerminalSafe fails when raw (a view with its escape sequences)
// holds anything but text, newlines, SGR styling and OSC 8 hyperlinks:
// whatever else is there came from the server and escaped safe.Line.
func RequireTerminalSafe(t testing.TB, raw string) {
	t.Helper()
	for i := 0; i < len(raw); {
		if raw[i] == 0x1b {
			n, ok := allowedSequence(raw[i:])
			if !ok {
				t.Fatalf("escape sequence at byte %d: %q", i, snippet(raw, i))
			}
			i += n
			continue
		}
		r, size := utf8.DecodeRuneInString(raw[i:])
		if bad(r) {
			t.Fatalf("control character %U at byte %d: %q", r, i, snippet(raw, i))
		}
		i += size
	}
}

func bad(r rune) bool {
	switch {
	case r == '\n':
		return false
	case r < 0x20, r == 0x7f, r >= 0x80 && r <= 0x9f:
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return true
	}
	return false
}

// allowedSequence reports the length of the SGR or OSC 8 sequence at the
// start of s, or false for any other sequence.
func allowedSequence(s string) (int, bool) {
	if len(s) < 2 {
		return 0, false
	}
	switch s[1] {
	case '[':
		for j := 2; j < len(s); j++ {
			c := s[j]
			switch {
			case c == 'm':
				return j + 1, true
			case (c >= '0' && c <= '9') || c == ';' || c == ':':
			default:
				return 0, false
			}
		}
	case ']':
		if !strings.HasPrefix(s[2:], "8;") {
			return 0, false
		}
		for j := 2; j < len(s); j++ {
			switch {
			case s[j] == 0x07:
				return j + 1, true
			case s[j] == 0x1b && j+1 < len(s) && s[j+1] == '\\':
				return j + 2, true
			case s[j] < 0x20 || s[j] == 0x7f:
				return 0, false
			}
		}
	}
	return 0, false
}

func snippet(s string, i int) string {
	return s[max(i-20, 0):min(i+40, len(s))]
}
