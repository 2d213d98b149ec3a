package hostile

import "testing"

func TestParse(t *testing.T) {
	t.Parallel()
	got, err := Parse([]byte("# comment\n\nesc\t\"a\\x1bb\"\nwide\t\"\\u65e5\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := []Case{{"esc", "a\x1bb"}, {"wide", "日"}}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("Parse = %q, want %q", got, want)
	}
	for _, bad := range []string{"noname\n", "a\t\"x\"\na\t\"y\"\n", "a\tunquoted\n", "\t\"x\"\n"} {
		if _, err := Parse([]byte(bad)); err == nil {
			t.Errorf("Parse(%q) did not fail", bad)
		}
	}
}

func TestCorpusReads(t *testing.T) {
	t.Parallel()
	if n := len(Cases(t)); n < 50 {
		t.Errorf("corpus has %d cases", n)
	}
}

func TestWidthMismatch(t *testing.T) {
	t.Parallel()
	if _, _, _, ok := WidthMismatch("\x1b[1mab\x1b[m 日本\nplain"); ok {
		t.Error("a line that measures the same both ways was reported")
	}
	l, g, wc, ok := WidthMismatch("fine\n│ 👨\u200d👩\u200d👧 │")
	if !ok || l != "│ 👨\u200d👩\u200d👧 │" || g != 6 || wc != 10 {
		t.Errorf("WidthMismatch = %q, %d, %d, %v", l, g, wc, ok)
	}
}
