package cmd

import (
	"net/http"
	"strings"
	"testing"

	"rdash/api/sandbox"
	"rdash/internal/verify/verifytest"
)

// TestAcceptSaysOnlyWhatTheServerShows: the interface leaves the effect
// of an accept on membership unstated, so the plan and the result claim
// none. Where the pending invitations can be read after it, the result
// says the invitation is no longer pending; where they cannot (an
// invitee without MEMBER_CREATE), that the server answered with success,
// and that it was not checked.
func TestAcceptSaysOnlyWhatTheServerShows(t *testing.T) {
	t.Parallel()
	const effect = "the interface does not say what membership this gives"
	dave := newCLI(t, "dave", sandbox.Options{})
	plan := dave.run("", "invitations", "accept", "emberforge")
	if !strings.Contains(plan.out, "will accept the invitation to emberforge, as usrDave0 (what membership it gives, the interface does not say)") {
		t.Errorf("the plan:\n%s", plan.out)
	}
	r := dave.run("", "invitations", "accept", "emberforge", "--yes")
	wantExit(t, r, ExitOK, "accepted: the server answered the acceptance of the invitation to emberforge with success; "+effect,
		"(not checked: only a member with MEMBER_CREATE may list emberforge's invitations)")

	var admin string
	readable := newCLIBehind(t, "dave", sandbox.Options{}, func(h http.Handler) http.Handler {
		return verifytest.ListsInvitationsAs(func() string { return admin })(h, sandbox.APIPrefix)
	})
	admin, _ = readable.srv.MintToken("alice", "org:member:create")
	r = readable.run("", "invitations", "accept", "emberforge", "--yes")
	wantExit(t, r, ExitOK, "accepted: the invitation to emberforge is no longer pending; "+effect)
	for _, said := range []string{plan.out, r.err, dave.run("", "invitations", "accept", "--help").out} {
		if strings.Contains(said, "member of") || strings.Contains(said, "become a member") {
			t.Errorf("claims a membership the interface does not state:\n%s", said)
		}
	}
}
