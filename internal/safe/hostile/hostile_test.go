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
