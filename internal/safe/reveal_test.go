package safe

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"rdash/internal/safe/hostile"
)

func TestReveal(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in, fit, plain string
	}{
		{"plain", "https://example.com/a?b=c", "https://example.com/a?b=c", "https://example.com/a?b=c"},
		{"zero width space in a URL", "https://exa\u200bmple.com/x", "https://exa⟨U+200B⟩mple.com/x", "https://exa⟨U+200B⟩mple.com/x"},
		{"bidi override in a file name", "lumen\u202ejar.exe", "lumen⟨U+202E⟩jar.exe", "lumen⟨U+202E⟩jar.exe"},
		{"escape sequence", "Ab\x1b[31mCd", "Ab⟨U+001B⟩[31mCd", "Ab⟨U+001B⟩[31mCd"},
		{"line break and tab", "a\nb\tc\r\n", "a⟨U+000A⟩b⟨U+0009⟩c⟨U+000D⟩⟨U+000A⟩", "a⟨U+000A⟩b⟨U+0009⟩c⟨U+000D⟩⟨U+000A⟩"},
		{"no-break space", "a\u00a0b", "a⟨U+00A0⟩b", "a⟨U+00A0⟩b"},
		{"invalid utf-8", "a\xffb", "a⟨0xFF⟩b", "a⟨0xFF⟩b"},
		{"mark without base", "\u0301ab", "⟨U+0301⟩ab", "⟨U+0301⟩ab"},
		{"mark on a base kept", "cafe\u0301.jar", "cafe\u0301.jar", "cafe\u0301.jar"},
		{"zalgo", "Z\u0300\u0301\u0302\u0303\u0304", "Z\u0300\u0301\u0302\u0303⟨U+0304⟩", "Z\u0300\u0301\u0302\u0303⟨U+0304⟩"},
		{"zwj inside a cluster", "👨\u200d👩", "👨⟨U+200D⟩👩", "👨⟨U+200D⟩👩"},
		{"unicode kept", "Ünïcödé 日本", "Ünïcödé 日本", "Ünïcödé 日本"},
		{"unstable cluster", "स्ते", "⟨U+0938⟩⟨U+094D⟩⟨U+0924⟩⟨U+0947⟩", "स्ते"},
		{"skin tone", "👍🏽", "⟨U+1F44D⟩⟨U+1F3FD⟩", "👍🏽"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := Reveal(tt.in); got != tt.fit {
				t.Errorf("Reveal(%+q) = %+q, want %+q", tt.in, got, tt.fit)
			}
			if got := PlainReveal(tt.in); got != tt.plain {
				t.Errorf("PlainReveal(%+q) = %+q, want %+q", tt.in, got, tt.plain)
			}
			if back := unreveal(tt.fit); back != tt.in {
				t.Errorf("Reveal(%+q) reads back as %+q", tt.in, back)
			}
		})
	}
}

// TestRevealHostileCorpus: whatever the server sends, Reveal's output has
// no control or hidden character, measures the same both ways, and loses
// nothing: every character and byte of the input is either in it or named
// by its code point, so it reads back as the input.
func TestRevealHostileCorpus(t *testing.T) {
	t.Parallel()
	for _, c := range hostile.Cases(t) {
		in := c.Text
		got := Reveal(in)
		if strings.ContainsFunc(got, Hidden) {
			t.Errorf("Reveal(%+q) = %+q keeps a hidden character", in, got)
		}
		if ansi.StringWidth(got) != ansi.StringWidthWc(got) {
			t.Errorf("Reveal(%+q) = %+q measures %d and %d", in, got, ansi.StringWidth(got), ansi.StringWidthWc(got))
		}
		if plain := PlainReveal(in); strings.ContainsFunc(plain, Hidden) {
			t.Errorf("PlainReveal(%+q) = %+q keeps a hidden character", in, plain)
		}
		if back := unreveal(got); back != in {
			t.Errorf("Reveal(%+q) = %+q reads back as %+q", in, got, back)
		}
	}
}

var revealed = regexp.MustCompile(`⟨(U\+|0x)([0-9A-F]+)⟩`)

// unreveal turns Reveal's code points back into the characters and bytes
// they name.
func unreveal(s string) string {
	return revealed.ReplaceAllStringFunc(s, func(m string) string {
		sub := revealed.FindStringSubmatch(m)
		n, _ := strconv.ParseUint(sub[2], 16, 32)
		if sub[1] == "0x" {
			return string([]byte{byte(n)})
		}
		return string(rune(n))
	})
}
