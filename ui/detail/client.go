package detail

import (
	"context"

	"rdash/api"
	"rdash/ui/common"
)

// Client is the part of the API client the detail screen uses: the
// whole version, its download URL, and the names of its dependencies. *api.Client satisfies it.
type Client interface {
	GetVersion(ctx context.Context, projectID, versionID string) (*api.Version, *api.Response, error)
	common.DownloadURLer
	// For the names of the dependencies (GET /versions/{versionId}, and
	// the user's projects): the interface has no project by ID.
	GetVersionByID(ctx context.Context, versionID string) (*api.Version, *api.Response, error)
	ListUserProjects(ctx context.Context, userID string) ([]api.Project, *api.Response, error)
}
