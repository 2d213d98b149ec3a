package versions

import (
	"context"

	"rdash/api"
	"rdash/ui/common"
)

// Client is the part of the API client the versions screen uses: pages
// of versions, and download URLs. *api.Client satisfies it.
type Client interface {
	ListVersions(ctx context.Context, projectID string, opts *api.ListVersionsOptions) ([]api.Version, *api.Response, error)
	common.DownloadURLer
}
