package uitest

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"

	"rdash/internal/safe"
	"rdash/internal/safe/hostile"
)

// RequireFits fails when the screen has more lines than height or a line
// wider than width, or a line whose width a terminal without Unicode core
// mode counts otherwise (RequireSameWidth).
func RequireFits(t testing.TB, screen string, width, height int) {
	t.Helper()
	RequireSameWidth(t, screen)
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

// RequireSameWidth fails when a line of view measures differently to
// lipgloss, which lays the UI out, and to Bubble Tea's renderer on a
// terminal without Unicode core mode: that line would draw a border or a
// column off by the difference.
func RequireSameWidth(t testing.TB, view string) {
	t.Helper()
	if l, g, wc, ok := hostile.WidthMismatch(view); ok {
		t.Errorf("line is %d cells wide to lipgloss, %d to the terminal: %q", g, wc, ansi.Strip(l))
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

// bad reports a character that safe.Line or safe.Text would have taken
// out: a control but the newline, a format or bidi character, a
// default-ignorable one.
func bad(r rune) bool { return r != '\n' && safe.Hidden(r) }

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
				return j + 1, linkTarget(s[4:j])
			case s[j] == 0x1b && j+1 < len(s) && s[j+1] == '\\':
				return j + 2, linkTarget(s[4:j])
			case s[j] < 0x20 || s[j] == 0x7f:
				return 0, false
			}
		}
	}
	return 0, false
}

// linkTarget reports whether an OSC 8 sequence's body (parameters, ';',
// target) ends a link (no target) or opens one to a web or mail address:
// nothing the UI shows links to a file, a script or a relative path.
func linkTarget(body string) bool {
	_, target, ok := strings.Cut(body, ";")
	if !ok {
		return false
	}
	if target == "" {
		return true
	}
	lower := strings.ToLower(target)
	for _, scheme := range []string{"https://", "http://", "mailto:"} {
		if strings.HasPrefix(lower, scheme) && len(target) > len(scheme) {
			return true
		}
	}
	return false
}

func snippet(s string, i int) string {
	return s[max(i-20, 0):min(i+40, len(s))]
}

// Sizes are the terminal sizes every screen's goldens show: a small
// laptop split, the classic terminal, a roomy one and a wide screen.
var Sizes = [][2]int{{60, 20}, {80, 24}, {120, 40}, {200, 60}}
