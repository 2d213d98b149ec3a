package e2e

import (
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// TestCopyInsideTmux: tmux's default set-clipboard external drops the
// OSC 52 a copy sends, so inside tmux rdash loads tmux's buffer too, and
// says so only when that worked.
func TestCopyInsideTmux(t *testing.T) {
	requireE2E(t)
	tm := startTerm(t, 120, 30, nil, bin, "demo", "--project", "lumen")
	tm.waitFor("projects › lumen", "VERSION")
	tm.send("Enter") // the detail shows the version's ID
	screen := tm.waitFor("projects › lumen ›", "ID")
	m := regexp.MustCompile(`ID\s+(\S+)`).FindStringSubmatch(screen)
	if m == nil {
		t.Fatalf("no ID on the detail:\n%s", screen)
	}
	tm.send("y")
	tm.waitFor("to tmux's buffer")
	out, err := exec.Command("tmux", "-L", tm.sock, "show-buffer").Output()
	if err != nil {
		t.Fatalf("show-buffer: %v", err)
	}
	if got := strings.TrimSpace(string(out)); got != m[1] {
		t.Fatalf("tmux's buffer holds %q, want the ID %q", got, m[1])
	}
	tm.send("q")
	tm.waitFor("EXIT=0")
}
