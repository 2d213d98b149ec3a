package safe

import "testing"

func TestLineAndText(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in, line, text string
	}{
		{"plain", "v1.2.3 Release", "v1.2.3 Release", "v1.2.3 Release"},
		{"csi colour", "\x1b[31mred\x1b[0m", "red", "red"},
		{"osc title", "a\x1b]0;pwned\x07b", "ab", "ab"},
		{"osc 52 clipboard", "x\x1b]52;c;ZXZpbA==\x1b\\y", "xy", "xy"},
		{"c1 csi", "a\u009b31mb", "a31mb", "a31mb"},
		{"bell backspace", "a\x07\x08b", "ab", "ab"},
		{"newlines", "a\r\nb\tc", "a b c", "a\nb   c"},
		{"tab stops", "\tx\n  \ty\nabcd\tz\nab\x1b[1mc\x1b[0m\tw", " x    y abcd z abc w",
			"    x\n    y\nabcd    z\nabc w"},
		{"wide runes", "日本\tx", "日本 x", "日本    x"},
		{"bidi override", "abc\u202edcba", "abcdcba", "abcdcba"},
		{"unicode kept", "Ünïcödé ✓ 日本", "Ünïcödé ✓ 日本", "Ünïcödé ✓ 日本"},
		{"lone esc", "a\x1bb", "a", "a"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := Line(tt.in); got != tt.line {
				t.Errorf("Line(%q) = %q, want %q", tt.in, got, tt.line)
			}
			if got := Text(tt.in); got != tt.text {
				t.Errorf("Text(%q) = %q, want %q", tt.in, got, tt.text)
			}
		})
	}
}

func FuzzLine(f *testing.F) {
	f.Add("\x1b[2J\x1b]8;;http://x\x07link\x1b]8;;\x07")
	f.Fuzz(func(t *testing.T, s string) {
		for _, r := range Line(s) {
			if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) {
				t.Fatalf("Line(%q) kept control %U", s, r)
			}
		}
	})
}
