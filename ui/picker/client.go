package picker

import (
	"context"

	"rdash/api"
)

// Client is the part of the API client the picker uses: the user's
// projects, and the first page of a project being opened, which proves
// that it exists. *api.Client satisfies it; tests may pass a fake.
type Client interface {
	ListUserProjects(ctx context.Context, userID string) ([]api.Project, *api.Response, error)
	ListVersions(ctx context.Context, projectID string, opts *api.ListVersionsOptions) ([]api.Version, *api.Response, error)
}
