package e2e

import (
	"regexp"
	"testing"
)

// TestBulkEditApplyAndUndo marks three versions, moves them to another
// channel, checks the preview, applies, and undoes from the list.
func TestBulkEditApplyAndUndo(t *testing.T) {
	requireE2E(t)
	tm := startTerm(t, 100, 30, nil, bin, "demo", "--project", "lumen")
	tm.waitFor("projects › lumen", "25 of 25")
	tm.send("Space", "Space", "Space")
	tm.waitFor("3 marked")
	tm.send("e")
	tm.waitFor("Edit 3 versions of lumen", "2.4.0 · 2.4.0-beta.1 · 2.3.1")
	tm.send("Right", "Right")
	tm.waitFor("‹ beta", "1 field set")
	tm.send("Enter")
	screen := tm.waitFor("Preview: 2 versions of lumen", "Left out, already as asked: 2.4.0-beta.1")
	if n := len(regexp.MustCompile(`channel\s+release → beta`).FindAllString(screen, -1)); n != 2 {
		t.Fatalf("preview shows %d release → beta changes, want 2:\n%s", n, screen)
	}
	tm.send("Enter")
	tm.waitFor("Results: 2 versions of lumen", "2 updated")
	tm.send("Escape")
	screen = tm.waitFor("25 of 25", "CHANNEL")
	if !regexp.MustCompile(`2\.3\.1\s+Lumen 2\.3\.1\s+beta`).MatchString(screen) {
		t.Fatalf("the list does not show 2.3.1 in beta after the edit:\n%s", screen)
	}
	tm.send("u")
	tm.waitFor("Undo: restore 2 versions of lumen", "beta → release")
	tm.send("Enter")
	tm.waitFor("2 undone")
	tm.send("Escape")
	tm.waitGone("2 undone")
	screen = tm.waitFor("25 of 25", "CHANNEL")
	if !regexp.MustCompile(`2\.3\.1\s+Lumen 2\.3\.1\s+release`).MatchString(screen) {
		t.Fatalf("the list does not show 2.3.1 back in release after the undo:\n%s", screen)
	}
	tm.send("q")
	tm.waitFor("EXIT=0")
}
