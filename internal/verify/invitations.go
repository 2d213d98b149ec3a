package verify

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"rdash/api"
)

// InvitationLister lists an organization's pending invitations.
type InvitationLister interface {
	ListInvitations(ctx context.Context, orgID string) ([]api.Invitation, *api.Response, error)
}

// Invitation is what an invitation action meant: after a send, the
// invitation pending with its role and permissions; after an accept, a
// reject or a cancel, no invitation pending.
type Invitation struct {
	Org         string
	User        string // the invitee, by username or ID
	Pending     bool
	Role        string
	Permissions []api.Permission
}

// InvitationReport is what the list of pending invitations shows after
// an action.
type InvitationReport struct {
	// Checked says the list was read; Unchecked says why not.
	Checked     bool
	Unchecked   string
	Differences []Difference
	// StillPending says an invitation accepted, rejected or cancelled is
	// still listed: the action did not happen, whatever the answer said.
	StillPending bool
}

// CheckInvitation reads the organization's pending invitations after an
// action, whose answer the interface does not show, and compares them
// with what the action meant. Listing them needs MEMBER_CREATE in the
// organization, which an invitee seldom has: then nothing is checked,
// and the report says why.
func CheckInvitation(ctx context.Context, c InvitationLister, want Invitation) InvitationReport {
	list, _, err := c.ListInvitations(ctx, want.Org)
	switch {
	case errors.Is(err, api.ErrForbidden), errors.Is(err, api.ErrUnauthorized):
		return InvitationReport{Unchecked: fmt.Sprintf("not checked: only a member with MEMBER_CREATE may list %s's invitations", cut(want.Org))}
	case err != nil:
		return InvitationReport{Unchecked: fmt.Sprintf("not checked: listing %s's invitations failed (%v)", cut(want.Org), err)}
	}
	return compareInvitation(want, list)
}

func compareInvitation(want Invitation, list []api.Invitation) InvitationReport {
	r := InvitationReport{Checked: true}
	i := slices.IndexFunc(list, func(inv api.Invitation) bool { return inv.ID == want.User || inv.Username == want.User })
	of := fmt.Sprintf("the invitation of %s to %s", cut(want.User), cut(want.Org))
	say := func(field, format string, a ...any) {
		r.Differences = append(r.Differences, Difference{field, fmt.Sprintf(format, a...)})
	}
	switch {
	case !want.Pending && i >= 0:
		r.StillPending = true
		say("invitation", "the server still lists %s as pending", of)
	case want.Pending && i < 0:
		say("invitation", "the server does not list %s after sending it", of)
	case want.Pending:
		got := list[i]
		if got.MemberRole != want.Role {
			say("role", "the server's invitation gives the role %s, not %s as sent", quote(got.MemberRole), quote(want.Role))
		}
		for _, p := range want.Permissions {
			if !slices.Contains(got.Permissions, p) {
				say("permissions", "the server's invitation lacks the permission %s, which was sent", cut(string(p)))
			}
		}
		for _, p := range got.Permissions {
			if !slices.Contains(want.Permissions, p) {
				say("permissions", "the server's invitation gives the permission %s, which was not sent", cut(string(p)))
			}
		}
	}
	return r
}
