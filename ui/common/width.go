package common

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// Width is ansi.StringWidth(s), the cells s takes on a terminal, found
// without segmenting graphemes when s is printable ASCII and SGR-style
// CSI sequences only, as most lines of a table are: measuring each line
// of every frame that way was half of the dashboard's View, and 8% of
// the CPU a key costs a served session. Anything else (a byte of UTF-8,
// a control character, another escape) is left to ansi.StringWidth.
func Width(s string) int {
	if w, ok := asciiWidth(s); ok {
		return w
	}
	return ansi.StringWidth(s)
}

// asciiWidth is the width of s when s holds nothing but printable ASCII
// and complete CSI sequences (ESC [, parameter bytes, intermediate bytes,
// a final byte, in that order), and false otherwise.
func asciiWidth(s string) (int, bool) {
	w := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 0x20 && c < 0x7f:
			w++
		case c == 0x1b && i+1 < len(s) && s[i+1] == '[':
			j := i + 2
			for j < len(s) && s[j] >= 0x30 && s[j] <= 0x3f { // parameters
				j++
			}
			for j < len(s) && s[j] >= 0x20 && s[j] <= 0x2f { // intermediates
				j++
			}
			if j == len(s) || s[j] < 0x40 || s[j] > 0x7e {
				return 0, false
			}
			i = j // the final byte
		default:
			return 0, false
		}
	}
	return w, true
}

// WordCut is s in at most width cells, cut after a whole word and ended
// with "…" when it does not fit; a first word wider than width is cut
// where width ends.
func WordCut(s string, width int) string {
	if Width(s) <= width {
		return s
	}
	cut := ansi.Truncate(s, max(width-1, 0), "")
	if i := strings.LastIndexByte(cut, ' '); i > 0 {
		cut = strings.TrimRight(cut[:i], " ,;:(·")
	}
	return cut + "…"
}

// JoinFit joins items with sep in at most width cells, each item whole:
// those that do not fit are left out, and "+N more" after sep counts
// them.
func JoinFit(items []string, sep string, width int) string {
	out := ""
	for i, it := range items {
		next := it
		if i > 0 {
			next = out + sep + it
		}
		more := sep + fmt.Sprintf("+%d more", len(items)-i-1)
		if i < len(items)-1 && Width(next)+Width(more) > width || Width(next) > width {
			if i == 0 {
				return WordCut(it, width)
			}
			return out + sep + fmt.Sprintf("+%d more", len(items)-i)
		}
		out = next
	}
	return out
}
