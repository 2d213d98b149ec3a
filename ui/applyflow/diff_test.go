package applyflow

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"rdash/ui/internal/uitest"
)

// TestDiff: lines added and removed are counted and drawn with their
// sign; a diff longer than the preview draws says how much it leaves out.
func TestDiff(t *testing.T) {
	t.Parallel()
	s := uitest.Common(t).Styles
	d := NewDiff("a\nb\nc", "a\nB\nc\nd\n")
	if got := d.Summary(); got != "+2 −1 lines" {
		t.Errorf("Summary = %q", got)
	}
	got := ansi.Strip(strings.Join(d.Lines(s, 2, 40), "\n"))
	if want := "  @@ line 1 @@\n    a\n  − b\n  + B\n    c\n  + d"; got != want {
		t.Errorf("Lines =\n%s\nwant\n%s", got, want)
	}
	if NewDiff("same", "same\n").Summary() != "+0 −0 lines" {
		t.Error("a final newline reads as a change")
	}
	var long strings.Builder
	for i := range maxDiffLines + 500 {
		fmt.Fprintf(&long, "line %d\n", i)
	}
	lines := NewDiff("", long.String()).Lines(s, 0, 80)
	last := ansi.Strip(lines[len(lines)-1])
	if len(lines) > maxDiffLines+2 || !strings.Contains(last, "500 more lines of this diff are not shown (+2,500 −0 lines in all)") {
		t.Errorf("%d lines drawn, last %q", len(lines), last)
	}
}
