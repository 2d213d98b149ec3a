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
		if n := st.c1Len(); n > 0 {
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
		return csiLen(s, 2)
	case ']', 'P', '_', '^', 'X':
		return st.controlStringLen(s, 2)
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

// c1Len returns how many bytes of the sequence at s[i] to drop when an
// 8-bit introducer starts it (CSI, OSC, DCS, APC, PM, SOS, as a raw byte
// or as its UTF-8 encoding, U+009B...): all of a well-formed sequence, so
// that its parameters ("31m", "0;title") do not show as text, or only the
// introducer, as for ESC. It is 0 where no such introducer is.
func (st *stripper) c1Len() int {
	s := st.s[st.i:]
	intro, c := 1, s[0]
	if c == 0xc2 && len(s) > 1 {
		intro, c = 2, s[1]
	}
	switch c {
	case 0x9b:
		return csiLen(s, intro)
	case 0x9d, 0x90, 0x9f, 0x9e, 0x98:
		return st.controlStringLen(s, intro)
	}
	return 0
}

// csiLen measures a CSI's parameters, intermediates and final after its
// introducer, intro bytes long (ESC [, or the 8-bit CSI); a malformed one
// is its introducer alone.
func csiLen(s string, intro int) int {
	i := intro
	for i < len(s) && s[i] >= 0x30 && s[i] <= 0x3f {
		i++
	}
	for i < len(s) && s[i] >= 0x20 && s[i] <= 0x2f {
		i++
	}
	if i < len(s) && s[i] >= 0x40 && s[i] <= 0x7e {
		return i + 1
	}
	return intro
}

// controlStringLen measures an OSC, DCS, APC, PM or SOS, whose
// introducer is intro bytes long, up to its terminator: BEL, ESC \ or
// the C1 ST (U+009C, or the raw byte 0x9C).
func (st *stripper) controlStringLen(s string, intro int) int {
	if st.unterminated {
		return intro
	}
	for i := intro; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == 0x07, r == 0x9c, r == utf8.RuneError && n == 1 && s[i] == 0x9c:
			return i + n
		case r == 0x1b && i+1 < len(s) && s[i+1] == '\\':
			return i + 2
		}
		i += n
	}
	st.unterminated = true
	return intro
}
