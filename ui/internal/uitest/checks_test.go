package uitest

import (
	"fmt"
	"testing"
)

// recorder is a testing.TB that keeps what Errorf said.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

func TestAllowedSequence(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		seq string
		ok  bool
	}{
		{"\x1b[1;38;2;1;2;3m", true},
		{"\x1b]8;;https://example.com/a\x1b\\", true},
		{"\x1b]8;id=1;http://example.com\x07", true},
		{"\x1b]8;;mailto:a@example.com\x1b\\", true},
		{"\x1b]8;;\x1b\\", true}, // closes a link
		{"\x1b]8;;file:///etc/passwd\x1b\\", false},
		{"\x1b]8;;javascript:alert(1)\x07", false},
		{"\x1b]8;;../README.md\x07", false},
		{"\x1b]8;;https://\x07", false},
		{"\x1b]8;\x07", false}, // no target field at all
		{"\x1b]0;title\x07", false},
		{"\x1b[2J", false},
	} {
		if n, ok := allowedSequence(tt.seq); ok != tt.ok || ok && n != len(tt.seq) {
			t.Errorf("allowedSequence(%q) = %d, %v; want %v", tt.seq, n, ok, tt.ok)
		}
	}
}

func TestBad(t *testing.T) {
	t.Parallel()
	for _, r := range []rune{'\r', '\t', 0x7f, 0x85, 0x202e, 0x2067, 0x200b, 0x200d, 0xfe0f, 0xe0041, 0x2028} {
		if !bad(r) {
			t.Errorf("bad(%U) = false", r)
		}
	}
	for _, r := range []rune{'\n', 'a', 'é', '│', '…', '日'} {
		if bad(r) {
			t.Errorf("bad(%U) = true", r)
		}
	}
}

func TestRequireSameWidth(t *testing.T) {
	t.Parallel()
	r := &recorder{TB: t}
	RequireSameWidth(r, "plain │ line\n日本語 and é")
	if len(r.errs) != 0 {
		t.Fatalf("a line that measures the same failed: %q", r.errs)
	}
	RequireFits(r, "ok\n\u2764\ufe0f heart", 80, 24) // 2 cells to lipgloss, 1 to wcwidth
	if len(r.errs) != 1 {
		t.Fatalf("a line measured differently passed RequireFits: %q", r.errs)
	}
}
