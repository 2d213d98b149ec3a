package publish

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"rdash/ui/common"
)

// A changelog's length reads as the rest of the dashboard writes counts:
// the singular for one, thousands grouped.
func TestChangelogLinesReadAsWords(t *testing.T) {
	t.Parallel()
	s := common.NewStyles(common.Theme{Dark: true, NoColor: true})
	for text, want := range map[string]string{
		"one":                            "one (1 line)",
		"one\ntwo":                       "one (2 lines)",
		strings.Repeat("a line\n", 1200): "a line (1,200 lines)",
	} {
		if got := ansi.Strip(changelogSummary(s, text)); got != want {
			t.Errorf("changelogSummary = %q, want %q", got, want)
		}
	}
}
