package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sgr is a mouse event as a terminal in SGR mouse mode (1006) sends it:
// button b at column x, line y of the screen (both from 0 here, from 1 on
// the wire); press, else release.
func sgr(b, x, y int, press bool) string {
	end := "m"
	if press {
		end = "M"
	}
	return fmt.Sprintf("\x1b[<%d;%d;%d%s", b, x+1, y+1, end)
}

// clickAt is a left click (press and release) at x, y.
func clickAt(x, y int) string { return sgr(0, x, y, true) + sgr(0, x, y, false) }

// wheelAt is a notch of the wheel at x, y: down, else up.
func wheelAt(x, y int, down bool) string {
	if down {
		return sgr(65, x, y, true)
	}
	return sgr(64, x, y, true)
}

// lineOf is the screen line holding text.
func lineOf(t *testing.T, screen, text string) int {
	t.Helper()
	for i, l := range strings.Split(screen, "\n") {
		if strings.Contains(l, text) {
			return i
		}
	}
	t.Fatalf("%q is not on screen:\n%s", text, screen)
	return 0
}

// TestMouse runs the real binary with mouse: true in its config and
// sends the bytes a terminal sends for the mouse (tmux passes them to the
// pane as typed): the wheel moves the picker's cursor, a double click
// opens a project, the wheel scrolls a changelog, and a click on a
// column's title sorts the versions by it. With the setting off the same
// bytes do nothing.
func TestMouse(t *testing.T) {
	requireE2E(t)
	for _, on := range []bool{true, false} {
		t.Run(fmt.Sprintf("mouse=%v", on), func(t *testing.T) {
			cfg := filepath.Join(t.TempDir(), "config.yml")
			if err := os.WriteFile(cfg, []byte(fmt.Sprintf("mouse: %v\ntheme: dark\n", on)), 0o600); err != nil {
				t.Fatal(err)
			}
			tm := startTerm(t, 80, 24, []string{"NO_COLOR=1"}, bin, "demo", "--config", cfg)
			s := tm.waitFor("YOUR PROJECTS", "emberforge-core", "@alice")
			y := lineOf(t, s, "emberforge-core")
			tm.typeText(wheelAt(10, y, true))
			if !on {
				tm.typeText(clickAt(10, y) + clickAt(10, y))
				tm.send("?") // a key after the mouse bytes: once it is seen, so were they
				s = tm.waitFor("close help")
				if strings.Contains(s, ">   emberforge-core") || strings.Contains(s, "projects › emberforge-core") {
					t.Fatalf("the mouse worked while off:\n%s", s)
				}
				tm.send("q", "q")
				tm.waitFor("EXIT=0")
				return
			}
			tm.waitFor(">   emberforge-core")
			tm.typeText(clickAt(10, y) + clickAt(10, y))
			tm.waitFor("projects › emberforge-core", "VERSION")
			tm.send("Enter")
			s = tm.waitFor("emberforge-core ›", "## Emberforge Core")
			top := lineOf(t, s, "## Emberforge Core")
			tm.typeText(wheelAt(10, 10, true) + wheelAt(10, 10, true))
			s = tm.waitGone("## Emberforge Core") // scrolled off the top
			if lineOf(t, s, "emberforge-core ›") != 0 || top != 3 {
				t.Fatalf("the heading was on line %d; after the wheel:\n%s", top, s)
			}
			tm.send("Escape") // back to the versions: a click on a column's title sorts by it
			s = tm.waitFor("server order", "DOWNLOADS")
			y = lineOf(t, s, "DOWNLOADS")
			tm.typeText(clickAt(strings.Index(strings.Split(s, "\n")[y], "DOWNLOADS"), y))
			tm.waitFor("1,500 of 1,500", "sort: downloads ↓", "DOWNLOADS ↓")
			tm.send("q")
			tm.waitFor("EXIT=0")
		})
	}
}
