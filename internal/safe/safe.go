// Package safe makes text from the server fit to print on a terminal.
//
// Which function is for what:
//
//   - [Line], [Text] and [Styled] are for the dashboard, whose text Bubble
//     Tea lays out: they strip, then fit every grapheme cluster (below).
//   - [PlainLine] and [PlainText] are for the command line's output
//     (tables, lines, error and progress lines), which the terminal lays
//     out itself: they strip only, so Hindi, Thai or Korean text stays as
//     it was sent. Never show their output in the dashboard.
//   - [Reveal] and [PlainReveal] are for URLs, IDs and file names, which
//     a user copies, retypes or compares: instead of removing what a
//     terminal would not show, they write it as its code point (⟨U+200B⟩).
//   - JSON output is not stripped but escaped: see [Hidden].
//
// What every function removes, and why:
//
//   - Escape sequences (CSI, OSC, DCS, APC, PM, SOS and the short ESC ones).
//     A sequence that is cut off or malformed loses only its introducer:
//     the rest of the text is kept, so a stray ESC ] or a raw 0x90 byte
//     cannot hide what follows it.
//   - Control characters (C0, DEL, C1) but the line breaks and tabs a
//     function's contract keeps, and bytes that are not UTF-8, which become
//     U+FFFD so that something shows where they were.
//   - Hidden characters (see [Hidden]): bidi controls, zero-width spaces and
//     joiners, the BOM, tag characters, variation selectors, fillers. They
//     reorder or disguise text, and terminals disagree on their width.
//   - Combining marks with no base in the text (they would combine with
//     whatever is printed before them) and marks past the first few on one
//     base ("Zalgo" text that spills over the lines above and below).
//
// What only the dashboard's functions also change (fitting): per grapheme
// cluster, whatever would make the width the UI lays out with
// (ansi.StringWidth, per cluster) differ from the width a terminal without
// Unicode core mode advances by (per code point, as Bubble Tea renders
// unless the terminal has mode 2027); such a cluster becomes U+FFFD. See
// [fitClusters]. Every cluster Line, Text and Styled let through measures
// the same both ways, so a border drawn after it stays where the layout
// put it.
package safe

import (
	"unicode"
)

// Line returns s as one line for the dashboard: escape sequences, control
// and hidden characters are removed, any line break or tab becomes a
// space, and clusters are fitted (see the package doc). The command line
// uses [PlainLine].
func Line(s string) string {
	return clean(s, false, true)
}

// Text returns s for the dashboard with escape sequences, control and
// hidden characters removed and clusters fitted (see the package doc),
// keeping newlines (for changelogs and other multi-line text).
// Tabs become spaces up to the next column that is a multiple of TabWidth:
// renderers measure a tab as zero wide and drop it, which would flatten the
// indentation of a changelog's code blocks. Carriage returns are dropped
// so "\r\n" becomes "\n"; U+2028, U+2029 and NEL become "\n". The
// command line uses [PlainText].
func Text(s string) string {
	return clean(s, true, true)
}

// PlainLine is [Line] for the command line's output, which the terminal
// lays out itself: it strips as Line does but does not fit clusters, so a
// Devanagari conjunct or a Thai SARA AM stays, and an emoji keeps its skin
// tone. cmd's tables measure its output with ansi.StringWidth.
func PlainLine(s string) string {
	return clean(s, false, false)
}

// PlainText is [Text] for the command line's output: it strips as Text
// does, and expands tabs the same way, but does not fit clusters.
func PlainText(s string) string {
	return clean(s, true, false)
}

// TabWidth is the distance between the tab stops Text expands tabs to.
const TabWidth = 4

// clean strips s and, when fit, fits its clusters for Bubble Tea.
func clean(s string, multiline, fit bool) string {
	if isPlain(s) {
		return s
	}
	return fitClusters(strip(s, multiline, nil), fit)
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

// Hidden reports whether r is a character that a terminal does not show as
// itself but that can change what is shown: controls (C0, DEL, C1), format
// characters (bidi embeddings, overrides, isolates and marks, zero-width
// space, joiner and non-joiner, word joiner, BOM, soft hyphen, tags, ...),
// variation selectors and the other default-ignorable code points (Hangul
// fillers, CGJ, ...), and the line and paragraph separators. Line, Text,
// PlainLine and PlainText remove them; JSON output escapes them.
func Hidden(r rune) bool {
	if r < 0x10000 {
		return hiddenBMP.has(r)
	}
	return unicode.In(r, hiddenTables...)
}

var hiddenTables = []*unicode.RangeTable{
	unicode.Cc, unicode.Cf, unicode.Zl, unicode.Zp,
	unicode.Variation_Selector, unicode.Other_Default_Ignorable_Code_Point,
}

// hiddenBMP and markBMP hold the tables' runes in the basic multilingual
// plane: a bit test per rune instead of a search of several tables keeps
// non-ASCII text cheap to clean.
var hiddenBMP, markBMP = newBitset(hiddenTables), newBitset(markTables)

type bitset [0x10000 / 64]uint64

func newBitset(tables []*unicode.RangeTable) *bitset {
	var b bitset
	for _, t := range tables {
		for _, r := range t.R16 {
			for c := rune(r.Lo); c <= rune(r.Hi); c += rune(r.Stride) {
				b[c>>6] |= 1 << (c & 63)
			}
		}
		for _, r := range t.R32 {
			for c := rune(r.Lo); c <= rune(r.Hi) && c < 0x10000; c += rune(r.Stride) {
				b[c>>6] |= 1 << (c & 63)
			}
		}
	}
	return &b
}

func (b *bitset) has(r rune) bool {
	return b[r>>6]&(1<<(r&63)) != 0
}

// Lines applies Line to every element, for lists of server values.
func Lines(in []string) []string {
	out := make([]string, len(in))
	for i, s := range in {
		out[i] = Line(s)
	}
	return out
}
