package main

import (
	"fmt"
	"strings"
	"testing"
)

// TestScreen feeds the emulator the sequences Bubble Tea's renderer uses
// and checks the text it keeps.
func TestScreen(t *testing.T) {
	tests := []struct {
		name string
		w, h int
		in   string
		want string // rows joined by "|", trailing blank rows dropped
	}{
		{"print and wrap", 4, 3, "abcdef", "abcd|ef"},
		{"pending wrap at the margin then CR", 4, 2, "abcd\rX", "Xbcd"},
		{"CUP is 1-based", 5, 3, "\x1b[2;3Hx", "|  x"},
		{"LF keeps the column", 5, 3, "ab\ncd", "ab|  cd"},
		{"REP repeats the last character", 8, 1, "a\x1b[4b", "aaaaa"},
		{"ECH erases without moving", 6, 1, "abcdef\x1b[1;2H\x1b[3Xz", "az  ef"},
		{"EL to the end", 6, 1, "abcdef\x1b[1;3H\x1b[K", "ab"},
		{"ED 2 clears all", 3, 2, "abc\r\ndef\x1b[2J", ""},
		{"LF at the bottom scrolls", 3, 2, "a\r\nb\r\nc", "b|c"},
		{"scroll region", 3, 4, "a\r\nb\r\nc\r\nd\x1b[2;3r\x1b[3;1H\nx", "a|c|x|d"},
		{"reverse index at the top of the region", 3, 3, "a\r\nb\r\nc\x1b[2;3r\x1b[2;1H\x1bM", "a||b"},
		{"insert line", 3, 3, "a\r\nb\r\nc\x1b[2;1H\x1b[L", "a||b"},
		{"delete line", 3, 3, "a\r\nb\r\nc\x1b[1;1H\x1b[M", "b|c"},
		{"wide characters take two cells", 4, 1, "界x", "界x"},
		{"SGR and OSC are ignored", 6, 1, "\x1b[1;38;5;212mab\x1b[m\x1b]0;title\x07c", "abc"},
		{"alternate screen starts blank", 3, 1, "abc\x1b[?1049hx", "x"},
		{"private modes are not CSI commands", 3, 1, "ab\x1b[?25l\x1b[?2026hc", "abc"},
		{"CUP with a missing column", 5, 2, "\x1b[2;Hz", "|z"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newScreen(tt.w, tt.h)
			// Feed one byte at a time: sequences split across reads.
			for i := range len(tt.in) {
				s.Write([]byte{tt.in[i]})
			}
			got := strings.TrimRight(strings.ReplaceAll(strings.TrimRight(s.String(), "\n"), "\n", "|"), "|")
			if got != tt.want {
				t.Fatalf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestLoaded(t *testing.T) {
	s := newScreen(60, 3)
	s.Write([]byte("\x1b[2;1H9,950 of 10,000 · page 199 · sort: created ↓"))
	if n, total := loaded(s); n != 9950 || total != 10000 {
		t.Fatalf("got %d of %d", n, total)
	}
	if n, _ := loaded(newScreen(10, 2)); n != -1 {
		t.Fatalf("a blank screen gave %d", n)
	}
}

func TestCommasAndMedian(t *testing.T) {
	for n, want := range map[int]string{7: "7", 950: "950", 1000: "1,000", 10000: "10,000", 1234567: "1,234,567"} {
		if got := commas(n); got != want {
			t.Errorf("commas(%d) = %q, want %q", n, got, want)
		}
	}
	if m := median([]float64{5, 1, 3}); m != 3 {
		t.Errorf("median odd = %v", m)
	}
	if m := median([]float64{4, 1, 3, 2}); m != 2.5 {
		t.Errorf("median even = %v", m)
	}
}

// TestSeed checks the harness still finds what it changes in the
// sandbox's seed, and that the sandbox accepts the result. It needs the
// go command to find the module; without it the check cannot be made,
// which is a failure, not a skip.
func TestSeed(t *testing.T) {
	root, err := moduleRoot()
	if err != nil {
		t.Fatalf("the module root, where the seed is read from: %v", err)
	}
	b := &batch{root: root, dir: t.TempDir()}
	sb, err := b.startSandbox(300, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer sb.close()
	ids, err := b.versionIDs(250)
	if err != nil || len(ids) != 250 {
		t.Fatalf("%d IDs, %v", len(ids), err)
	}
}

func TestScrolledBy(t *testing.T) {
	screen := func(first, rows int, side string) string {
		var b strings.Builder
		b.WriteString("header\n")
		for i := range rows {
			fmt.Fprintf(&b, "  • Line %03d: text %s\n", first+i, side)
		}
		return b.String()
	}
	if !scrolledBy(screen(1, 20, "│ info"), screen(4, 20, "│ info"), 3) {
		t.Error("a scroll of 3 not seen")
	}
	if scrolledBy(screen(1, 20, ""), screen(3, 20, ""), 3) {
		t.Error("a scroll of 2 taken for 3")
	}
	if scrolledBy(screen(1, 20, ""), screen(1, 20, ""), 1) {
		t.Error("no scroll taken for 1")
	}
	if scrolledBy(screen(1, 3, ""), screen(2, 3, ""), 1) {
		t.Error("too few rows to tell taken for a scroll")
	}
}
