package safe

import (
	"strings"
	"unicode/utf8"
)

// strip removes escape sequences, control and hidden characters from s.
// Line breaks (LF, NEL, U+2028, U+2029) become "\n" and tabs stay when
// multiline, and both become spaces otherwise; CR is dropped. Bytes that
// are not UTF-8 become U+FFFD. A whole escape sequence that keep accepts
// stays (keep may be nil).
func strip(s string, multiline bool, keep func(seq string) bool) string {
	var b strings.Builder
	b.Grow(len(s))
	st := stripper{s: s}
	for st.i < len(s) {
		if s[st.i] == 0x1b {
			n := st.escapeLen()
			if seq := s[st.i : st.i+n]; n > 2 && keep != nil && keep(seq) {
				b.WriteString(seq)
			}
			st.i += n
			continue
		}
		r, n := utf8.DecodeRuneInString(s[st.i:])
		st.i += n
		switch {
		case r == utf8.RuneError && n == 1:
			b.WriteRune(utf8.RuneError)
		case r == '\n' || r == '\u0085' || r == '\u2028' || r == '\u2029':
			b.WriteByte(pick(multiline, '\n', ' '))
		case r == '\t':
			b.WriteByte(pick(multiline, '\t', ' '))
		case Hidden(r):
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func pick(multiline bool, yes, no byte) byte {
	if multiline {
		return yes
	}
	return no
}

// stripper walks s past escape sequences. unterminated records that a
// control string (OSC, DCS, ...) found no terminator: none can be found
// further on either, so later ones are not searched for again, which keeps
// a string of many "\x1b]" linear.
type stripper struct {
	s            string
	i            int
	unterminated bool
}

// escapeLen returns how many bytes of the sequence at s[i] (an ESC) to
// drop: all of a well-formed sequence, or only its introducer.
func (st *stripper) escapeLen() int {
	s := st.s[st.i:]
	if len(s) < 2 {
		return 1
	}
	switch s[1] {
	case '[':
		return csiLen(s)
	case ']', 'P', '_', '^', 'X':
		return st.controlStringLen(s)
	}
	i := 1
	for i < len(s) && s[i] >= 0x20 && s[i] <= 0x2f {
		i++
	}
	if i < len(s) && s[i] >= 0x30 && s[i] <= 0x7e {
		return i + 1
	}
	return 1
}

// csiLen measures ESC [ parameters intermediates final.
func csiLen(s string) int {
	i := 2
	for i < len(s) && s[i] >= 0x30 && s[i] <= 0x3f {
		i++
	}
	for i < len(s) && s[i] >= 0x20 && s[i] <= 0x2f {
		i++
	}
	if i < len(s) && s[i] >= 0x40 && s[i] <= 0x7e {
		return i + 1
	}
	return 2
}

// controlStringLen measures an OSC, DCS, APC, PM or SOS up to its
// terminator: BEL, ESC \ or the C1 ST (U+009C).
func (st *stripper) controlStringLen(s string) int {
	if st.unterminated {
		return 2
	}
	for i := 2; i < len(s); i++ {
		switch {
		case s[i] == 0x07:
			return i + 1
		case s[i] == 0x1b && i+1 < len(s) && s[i+1] == '\\':
			return i + 2
		case s[i] == 0xc2 && i+1 < len(s) && s[i+1] == 0x9c:
			return i + 2
		}
	}
	st.unterminated = true
	return 2
}
