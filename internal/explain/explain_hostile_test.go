package explain

import (
	"net/http"
	"strings"
	"testing"

	"rdash/api"
	"rdash/internal/safe"
	"rdash/internal/safe/hostile"
)

// Whatever the names in an invitation error hold, the sentence shows no
// escape, control or hidden character.
func TestInvitationHostileNames(t *testing.T) {
	t.Parallel()
	for _, c := range hostile.Cases(t) {
		for _, code := range []int{http.StatusForbidden, http.StatusNotFound, http.StatusConflict} {
			for _, op := range []InvitationOp{OpList, OpSend, OpCancel, OpAccept, OpReject} {
				err := Invitation(op, c.Text, c.Text, &api.Error{StatusCode: code, Method: "GET", Path: "/x"})
				if s := err.Error(); strings.ContainsFunc(s, safe.Hidden) {
					t.Fatalf("%s, %d, op %d: %+q", c.Name, code, op, s)
				}
			}
		}
	}
}
