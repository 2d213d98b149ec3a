package e2e

import "testing"

// TestDashboardBrowse opens a project from the picker, pages forward,
// filters by channel and by text, opens a changelog, goes back and quits.
func TestDashboardBrowse(t *testing.T) {
	requireE2E(t)
	tm := startTerm(t, 100, 30, nil, bin, "demo")
	tm.waitFor("YOUR PROJECTS", "emberforge-core", "@alice")

	tm.send("/")
	tm.typeText("emberforge-core")
	tm.send("Enter")
	// The picker hands over page 1, and the screen asks for page 2 at once.
	tm.waitFor("projects › emberforge-core", "100 of 1,500", "page 2")

	tm.send("G") // the bottom of the loaded rows fetches the next page
	tm.waitFor("150 of 1,500", "page 3")

	tm.send("c")
	tm.waitFor("Show channels", "[ ] beta")
	tm.send("j", "Space", "Enter")
	tm.waitFor("channel: beta", "of 383")

	tm.send("/")
	tm.typeText("6.18")
	tm.send("Enter")
	tm.waitFor(`search: “6.18”`, "8 of 8", "6.18.5-beta.9")

	tm.send("Enter")
	tm.waitFor("emberforge-core › 6.18.7-beta.1", "## Emberforge Core 6.18.7-beta.1", "FILES", "DEPENDENCIES")

	tm.send("Escape")
	tm.waitFor("8 of 8", "CHANNEL")
	tm.waitGone("DEPENDENCIES")

	tm.send("q")
	tm.waitFor("EXIT=0")
}

// TestDashboardSmallTerminal checks the 80x24 layout holds together with
// the project whose changelogs carry hostile bytes.
func TestDashboardSmallTerminal(t *testing.T) {
	requireE2E(t)
	tm := startTerm(t, 80, 24, nil, bin, "demo", "--project", "lumen")
	tm.waitFor("projects › lumen", "VERSION")
	tm.send("Enter")
	tm.waitFor("projects › lumen ›")
	tm.send("q")
	tm.waitFor("EXIT=0")
}
