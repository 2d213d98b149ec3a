package ui

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"rdash/ui/internal/uitest"
)

// Without colour (TERM=dumb, TERM unset, NO_COLOR), reverse video is all
// the cursor has, and a terminal may not show it: every list and form
// marks its cursor or focus with ">" or "›" as well. Each step is a
// golden of the whole dashboard, and names the line that must carry the
// marker.
func TestNoColorMarksTheCursor(t *testing.T) {
	t.Parallel()
	cfg := uitest.Config()
	cfg.Env.DumbTerminal = true
	cfg.Env.StateDir = t.TempDir()
	d, m := start(t, setup{project: "lumen", config: cfg})
	ready(d, m, "lumen")
	settle(d, m)
	step := func(name string, marked *regexp.Regexp) {
		t.Helper()
		settle(d, m)
		if !marked.MatchString(d.Screen()) {
			t.Errorf("%s: no line matches %s:\n%s", name, marked, d.Screen())
		}
		uitest.RequireFits(t, d.Screen(), 80, 24)
		t.Run(name, func(t *testing.T) { golden.RequireEqual(t, d.Screen()) })
	}

	step("versions", regexp.MustCompile(`(?m)^> 2\.4\.0 `))
	d.Press("space")
	step("versions-marked", regexp.MustCompile(`(?m)^> 2\.4\.0-beta\.1 `))
	d.Press("k")
	step("versions-cursor-on-a-mark", regexp.MustCompile(`(?m)^>●2\.4\.0 `))
	d.Press("A", "c")
	step("channels", regexp.MustCompile(`(?m)^> \[ \] `))
	d.Press("esc", "space", "e") // marked: e bulk edits
	d.WaitForText("Edit 1 version of lumen")
	step("bulk-form", regexp.MustCompile(`(?m)^› Channel +> keep +<`))
	d.Press("down", "down", "down", "down", "right", "down")
	step("bulk-form-platforms", regexp.MustCompile(`(?m)^› +>\[ \] bukkit`))
	d.Press("esc", "esc")
	d.WaitForText("25 of 25")
	d.Press("A", "k")

	path := filepath.Join(t.TempDir(), "lumen-9.3.0.jar")
	if err := os.WriteFile(path, []byte("jar"), 0o600); err != nil {
		t.Fatal(err)
	}
	d.Press("n")
	d.WaitForText("New version of lumen")
	d.WaitForText("release")
	step("publish-form", regexp.MustCompile(`(?m)^› Channel`))
	d.Press("esc")
	d.WaitForText("25 of 25")

	d.Press("d")
	d.WaitForText("Into")
	step("download", regexp.MustCompile(`(?m)^ *> \S+\.jar`))
	d.Press("esc", "esc", "j")
	step("picker", regexp.MustCompile(`(?m)^> +emberforge-core`))
	d.Press("i")
	d.WaitForText("you manage invitations")
	step("invitations", regexp.MustCompile(`(?m)^› emberforge`))
	d.Press("j", "x")
	d.WaitForText("Cancel it")
	step("invitations-confirm", regexp.MustCompile(`> No`))
}

// Without colour, the question before a bulk edit marks its focused
// button, and the delete count its field.
func TestNoColorMarksTheQuestion(t *testing.T) {
	t.Parallel()
	cfg := uitest.Config()
	cfg.Env.DumbTerminal = true
	cfg.Env.StateDir = t.TempDir()
	d, m := start(t, setup{project: "lumen", config: cfg})
	ready(d, m, "lumen")
	settle(d, m)
	d.Press("shift+down", "shift+down", "shift+down", "shift+down", "shift+down", "shift+down", "e")
	d.WaitForText("Edit 6 versions of lumen")
	settle(d, m)
	d.Press("right", "right", "right", "enter") // snapshot: none of the six is, so six change
	d.WaitForText("enter applies")
	settle(d, m)
	d.Press("enter")
	if !regexp.MustCompile(`(?m)^> \[ Cancel \]`).MatchString(d.Screen()) {
		t.Errorf("the question's focused button is not marked:\n%s", d.Screen())
	}
	uitest.RequireFits(t, d.Screen(), 80, 24)
	t.Run("question", func(t *testing.T) { golden.RequireEqual(t, d.Screen()) })
	d.Press("right")
	if !regexp.MustCompile(`(?m)^  \[ Cancel \] > \[ `).MatchString(d.Screen()) {
		t.Errorf("the question's other button is not marked once chosen:\n%s", d.Screen())
	}
}
