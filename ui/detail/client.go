package detail

import (
	"context"

	"rdash/api"
	"rdash/ui/common"
)

// Client is the part of the API client the detail screen uses: the
// whole version, and its download URL. *api.Client satisfies it.
type Client interface {
	GetVersion(ctx context.Context, projectID, versionID string) (*api.Version, *api.Response, error)
	common.DownloadURLer
}
