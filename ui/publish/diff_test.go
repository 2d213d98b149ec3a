package publish

import (
	"fmt"
	"strings"
	"testing"

	"rdash/api"
	"rdash/ui/internal/uitest"
)

// TestEditChangelogShowsTheDiff: a changelog changed by an edit shows in
// the preview as the lines it adds and removes, coloured, not as a line
// count; hostile text in the old changelog reaches the terminal clean;
// a long diff scrolls.
func TestEditChangelogShowsTheDiff(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	var log strings.Builder
	log.WriteString("# 7.3.0\n\n- Fixes the \x1b[31mlantern\x1b]52;c;cHduZWQ=\a flicker.\n")
	for i := range 30 {
		fmt.Fprintf(&log, "- Line %d stays.\n", i)
	}
	e := openEditOf(t, c, &api.CreateVersionRequest{Channel: "release", Version: "7.3.0", Name: "Lumen 7.3.0",
		Changelog: log.String(), Files: []string{"a.jar"}, Uploads: []api.Upload{uploadOf("a.jar", "aaaa")}}, 60, 20)
	after := strings.Replace(strings.ReplaceAll(e.m.form.changelog, "stays", "moved"), "# 7.3.0\n", "# 7.3.0 (second try)\n", 1)
	e.m.form.changelog = after
	e.previewed()
	flat := e.flat()
	for _, want := range []string{"Changelog +31 −31 lines", "− # 7.3.0", "+ # 7.3.0 (second try)", "− - Line 0 stays.",
		"more below"} {
		if !strings.Contains(flat, want) {
			t.Errorf("no %q in the preview:\n%s", want, e.d.Screen())
		}
	}
	if strings.Contains(flat, "(31 lines)") || strings.Contains(flat, "33 lines →") {
		t.Errorf("the change is shown as a count:\n%s", e.d.Screen())
	}
	green, red := e.m.common.Styles.Good.Render("+ "), e.m.common.Styles.Bad.Render("− ")
	if !strings.Contains(e.d.Raw(), green) || !strings.Contains(e.d.Raw(), red) {
		t.Error("added and removed lines are not coloured")
	}
	e.check()
	e.d.Press("G")
	if !strings.Contains(e.d.Screen(), "+ - Line 29 moved.") {
		t.Errorf("the diff does not scroll to its end:\n%s", e.d.Screen())
	}
	e.check()
}
