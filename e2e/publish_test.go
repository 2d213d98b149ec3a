package e2e

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestPublishFromTheDashboard publishes a new version of lumen with a file
// typed by path from the versions screen (n), goes through the preview and
// the upload, finds the version in the list, and opens it to see its file.
func TestPublishFromTheDashboard(t *testing.T) {
	requireE2E(t)
	path := filepath.Join(t.TempDir(), "lumen-9.9.1.jar")
	if err := os.WriteFile(path, []byte(strings.Repeat("q", 3072)), 0o600); err != nil {
		t.Fatal(err)
	}
	tm := startTerm(t, 120, 40, nil, bin, "demo", "--project", "lumen")
	tm.waitFor("projects › lumen", "25 of 25", "VERSION")

	tm.send("n")
	// The channel field is filled from the project's versions once read.
	tm.waitFor("New version of lumen", "←/→ channel")
	tm.send("Tab") // channel (the default one) → version
	tm.typeText("9.9.1")
	tm.send("Tab") // → name
	tm.typeText("Lumen 9.9.1 tmux")
	// changelog, game versions, platforms, dependencies: all may stay
	// empty (the channel's), so on to the add-a-file field.
	tm.send("Tab", "Tab", "Tab", "Tab", "Tab")
	tm.waitFor("› Add a file", "ctrl+o pick a file")
	tm.typeText(path)
	tm.send("Enter")
	tm.waitFor("lumen-9.9.1.jar  3.0 KiB primary")
	tm.send("Tab", "Tab") // → the file list → the preview button
	tm.waitFor("enter preview")
	tm.send("Enter")
	screen := tm.waitFor("Publish 9.9.1 to lumen", "enter publishes it")
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`Version\s+9\.9\.1`),
		regexp.MustCompile(`Name\s+Lumen 9\.9\.1 tmux`),
		regexp.MustCompile(`Files\s+lumen-9\.9\.1\.jar uploaded, 3\.0 KiB primary`),
	} {
		if !want.MatchString(screen) {
			t.Fatalf("the preview lacks %s:\n%s", want, screen)
		}
	}
	tm.send("Enter")
	tm.waitFor("1 published")

	tm.send("Escape")
	tm.waitGone("1 published")
	screen = tm.waitFor("VERSION", "Lumen 9.9.1 tmux")
	if !regexp.MustCompile(`9\.9\.1\s+Lumen 9\.9\.1 tmux`).MatchString(screen) {
		t.Fatalf("the list does not show 9.9.1 in a row:\n%s", screen)
	}

	// Search for it so the cursor is on it whatever the order, then open it.
	tm.send("/")
	tm.typeText("9.9.1")
	tm.send("Enter")
	tm.waitFor(`search: “9.9.1”`, "1 of 1", "Lumen 9.9.1 tmux")
	tm.send("Enter")
	tm.waitFor("lumen › 9.9.1", "FILES", "lumen-9.9.1.jar", "3.0 KiB · primary")

	tm.send("q")
	tm.waitFor("EXIT=0")
}
