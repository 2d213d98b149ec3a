package ui

import (
	"strings"
	"testing"

	"rdash/auth"
	"rdash/ui/account"
	"rdash/ui/internal/uitest"
	"rdash/ui/invitations"
	"rdash/ui/picker"
)

// statusLine is the line above the footer.
func statusLine(d *uitest.Driver) string {
	l := lines(d.Screen())
	return l[len(l)-2]
}

// TestStatusStaysWithItsScreen: an invitation refused shows on the
// invitations screen, and neither on the picker the user goes back to nor
// on the account screen opened from there.
func TestStatusStaysWithItsScreen(t *testing.T) {
	t.Parallel()
	sess := uitest.NewSession(t, uitest.SessionOptions{Mode: auth.ModePaste, User: "alice"})
	d, m := startSession(t, sess, "")
	d.WaitForText("YOUR PROJECTS")
	d.Press("i")
	d.WaitFor("the invitations", func() bool { _, ok := m.top().(*invitations.Model); return ok })
	settle(d, m)
	d.Press("n")
	d.Type("dave")
	d.Press("enter", "enter", "enter", "enter")
	d.WaitFor("the refusal on the status line", func() bool {
		return strings.Contains(statusLine(d), "✗ inviting dave to emberforge")
	})
	settle(d, m)
	d.Press("esc")
	if _, ok := m.top().(*picker.Model); !ok || strings.Contains(statusLine(d), "dave") {
		t.Fatalf("the invitation's error shows on the picker:\n%s", d.Screen())
	}
	d.Press("@")
	d.WaitFor("the account screen", func() bool { _, ok := m.top().(*account.Model); return ok })
	d.WaitForText("Signed in as    alice")
	if strings.Contains(statusLine(d), "dave") {
		t.Fatalf("the invitation's error shows on the account screen:\n%s", d.Screen())
	}
}
