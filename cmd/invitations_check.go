package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"

	"rdash/api"
	"rdash/internal/safe"
	"rdash/internal/verify"
)

// checkAction reads the organization's pending invitations after an
// action, whose answer the interface does not show
// (verify.CheckInvitation), and records in a what they show. It returns
// an error when the action did not happen: the invitation accepted,
// rejected or cancelled is still pending.
func (f *Factory) checkAction(ctx context.Context, a *invitationActionJSON) error {
	a.Differences = []string{}
	client, err := f.APIClient(ctx)
	if err != nil {
		a.unchecked = "not checked: " + err.Error()
		return nil
	}
	want := verify.Invitation{Org: a.Org, User: a.User, Pending: a.Action == "sent"}
	if a.Role != nil {
		want.Role = *a.Role
	}
	for _, p := range a.Permissions {
		want.Permissions = append(want.Permissions, api.Permission(p))
	}
	rep := verify.CheckInvitation(ctx, client, want)
	a.Checked, a.Differences, a.unchecked = rep.Checked, nonNilSlice(verify.Texts(rep.Differences)), rep.Unchecked
	if rep.StillPending {
		return errors.New(safe.PlainLine(a.Differences[0]))
	}
	return nil
}

// printInvitationCheck says what the list of invitations showed after an
// action: each difference, or why it could not be read.
func printInvitationCheck(w io.Writer, a invitationActionJSON) {
	printDifferences(w, a.Differences)
	if a.unchecked != "" {
		fmt.Fprintf(w, "  (%s)\n", safe.PlainLine(a.unchecked))
	}
}
