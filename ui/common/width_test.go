package common

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestWidthIsStringWidth: Width agrees with ansi.StringWidth on strings
// made of the pieces a frame holds (text, SGR and other CSI sequences)
// and of those it is left to ansi for (UTF-8, wide runes, controls, OSC
// links, escapes cut short), and takes the fast way where it should.
func TestWidthIsStringWidth(t *testing.T) {
	t.Parallel()
	pieces := []string{"a", "Z", " ", "~", "1,500", "\x1b[m", "\x1b[1;38;2;165;138;249m", "\x1b[7m", "\x1b[2K", "\x1b[?25l",
		"\x1b[38:5:12m", "é", "漢", "…", "·", "\t", "\x07", "\x7f", "\x1b", "\x1b[", "\x1b[12", "\x1b[1\x07m", "\x1b]8;;https://x\x07",
		"\x1b]8;;\x1b\\", "\x1bM", "\x1b(B", "\u200d", "👍🏽"}
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var b strings.Builder
		for range r.IntN(12) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		s := b.String()
		if got, want := Width(s), ansi.StringWidth(s); got != want {
			t.Fatalf("Width(%q) = %d, ansi.StringWidth = %d", s, got, want)
		}
	}
	// Byte by byte, to reach the edges of a CSI sequence.
	const bytes = "\x1b[[0123;:<?,$ !~m@Aa\x7f\x80\xc3\xa9\x07"
	for range 20000 {
		b := make([]byte, r.IntN(10))
		for i := range b {
			b[i] = bytes[r.IntN(len(bytes))]
		}
		if got, want := Width(string(b)), ansi.StringWidth(string(b)); got != want {
			t.Fatalf("Width(%q) = %d, ansi.StringWidth = %d", b, got, want)
		}
	}
	for s, want := range map[string]bool{
		"\x1b[1;38;2;165;138;249mrdash\x1b[m  6.19.2": true, "": true,
		"release · 2w ago": false, "\x1b]8;;u\x07x\x1b]8;;\x07": false, "a\x1b[": false, "a\tb": false,
	} {
		if _, fast := asciiWidth(s); fast != want {
			t.Errorf("asciiWidth(%q) fast: %v, want %v", s, fast, want)
		}
	}
}

// BenchmarkClipTable clips a body like the versions table's at 120x36,
// as every frame of a served key does.
func BenchmarkClipTable(b *testing.B) {
	row := "  6.18.5-beta.9  Emberforge Core 6.18.5-beta.9  \x1b[38;2;255;215;95mbeta   \x1b[m paper,folia           1.21.2,1.21.3,1.21.4       317 3w ago     "
	lines := make([]string, 36)
	for i := range lines {
		lines[i] = row
	}
	lines[5] = "\x1b[1;7m" + ansi.Strip(row) + "\x1b[m"
	body := strings.Join(lines, "\n")
	b.ReportAllocs()
	for b.Loop() {
		_ = Clip(body, 120, 36)
	}
}

func TestWordCut(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		in   string
		w    int
		want string
	}{
		{"(the game versions they will have; none clears them)", 30, "(the game versions they will…"},
		{"short", 10, "short"},
		{"TYPE:KIND:TARGET, e.g. required (empty: the channel's)", 38, "TYPE:KIND:TARGET, e.g. required…"},
		{"averyveryverylongword and more", 10, "averyvery…"},
	} {
		if got := WordCut(tt.in, tt.w); got != tt.want || Width(got) > tt.w {
			t.Errorf("WordCut(%q, %d) = %q, want %q", tt.in, tt.w, got, tt.want)
		}
	}
}

func TestJoinFit(t *testing.T) {
	t.Parallel()
	items := []string{"release", "beta", "snapshot", "slug or ID (typed)"}
	for _, tt := range []struct {
		w    int
		want string
	}{{100, "release · beta · snapshot · slug or ID (typed)"}, {40, "release · beta · snapshot · +1 more"}, {20, "release · +3 more"}, {5, "rele…"}} {
		if got := JoinFit(items, " · ", tt.w); got != tt.want || Width(got) > tt.w {
			t.Errorf("JoinFit(%d) = %q, want %q", tt.w, got, tt.want)
		}
	}
}
