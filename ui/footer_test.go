package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"rdash/ui/internal/uitest"
)

// The footer shows whole hints, most used first, and ends in "? more"
// when some did not fit; at 80 columns the picker's fit, the invitations
// and the account included (they were cut behind "…" and left out).
func TestFooterShowsWholeHints(t *testing.T) {
	t.Parallel()
	sess := uitest.NewSession(t, uitest.SessionOptions{User: "alice"})
	d, m := startSession(t, sess, "")
	d.WaitForText("YOUR PROJECTS")
	settle(d, m)
	footer := func() string { l := lines(d.Screen()); return l[len(l)-1] }
	if got, want := footer(), "enter open • / filter • p pin • i invitations • @ account • q quit • ? help"; got != want {
		t.Fatalf("footer at 80 columns = %q, want %q", got, want)
	}
	d.Send(tea.WindowSizeMsg{Width: 60, Height: 20})
	if got, want := footer(), "enter open • / filter • p pin • i invitations • ? more"; got != want {
		t.Fatalf("footer at 60 columns = %q, want %q", got, want)
	}
	d.Press("j", "p")
	d.WaitFor("the pin", func() bool { return strings.HasPrefix(footer(), "enter open • / filter • p unpin") })
}
