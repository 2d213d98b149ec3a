package common

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
)

func TestAgo(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 1, 15, 12, 0, 0, 0, time.UTC)
	for d, want := range map[time.Duration]string{
		10 * time.Second: "just now", 5 * time.Minute: "5m ago", 3 * time.Hour: "3h ago",
		3 * 24 * time.Hour: "3d ago", 20 * 24 * time.Hour: "2w ago", 100 * 24 * time.Hour: "3mo ago",
		800 * 24 * time.Hour: "2y ago",
	} {
		if got := Ago(now.Add(-d), now); got != want {
			t.Errorf("Ago(-%v) = %q, want %q", d, got, want)
		}
	}
}

func TestNumbers(t *testing.T) {
	t.Parallel()
	for n, want := range map[int64]string{0: "0", 999: "999", 1500: "1,500", 1234567: "1,234,567", -1500: "-1,500"} {
		if got := Count(n); got != want {
			t.Errorf("Count(%d) = %q, want %q", n, got, want)
		}
	}
	for n, want := range map[int64]string{46: "46 B", 1536: "1.5 KiB", 34 << 20: "34 MiB"} {
		if got := Bytes(n); got != want {
			t.Errorf("Bytes(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestFittingNeverOverflows(t *testing.T) {
	t.Parallel()
	styled := "\x1b[1mbold\x1b[0m and 日本語 wide text"
	for w := 0; w <= 40; w++ {
		if got := ansi.StringWidth(Fit(styled, w)); got != w {
			t.Errorf("Fit(_, %d) is %d wide", w, got)
		}
		if got := ansi.StringWidth(Cut(styled, w)); got > w {
			t.Errorf("Cut(_, %d) is %d wide", w, got)
		}
		if got := ansi.StringWidth(Spread("left side", "right", w)); got > w {
			t.Errorf("Spread(_, _, %d) is %d wide", w, got)
		}
	}
	clipped := Clip("a\nbbbbbbbbbb\nc\nd", 4, 3)
	if want := "a\nbbb…\nc"; clipped != want {
		t.Errorf("Clip = %q, want %q", clipped, want)
	}
	if got := strings.Count(Clip("a", 4, 3), "\n"); got != 2 {
		t.Errorf("Clip pads to the height: %d newlines", got)
	}
}

func TestTransfer(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		done, total int64
		elapsed     time.Duration
		want        string
	}{
		{0, 8 << 20, 0, "0 B of 8.0 MiB · measuring the rate…"},
		{1 << 20, 8 << 20, 100 * time.Millisecond, "1.0 MiB of 8.0 MiB · measuring the rate…"},
		{3 << 20, 8 << 20, 4 * time.Second, "3.0 MiB of 8.0 MiB · 768 KiB/s · 7s left"},
		{1000, 5000, 2 * time.Second, "1000 B of 4.9 KiB · 500 B/s · 8s left"},
		{8 << 20, 8 << 20, 4 * time.Second, "8.0 MiB of 8.0 MiB · 2.0 MiB/s"},
		{8<<20 - 1, 8 << 20, 4 * time.Second, "8.0 MiB of 8.0 MiB · 2.0 MiB/s · under 1s left"},
		{1 << 20, -1, 1 * time.Second, "1.0 MiB · 1.0 MiB/s"},
		{1 << 20, 0, 1 * time.Second, "1.0 MiB · 1.0 MiB/s"},
		{1 << 10, 8 << 30, 1 * time.Second, "1.0 KiB of 8.0 GiB · 1.0 KiB/s · 2330h10m left"},
	} {
		if got := Transfer(c.done, c.total, c.elapsed); got != c.want {
			t.Errorf("Transfer(%d, %d, %s) = %q, want %q", c.done, c.total, c.elapsed, got, c.want)
		}
	}
}

func TestPlural(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		got, want string
	}{
		{Plural(1, "line"), "1 line"}, {Plural(0, "line"), "0 lines"}, {Plural(2, "mark"), "2 marks"},
		{Plural(1500, "version"), "1,500 versions"}, {Plural(1, "entry", "entries"), "1 entry"},
		{Plural(3, "entry", "entries"), "3 entries"},
	} {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}
