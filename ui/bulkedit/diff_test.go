package bulkedit

import (
	"strings"
	"testing"

	"rdash/ui/internal/uitest"
)

// TestChangelogPreviewIsADiff: a changelog set on several versions shows
// in the preview, for each version, as the lines it adds and removes,
// coloured and scrollable, not as a line count.
func TestChangelogPreviewIsADiff(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	e := openEdit(t, c, "lumen", byVersion(t, c, "lumen", "2.4.0", "1.3.1"), 80, 24)
	e.choose(target{field: fieldChangelog}, "set to")
	e.focus(target{field: fieldChangelog, part: partText})
	e.d.Press("enter")
	e.d.Type("# Lumen 2.4.0\n\nOne line for all.")
	e.d.Press("esc")
	e.preview()
	flat := e.flat()
	for _, want := range []string{"changelog +1 −20 lines", "@@ line 1 @@ # Lumen 2.4.0", "− ## New"} {
		if !strings.Contains(flat, want) {
			t.Errorf("no %q in the preview:\n%s", want, e.d.Screen())
		}
	}
	if strings.Contains(flat, " lines) → ") || strings.Contains(flat, "(1 lines)") {
		t.Errorf("the change is shown as a count:\n%s", e.d.Screen())
	}
	if !strings.Contains(e.d.Raw(), e.m.common.Styles.Bad.Render("− ")) {
		t.Error("removed lines are not coloured")
	}
	e.check()
	e.d.Press("G")
	// 1.3.1's changelog is hostile (escapes, OSC 52): its diff reaches the
	// terminal clean.
	if s := e.d.Screen(); !strings.Contains(s, "+ One line for all.") || !strings.Contains(s, "1.3.1") {
		t.Errorf("the diff does not scroll to its end:\n%s", s)
	}
	if !strings.Contains(e.d.Raw(), e.m.common.Styles.Good.Render("+ ")) {
		t.Error("added lines are not coloured")
	}
	e.check()
}

// TestCountsReadAsWords: one line is "1 line", one character "1
// character", and counts are grouped as the rest of the dashboard writes
// them ("1,200 lines").
func TestCountsReadAsWords(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("a line of the changelog\n", 1200)
	for _, tt := range []struct{ got, want string }{
		{changelogSummary("x"), "1 line, 1 character"},
		{changelogSummary(long), "1,200 lines, 28,800 characters"},
		{shown("changelog", "one\ntwo"), "“one” (2 lines)"},
		{shown("changelog", long), "“a line of the changelog” (1,200 lines)"},
	} {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}
