package invitations

import (
	"context"

	"rdash/api"
)

// Client is the part of the API client the invitations screen uses:
// the signed-in user's projects (whose owners are organizations) and
// the invitations of each organization. *api.Client satisfies it.
type Client interface {
	ListUserProjects(ctx context.Context, userID string) ([]api.Project, *api.Response, error)
	ListInvitations(ctx context.Context, orgID string) ([]api.Invitation, *api.Response, error)
	CreateInvitation(ctx context.Context, orgID string, r *api.InvitationRequest) (*api.Response, error)
	AcceptInvitation(ctx context.Context, orgID, userID string) (*api.Response, error)
	DeleteInvitation(ctx context.Context, orgID, userID string) (*api.Response, error)
}
