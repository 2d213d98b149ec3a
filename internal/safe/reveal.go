package safe

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// Reveal returns s as one line for the dashboard with every character a
// terminal would not show as itself written as its code point, ⟨U+200B⟩,
// and every byte that is not UTF-8 as ⟨0xFF⟩, instead of removing it as
// Line does. Use it for URLs, IDs and file names from the server: a user
// copies, retypes or compares them, and a value shown with its invisible
// characters removed leads somewhere else than the stored one.
//
// Revealed are: what Hidden reports (controls, ESC included, so no escape
// sequence survives; line breaks, tabs, format characters such as
// zero-width spaces, bidi controls and the BOM, variation selectors,
// fillers), spaces other than U+0020 (a no-break space looks like a space
// but is not one), a combining mark with no base, and marks past the
// first few on one base. A cluster the dashboard's two width measures
// disagree on (see the package doc) is revealed code point by code point
// rather than replaced with U+FFFD. What remains is shown as itself.
// The command line uses [PlainReveal].
func Reveal(s string) string { return reveal(s, true) }

// PlainReveal is [Reveal] for the command line's output, which the
// terminal lays out itself: it reveals what Reveal does except clusters
// that are only hard to measure, which stay as sent.
func PlainReveal(s string) string { return reveal(s, false) }

func reveal(s string, fit bool) string {
	if isPlain(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for s != "" {
		c, _ := ansi.FirstGraphemeCluster(s, ansi.GraphemeWidth)
		if c == "" { // not UTF-8 where a cluster would start
			c = s[:1]
		}
		s = s[len(c):]
		revealCluster(&b, c, fit)
	}
	return b.String()
}

// revealCluster writes cluster c, each character that must be revealed as
// its code point and runs of the others as they are, unless fit finds a
// run measured differently by the two widths, which is revealed too.
func revealCluster(b *strings.Builder, c string, fit bool) {
	run, based, marks := 0, false, 0
	flush := func(end int) {
		kept := c[run:end]
		if fit && kept != "" && ansi.StringWidth(kept) != ansi.StringWidthWc(kept) {
			for _, r := range kept {
				writeCodePoint(b, r)
			}
		} else {
			b.WriteString(kept)
		}
	}
	for i := 0; i < len(c); {
		r, n := utf8.DecodeRuneInString(c[i:])
		mark := isMark(r)
		if mark {
			marks++
		}
		switch {
		case r == utf8.RuneError && n == 1:
			flush(i)
			fmt.Fprintf(b, "⟨0x%02X⟩", c[i])
		case Hidden(r) || r != ' ' && unicode.Is(unicode.Zs, r) || mark && (!based || marks > maxMarks):
			flush(i)
			writeCodePoint(b, r)
		default:
			based = based || !mark
			i += n
			continue
		}
		i += n
		run = i
	}
	flush(len(c))
}

func writeCodePoint(b *strings.Builder, r rune) {
	fmt.Fprintf(b, "⟨U+%04X⟩", r)
}
