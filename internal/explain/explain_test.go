package explain

import (
	"errors"
	"net/http"
	"strings"
	"testing"

	"rdash/api"
)

func TestInvitation(t *testing.T) {
	t.Parallel()
	status := func(code int) error { return &api.Error{StatusCode: code, Method: "GET", Path: "/x"} }
	tests := []struct {
		name string
		op   InvitationOp
		org  string
		err  error
		want string
	}{
		{"list forbidden", OpList, "emberforge", status(http.StatusForbidden), "needs the owner or a member with the MEMBER_CREATE permission"},
		{"accept forbidden", OpAccept, "emberforge", status(http.StatusForbidden), "only the invited user can accept"},
		{"reject not found", OpReject, "emberforge", status(http.StatusNotFound), "no pending invitation for you (dave) in emberforge"},
		{"cancel not found", OpCancel, "emberforge", status(http.StatusNotFound), "no pending invitation for dave in emberforge"},
		{"send conflict", OpSend, "emberforge", status(http.StatusConflict), "dave already has a pending invitation to emberforge"},
		{"escapes stripped", OpList, "ember\x1b[31mforge\x07", status(http.StatusNotFound), "no organization emberforge"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			err := Invitation(tt.op, tt.org, "dave", tt.err)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Invitation = %v, want it to contain %q", err, tt.want)
			}
			if !errors.Is(err, tt.err) {
				t.Fatal("the explained error no longer reaches the API error")
			}
		})
	}
}

func TestInvitationPassesOtherErrors(t *testing.T) {
	t.Parallel()
	boom := errors.New("boom")
	if got := Invitation(OpList, "o", "", boom); got != boom {
		t.Fatalf("Invitation changed an unrelated error: %v", got)
	}
	if Invitation(OpList, "o", "", nil) != nil {
		t.Fatal("Invitation(nil) is not nil")
	}
}
