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

// TestInvitationNotFoundInTheServersWords: the interface answers 404 for
// a missing organization and a missing user alike; when the server's
// message names which, the sentence says it, in the server's words.
func TestInvitationNotFoundInTheServersWords(t *testing.T) {
	t.Parallel()
	nf := func(msg string) error {
		return &api.Error{StatusCode: http.StatusNotFound, Method: "POST", Path: "/x", Message: msg}
	}
	for _, tt := range []struct {
		op   InvitationOp
		msg  string
		want string
	}{
		{OpSend, `no organization "stonecraft"`, `there is no organization stonecraft (the server: no organization "stonecraft")`},
		{OpSend, `invitee: no user "nobody"`, `there is no user nobody to invite (the server: invitee: no user "nobody")`},
		{OpCancel, `no organization "stonecraft"`, `there is no organization stonecraft`},
		{OpSend, "Not Found", "no organization stonecraft, or no user nobody"},
		{OpSend, "stonecraft has no nobody", "no organization stonecraft, or no user nobody"}, // names both: which is not said
	} {
		if got := Invitation(tt.op, "stonecraft", "nobody", nf(tt.msg)).Error(); !strings.HasPrefix(got, tt.want) {
			t.Errorf("op %d, %q: %q, want %q", tt.op, tt.msg, got, tt.want)
		}
	}
}

// TestShort: a long name is shown by its start and its length.
func TestShort(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("é", 10_000)
	got := Short(long)
	if !strings.HasSuffix(got, "… (10,000 characters)") || len([]rune(got)) > 110 {
		t.Errorf("Short = %q", got)
	}
	if Short("lumen") != "lumen" {
		t.Error("a short name was changed")
	}
}
