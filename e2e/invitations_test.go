package e2e

import "testing"

// TestInvitations signs in as the seeded invitee to accept one invitation
// and reject another, then as an admin to cancel one and send one.
func TestInvitations(t *testing.T) {
	requireE2E(t)
	t.Run("invitee accepts and rejects", func(t *testing.T) {
		tm := startTerm(t, 100, 30, nil, bin, "demo", "--as", "dave")
		tm.waitFor("@dave", "i invitations")
		tm.send("i")
		tm.waitFor("ORGANIZATIONS")
		tm.send("o")
		tm.typeText("emberforge")
		tm.send("Enter")
		tm.waitFor("you may have an invitation here")
		tm.send("a")
		tm.waitFor("Accept")
		tm.send("y")
		tm.waitFor("accepted: answered with success; not checked: you may not list its invitations")
		tm.send("o")
		tm.typeText("quartz")
		tm.send("Enter")
		tm.waitFor("quartz")
		tm.send("x")
		tm.waitFor("Reject")
		tm.send("y")
		tm.waitFor("rejected: answered with success; not checked: you may not list its invitations")
		tm.send("Escape")
		tm.waitFor("type a slug or ID to open any project")
		tm.send("q")
		tm.waitFor("EXIT=0")
	})
	t.Run("admin cancels and invites", func(t *testing.T) {
		tm := startTerm(t, 100, 30, nil, bin, "demo", "--as", "alice")
		tm.waitFor("@alice", "YOUR PROJECTS")
		tm.send("i")
		tm.waitFor("you manage invitations · 1 pending", "dave")
		tm.send("j", "x")
		tm.waitFor("Cancel")
		tm.send("y")
		tm.waitFor("cancelled: dave's invitation is no longer pending")
		tm.send("n")
		tm.typeText("erin")
		tm.send("Enter", "Enter", "Enter", "Enter")
		tm.waitFor("sent: erin's invitation to emberforge is pending, as sent", "erin")
		tm.send("q")
		tm.waitFor("EXIT=0")
	})
}
