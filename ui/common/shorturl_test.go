package common

import (
	"testing"

	"github.com/charmbracelet/x/ansi"
)

func TestShortURL(t *testing.T) {
	t.Parallel()
	const jar = "https://github.com/lumen-mc/lumen/releases/download/v2.0.0/lumen-fabric-2.0.0.jar"
	for _, tt := range []struct {
		url   string
		width int
		want  string
	}{
		{jar, 100, jar},
		{jar, 60, "https://github.com/…/lumen-fabric-2.0.0.jar"},
		{jar, 43, "https://github.com/…/lumen-fabric-2.0.0.jar"},
		{jar, 30, "https://github.…bric-2.0.0.jar"},
		{"https://github.com/KyoriPowered/adventure", 38, "https://github.com/…/adventure"},
		{"not a url at all, far too long", 11, "not a… long"},
		{"x", 0, ""},
	} {
		got := ShortURL(tt.url, tt.width)
		if got != tt.want || ansi.StringWidth(got) > max(tt.width, 0) {
			t.Errorf("ShortURL(%q, %d) = %q, want %q", tt.url, tt.width, got, tt.want)
		}
	}
}
