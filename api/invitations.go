package api

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
)

// Validate checks the invitation before it is sent: the invitee is
// required. Role and permissions are the server's to judge: the document
// shows neither their allowed values nor their limits.
func (r *InvitationRequest) Validate() error {
	if r == nil {
		return invalid("invitee", "is required")
	}
	return validateRequired("invitee", r.Invitee, 0)
}

// ListInvitations lists an organization's pending invitations, every page
// of them; the caller needs MEMBER_CREATE in it. GET /orgs/{orgId}/invitations
func (c *Client) ListInvitations(ctx context.Context, orgID string) ([]Invitation, *Response, error) {
	if err := validatePathID("orgId", orgID); err != nil {
		return nil, nil, err
	}
	return getAll[Invitation](ctx, c, c.endpoint("orgs", orgID, "invitations"), func(x Invitation) string { return x.ID })
}

// CreateInvitation invites a user to an organization with a role and
// permissions. POST /orgs/{orgId}/invitations
func (c *Client) CreateInvitation(ctx context.Context, orgID string, r *InvitationRequest) (*Response, error) {
	if err := validatePathID("orgId", orgID); err != nil {
		return nil, err
	}
	if err := r.Validate(); err != nil {
		return nil, err
	}
	body := *r
	if body.Permissions == nil {
		body.Permissions = []Permission{} // the interface's default, sent rather than null
	}
	b, err := json.Marshal(body)
	if err != nil {
		return nil, err
	}
	req, err := c.newRequest(ctx, http.MethodPost, c.endpoint("orgs", orgID, "invitations"), bytes.NewReader(b), "application/json")
	if err != nil {
		return nil, err
	}
	return c.doNoContent(ctx, req)
}

// AcceptInvitation accepts the caller's own invitation; userID must be the
// caller's username or ID. PATCH /orgs/{orgId}/invitations/{userId}
func (c *Client) AcceptInvitation(ctx context.Context, orgID, userID string) (*Response, error) {
	return c.invitationChange(ctx, http.MethodPatch, orgID, userID)
}

// DeleteInvitation cancels an invitation (an admin with MEMBER_CREATE) or
// rejects it (the invited user). DELETE /orgs/{orgId}/invitations/{userId}
func (c *Client) DeleteInvitation(ctx context.Context, orgID, userID string) (*Response, error) {
	return c.invitationChange(ctx, http.MethodDelete, orgID, userID)
}

func (c *Client) invitationChange(ctx context.Context, method, orgID, userID string) (*Response, error) {
	if err := validatePathID("orgId", orgID); err != nil {
		return nil, err
	}
	if err := validatePathID("userId", userID); err != nil {
		return nil, err
	}
	req, err := c.newRequest(ctx, method, c.endpoint("orgs", orgID, "invitations", userID), nil, "")
	if err != nil {
		return nil, err
	}
	return c.doNoContent(ctx, req)
}
