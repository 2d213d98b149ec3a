package hostile

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// WidthMismatch returns the first line of view (which may hold SGR and
// other sequences) whose width differs between ansi.StringWidth, which
// lipgloss and the UI lay out with, and ansi.StringWidthWc, which Bubble
// Tea renders with on a terminal without Unicode core mode (mode 2027).
// Such a line draws a border or a column off by the difference. ok is
// false when there is none.
func WidthMismatch(view string) (line string, grapheme, wc int, ok bool) {
	for _, l := range strings.Split(view, "\n") {
		if g, w := ansi.StringWidth(l), ansi.StringWidthWc(l); g != w {
			return l, g, w, true
		}
	}
	return "", 0, 0, false
}
