package cmd

import (
	"slices"
	"strings"
	"testing"

	"rdash/internal/verify/verifytest"
)

// TestUpdateFollowUpAtATerminal: versions update against a server that
// reads data.files as additions offers the follow-up at a terminal,
// through the Factory's Prompter. A no sends nothing more; a yes sends
// it and reports what the server holds then: the file kept again, and
// that only the service itself can remove it.
func TestUpdateFollowUpAtATerminal(t *testing.T) {
	t.Parallel()
	args := []string{"versions", "update", "lumen", "1.3.0", "--remove-file", "lumen-1.3.0-sources.jar", "--yes"}
	for _, yes := range []bool{false, true} {
		c := behindChoice(t, "alice", verifytest.AdditionsFiles)
		p := &fakePrompter{yes: yes}
		r := c.runAt(p, args...)
		wantExit(t, r, ExitOK, "! the server kept lumen-1.3.0-sources.jar, which this update removes",
			"follow-up: data.files = lumen-1.3.0-sources.jar")
		if q := p.questions(); !slices.Equal(q, []string{"Send the follow-up?"}) {
			t.Fatalf("asked %q", q)
		}
		if n := writes(c); n != map[bool]int{false: 1, true: 2}[yes] {
			t.Errorf("answered %v: %d writes sent", yes, n)
		}
		if !yes {
			wantExit(t, r, ExitOK, "The follow-up was not sent.")
			continue
		}
		wantExit(t, r, ExitOK, "The server kept lumen-1.3.0-sources.jar again",
			"remove lumen-1.3.0-sources.jar on the service itself")
		if strings.Contains(r.err, "The follow-up did it") {
			t.Errorf("says the follow-up did it, yet the server kept the file:\n%s", r.err)
		}
		if _, kept := heldFiles(t, c, "1.3.0")["lumen-1.3.0-sources.jar"]; !kept {
			t.Fatalf("the server does not hold the file it kept")
		}
	}
}

// TestUpdateFollowUpThatWorks: against a server that makes the last file
// listed primary, a yes to the follow-up makes the file primary, and
// rdash says it did, as the server's answer shows.
func TestUpdateFollowUpThatWorks(t *testing.T) {
	t.Parallel()
	c := behindChoice(t, "alice", verifytest.PrimaryLast)
	const url = "https://cdn.example.org/lumen-1.3.0-fabric.jar"
	r := c.runAt(&fakePrompter{yes: true}, "versions", "update", "lumen", "1.3.0", "--url", url,
		"--primary", "lumen-1.3.0-sources.jar", "--yes")
	wantExit(t, r, ExitOK, "This server made the last file listed primary",
		"The follow-up did it: the server holds the files as asked.")
	if files := heldFiles(t, c, "1.3.0"); !files["lumen-1.3.0-sources.jar"] || len(files) != 3 {
		t.Fatalf("the server holds %v", files)
	}
}
