package safe

import (
	"flag"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"

	"rdash/internal/safe/hostile"
)

var updateSeeds = flag.Bool("update-seeds", false, "rewrite the fuzz seed corpus from testdata/hostile")

func TestLineAndText(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in, line, text string
	}{
		{"plain", "v1.2.3 Release", "v1.2.3 Release", "v1.2.3 Release"},
		{"csi colour", "\x1b[31mred\x1b[0m", "red", "red"},
		{"osc title", "a\x1b]0;pwned\x07b", "ab", "ab"},
		{"osc 52 clipboard", "x\x1b]52;c;ZXZpbA==\x1b\\y", "xy", "xy"},
		{"osc ended by c1 st", "x\x1b]0;t\u009cy", "xy", "xy"},
		{"dcs apc pm sos", "a\x1bPq\x1b\\b\x1b_G\x1b\\c\x1b^p\x1b\\d\x1bXs\x1b\\e", "abcde", "abcde"},
		{"short escapes", "a\x1bcb\x1b(Bc\x1b7d", "abcd", "abcd"},
		{"c1 csi", "a\u009b31mb", "ab", "ab"},
		{"c1 csi sgr pair", "a\u009b31mRED\u009b0m", "aRED", "aRED"},
		{"raw c1 csi", "a\x9b31mRED\x9b0mb", "aREDb", "aREDb"},
		{"raw c1 csi private", "a\x9b?1049hb", "ab", "ab"},
		{"c1 osc title", "a\u009d0;pwned window title\u009cb", "ab", "ab"},
		{"raw c1 osc title", "a\x9d0;pwned window title\x07b", "ab", "ab"},
		{"raw c1 osc raw st", "a\x9d2;pwned\x9cb", "ab", "ab"},
		{"raw c1 osc esc st", "a\x9d52;c;ZXZpbA==\x1b\\b", "ab", "ab"},
		{"c1 osc text after", "a\u009d0;t 日本\u009c日本", "a日本", "a日本"},
		{"c1 dcs apc pm sos", "a\u0090qp\u009cb\x9fGp\x9cc\u009ep\x07d\x98s\u009ce", "abcde", "abcde"},
		{"bell backspace", "a\x07\x08b", "ab", "ab"},
		{"newlines", "a\r\nb\tc", "a b c", "a\nb   c"},
		{"separators", "a\u2028b\u2029c\u0085d", "a b c d", "a\nb\nc\nd"},
		{"tab stops", "\tx\n  \ty\nabcd\tz\nab\x1b[1mc\x1b[0m\tw", " x    y abcd z abc w",
			"    x\n    y\nabcd    z\nabc w"},
		{"wide runes", "日本\tx", "日本 x", "日本    x"},
		{"bidi override", "abc\u202edcba", "abcdcba", "abcdcba"},
		{"bidi isolates and marks", "\u2066a\u2069\u200eb\u200fc\u061c", "abc", "abc"},
		{"zero width", "p\u200ba\u200cy\u200dp\u2060a\ufeffl\u00ad", "paypal", "paypal"},
		{"tags", "ok\U000e0049\U000e0067\U000e007f", "ok", "ok"},
		{"hangul fillers", "a\u115f\u3164\uffa0b", "ab", "ab"},
		{"unicode kept", "Ünïcödé ✓ 日本", "Ünïcödé ✓ 日本", "Ünïcödé ✓ 日本"},
		{"combining kept", "e\u0301 Vi\u1ec7t", "e\u0301 Vi\u1ec7t", "e\u0301 Vi\u1ec7t"},
		{"mark without base", "\u0301a\n\u0301b", "a \u0301b", "a\nb"},
		{"zalgo capped", "Z\u0300\u0301\u0302\u0303\u0304\u0305\u0306", "Z\u0300\u0301\u0302\u0303", "Z\u0300\u0301\u0302\u0303"},
		{"zwj emoji split", "👨\u200d👩\u200d👧", "👨👩👧", "👨👩👧"},
		{"skin tone dropped", "👍🏽 x", "👍 x", "👍 x"},
		{"lone skin tone kept", "🏽", "🏽", "🏽"},
		{"variation selectors dropped", "❤\ufe0f ⌚\ufe0e", "❤ ⌚", "❤ ⌚"},
		{"flags", "🇫🇷🇫", "🇫🇷\ufffd", "🇫🇷\ufffd"},
		{"unstable cluster replaced", "स्ते", "\ufffd", "\ufffd"},
		{"lone esc", "a\x1bb", "a", "a"},
		{"esc at end", "a\x1b", "a", "a"},
		{"invalid utf-8 shown", "a\xffb\xe6\x97c", "a\ufffdb\ufffd\ufffdc", "a\ufffdb\ufffd\ufffdc"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := Line(tt.in); got != tt.line {
				t.Errorf("Line(%+q) = %+q, want %+q", tt.in, got, tt.line)
			}
			if got := Text(tt.in); got != tt.text {
				t.Errorf("Text(%+q) = %+q, want %+q", tt.in, got, tt.text)
			}
		})
	}
}

// Scripts whose clusters the two widths disagree on: the dashboard's
// functions replace such a cluster, the command line's keep it.
var scripts = []struct{ name, text string }{
	{"hindi", "लुमेन संस्करण"},
	{"thai sara am", "ลูเมน ฉบับประจำปี"},
	{"hangul jamo", "한글 ᄒᆞᆫ"},
	{"halfwidth kana voiced", "ｶﾞｲﾄﾞ"},
	{"skin tone", "👍🏽 ok"},
	{"lone regional indicator", "🇫🇷🇫"},
}

func TestPlainKeepsScriptsTheDashboardFits(t *testing.T) {
	t.Parallel()
	for _, sc := range scripts {
		if got := PlainLine(sc.text); got != sc.text {
			t.Errorf("%s: PlainLine(%+q) = %+q, want it unchanged", sc.name, sc.text, got)
		}
		if got := PlainText(sc.text + "\n" + sc.text); got != sc.text+"\n"+sc.text {
			t.Errorf("%s: PlainText changed %+q to %+q", sc.name, sc.text, got)
		}
		if got := Line(sc.text); got == sc.text || ansi.StringWidth(got) != ansi.StringWidthWc(got) {
			t.Errorf("%s: Line(%+q) = %+q: the dashboard must fit it", sc.name, sc.text, got)
		}
		if got := Text(sc.text); got == sc.text {
			t.Errorf("%s: Text(%+q) left it unfitted", sc.name, sc.text)
		}
	}
}

func TestPlainLineAndText(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in, line, text string
	}{
		{"plain", "v1.2.3 Release", "v1.2.3 Release", "v1.2.3 Release"},
		{"csi and osc", "\x1b[31mred\x1b[0m\x1b]0;pwned\x07 \x1b]52;c;ZXZpbA==\x1b\\x", "red x", "red x"},
		{"c1 and controls", "a\u009b31mb\x07\x08\x7fc", "abc", "abc"},
		{"raw c1 osc", "a\x9d0;pwned window title\x07b", "ab", "ab"},
		{"newlines and tabs", "a\r\nb\tc\u2028d", "a b c d", "a\nb   c\nd"},
		{"tab after hindi", "लु\tx", "लु x", "लु   x"},
		{"bidi and invisible", "\u2066a\u2069\u202eb\u200bc\u200dd\ufeff\u00ad\U000e0041\ufe0f", "abcd", "abcd"},
		{"hidden inside hindi", "सं\u200dस्करण\u202e", "संस्करण", "संस्करण"},
		{"mark without base", "\u0301a\n\u0301b", "a \u0301b", "a\nb"},
		{"zalgo capped", "Z\u0300\u0301\u0302\u0303\u0304\u0305", "Z\u0300\u0301\u0302\u0303", "Z\u0300\u0301\u0302\u0303"},
		{"zwj emoji split", "👨\u200d👩\u200d👧", "👨👩👧", "👨👩👧"},
		{"invalid utf-8 shown", "a\xffb", "a\ufffdb", "a\ufffdb"},
	}
	for _, tt := range tests {
		if got := PlainLine(tt.in); got != tt.line {
			t.Errorf("%s: PlainLine(%+q) = %+q, want %+q", tt.name, tt.in, got, tt.line)
		}
		if got := PlainText(tt.in); got != tt.text {
			t.Errorf("%s: PlainText(%+q) = %+q, want %+q", tt.name, tt.in, got, tt.text)
		}
	}
}

// A cut-off or malformed sequence loses its introducer, not the text after
// it.
func TestMalformedEscapesKeepTheRest(t *testing.T) {
	t.Parallel()
	// é ends any sequence: a space and a letter would make a well-formed
	// one (ESC SP t, CSI 31 SP t) that a terminal would act on too.
	const rest = "é the rest of the text"
	for _, intro := range []string{
		"\x1b]", "\x1b]0;", "\x1b]8;;http://x", "\x1bP", "\x1b_", "\x1b^", "\x1bX",
		"\x1b[", "\x1b[31", "\x1b", "\x90", "\x9b", "\x9d", "\u0090", "\u009b", "\u009d",
	} {
		in := "before " + intro + rest
		for _, f := range []func(string) string{Line, Text, PlainLine, PlainText} {
			if got := f(in); !strings.HasPrefix(got, "before ") || !strings.HasSuffix(got, rest) {
				t.Errorf("%+q became %+q", in, got)
			}
		}
	}
}

// Many unterminated control strings are stripped in linear time: each one
// would otherwise search the rest of the text for its terminator.
func TestManyUnterminatedStrings(t *testing.T) {
	t.Parallel()
	in := strings.Repeat("\x1b]x", 200_000)
	if got := Line(in); got != strings.Repeat("x", 200_000) {
		t.Errorf("Line kept %d bytes", len(got))
	}
	if got := PlainLine(in); got != strings.Repeat("x", 200_000) {
		t.Errorf("PlainLine kept %d bytes", len(got))
	}
}

func TestHostileCorpus(t *testing.T) {
	t.Parallel()
	for _, c := range hostile.Cases(t) {
		t.Run(c.Name, func(t *testing.T) {
			t.Parallel()
			checkSafe(t, c.Text, Line(c.Text), false)
			checkSafe(t, c.Text, Text(c.Text), true)
			checkPlain(t, c.Text, PlainLine(c.Text), false)
			checkPlain(t, c.Text, PlainText(c.Text), true)
		})
	}
}

func TestStyled(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, in, want string }{
		{"sgr kept", "\x1b[1;38;5;228mbold\x1b[0m", "\x1b[1;38;5;228mbold\x1b[0m"},
		{"allowed link kept", "\x1b]8;id=1;https://x.org\x07x\x1b]8;;\x07", "\x1b]8;id=1;https://x.org\x07x\x1b]8;;\x07"},
		{"other link dropped", "\x1b]8;;javascript:alert(1)\x07x\x1b]8;;\x1b\\", "x\x1b]8;;\x1b\\"},
		{"link with hidden url dropped", "\x1b]8;;https://x.org/\u202e\x07x", "x"},
		{"link with hidden params dropped", "\x1b]8;id=\u009b1;https://x.org/\x07x", "x"},
		{"other csi dropped", "\x1b[2J\x1b[?25lx\x1b[1 m", "x"},
		{"title dropped", "\x1b]0;t\x07x", "x"},
		{"hidden dropped", "\x1b[1ma\u200d\u202eb", "\x1b[1mab"},
		{"newlines kept", "a\nb", "a\nb"},
	}
	for _, tt := range tests {
		if got := Styled(tt.in, webLink); got != tt.want {
			t.Errorf("%s: Styled(%+q) = %+q, want %+q", tt.name, tt.in, got, tt.want)
		}
	}
	for _, c := range hostile.Cases(t) {
		checkStyled(t, c.Text, Styled(c.Text, webLink))
	}
}

func TestFuzzSeeds(t *testing.T) {
	hostile.CheckSeeds(t, "FuzzSanitize", *updateSeeds)
}

func FuzzSanitize(f *testing.F) {
	hostile.Seed(f)
	f.Fuzz(func(t *testing.T, s string) {
		checkSafe(t, s, Line(s), false)
		checkSafe(t, s, Text(s), true)
		checkStyled(t, s, Styled(s, webLink))
		checkPlain(t, s, PlainLine(s), false)
		checkPlain(t, s, PlainText(s), true)
	})
}

// checkSafe checks what Line (or Text, when multiline) promises of out, made
// from in: valid UTF-8; no escape, control or hidden character but the
// newlines of Text; no cluster that starts with a combining mark; every
// cluster as wide under ansi.StringWidth (what the UI lays out with) as
// under ansi.StringWidthWc (what a terminal without Unicode core mode
// advances by); and nothing more to clean.
func checkSafe(t *testing.T, in, out string, multiline bool) {
	t.Helper()
	checkRun(t, in, out, multiline)
	if again := clean(out, multiline, true); again != out {
		t.Fatalf("%+q: output %+q cleans again to %+q", in, out, again)
	}
}

// checkPlain checks what PlainLine (or PlainText, when multiline) promises
// of out, made from in: valid UTF-8; no escape, control or hidden
// character but the newlines of PlainText; no cluster that starts with a
// combining mark; nothing more to clean; and, for PlainLine, that fitting
// it gives what Line gives: the two differ by the fitting alone.
func checkPlain(t *testing.T, in, out string, multiline bool) {
	t.Helper()
	if !utf8.ValidString(out) {
		t.Fatalf("%+q: output %+q is not UTF-8", in, out)
	}
	for _, r := range out {
		if Hidden(r) && !(multiline && r == '\n') {
			t.Fatalf("%+q: output %+q keeps %U", in, out, r)
		}
	}
	for rest := out; rest != ""; {
		c, _ := ansi.FirstGraphemeCluster(rest, ansi.GraphemeWidth)
		rest = rest[len(c):]
		if r, _ := utf8.DecodeRuneInString(c); isMark(r) {
			t.Fatalf("%+q: output %+q has a cluster %+q without a base", in, out, c)
		}
	}
	if again := clean(out, multiline, false); again != out {
		t.Fatalf("%+q: output %+q cleans again to %+q", in, out, again)
	}
	if !multiline {
		if fitted, line := Line(out), Line(in); fitted != line {
			t.Fatalf("%+q: Line of PlainLine's %+q is %+q, Line's %+q", in, out, fitted, line)
		}
	}
}

// checkStyled checks what Styled promises: every escape sequence left is an
// SGR or an OSC 8 link to a URL webLink accepts, the text between them is
// as Text makes it, and Styled changes its own output no more.
func checkStyled(t *testing.T, in, out string) {
	t.Helper()
	for out != "" {
		i := strings.IndexByte(out, 0x1b)
		if i < 0 {
			i = len(out)
		}
		checkRun(t, in, out[:i], true)
		out = out[i:]
		if out == "" {
			break
		}
		n := (&stripper{s: out}).escapeLen()
		if seq := out[:n]; !isSGR(seq) && !isLink(seq, webLink) {
			t.Fatalf("%+q: Styled keeps %+q", in, seq)
		}
		out = out[n:]
	}
}

func webLink(url string) bool {
	return strings.HasPrefix(url, "https://")
}

// checkRun checks text with no escape sequences.
func checkRun(t *testing.T, in, out string, multiline bool) {
	t.Helper()
	if !utf8.ValidString(out) {
		t.Fatalf("%+q: output %+q is not UTF-8", in, out)
	}
	for _, r := range out {
		if Hidden(r) && !(multiline && r == '\n') {
			t.Fatalf("%+q: output %+q keeps %U", in, out, r)
		}
	}
	sum := 0
	for rest := out; rest != ""; {
		c, w := ansi.FirstGraphemeCluster(rest, ansi.GraphemeWidth)
		rest = rest[len(c):]
		if r, _ := utf8.DecodeRuneInString(c); isMark(r) {
			t.Fatalf("%+q: output %+q has a cluster %+q without a base", in, out, c)
		}
		if wc := ansi.StringWidthWc(c); w != wc {
			t.Fatalf("%+q: output %+q has a cluster %+q %d wide to StringWidth, %d to StringWidthWc", in, out, c, w, wc)
		}
		sum += w
	}
	if w := ansi.StringWidth(out); w != sum {
		t.Fatalf("%+q: output %+q is %d wide, its clusters %d", in, out, w, sum)
	}
}

// The bitsets that speed up Hidden and isMark agree with the tables.
func TestBitsetsMatchTables(t *testing.T) {
	t.Parallel()
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if got, want := Hidden(r), unicode.IsControl(r) || unicode.In(r, hiddenTables...); got != want {
			t.Fatalf("Hidden(%U) = %v", r, got)
		}
		if got, want := isMark(r), unicode.In(r, markTables...); got != want {
			t.Fatalf("isMark(%U) = %v", r, got)
		}
	}
}
