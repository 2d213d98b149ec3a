package api

import (
	"context"
	"errors"
	"fmt"
	"net/http"
)

// Validate checks the request against the rules and limits the interface
// document states, so that nothing is sent when one fails; the rest is
// the server's to judge. Field names are those of the interface
// ("data.version", "data.dependencies[1].version_id", "files[0]" for the
// first Upload).
func (r *CreateVersionRequest) Validate() error {
	if r == nil {
		return invalid("data", "is required")
	}
	files := invalid("data.files", "needs at least one file")
	if len(r.Files) > 0 {
		files = validateFiles(r.Files, r.Uploads, true)
	}
	return firstError(
		validateRequired("data.channel", r.Channel, 0),
		validateRequired("data.version", r.Version, MaxVersionLength),
		validateRequired("data.name", r.Name, MaxNameLength),
		files,
		validatePlatforms("data.platforms", r.Platforms),
		validateDependencies("data.dependencies", r.Dependencies),
	)
}

// Validate checks the request as CreateVersionRequest.Validate does; a
// request that sets no field is refused too, as it would change nothing.
func (r *UpdateVersionRequest) Validate() error {
	if r == nil || r.isEmpty() {
		return invalid("data", "sets no field")
	}
	return firstError(
		validateOptionalLength("data.version", r.Version, MaxVersionLength),
		validateOptionalLength("data.name", r.Name, MaxNameLength),
		validateFiles(r.Files, r.Uploads, false),
		validatePlatforms("data.platforms", r.Platforms),
		validateDependencies("data.dependencies", r.Dependencies),
	)
}

func (r *UpdateVersionRequest) isEmpty() bool {
	return r.Channel == nil && r.Version == nil && r.Name == nil && r.Changelog == nil &&
		r.MinecraftVersions == nil && r.Platforms == nil && r.Dependencies == nil &&
		r.Files == nil && r.Uploads == nil
}

// firstError returns the first of errs that is not nil; the checks are
// cheap, so all of them run, in the order the fields appear in the form.
func firstError(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// CreateVersion publishes a new version from uploaded files and external
// URLs, sent as multipart: a "data" part with the JSON metadata and one part
// per upload keyed by its file name, streamed from Upload.Open. A failure
// marked ErrMaybeApplied (the connection dropped or the context ended
// after the upload began) may still have created it.
// POST /projects/{projectId}/versions
func (c *Client) CreateVersion(ctx context.Context, projectID string, r *CreateVersionRequest) (*Version, *Response, error) {
	if err := validatePathID("projectId", projectID); err != nil {
		return nil, nil, err
	}
	if err := r.Validate(); err != nil {
		return nil, nil, err
	}
	u := c.endpoint("projects", projectID, "versions")
	req, err := c.multipartRequest(ctx, http.MethodPost, u, r, r.Uploads, r.Progress)
	if err != nil {
		return nil, nil, err
	}
	v, resp, err := getOne[Version](ctx, c, req)
	if errors.Is(err, ErrMaybeApplied) {
		// Said in terms of the version, since retrying blindly could make
		// it twice or fail with a conflict.
		err = fmt.Errorf("version %s may or may not exist on the server now: %w", r.Version, err)
	}
	return v, resp, err
}

// UpdateVersion changes one version's metadata and, when Files is set, its
// files; versionID may also be the version string. A failure marked
// ErrMaybeApplied may still have changed it.
// PATCH /projects/{projectId}/versions/{versionId}
func (c *Client) UpdateVersion(ctx context.Context, projectID, versionID string, r *UpdateVersionRequest) (*Version, *Response, error) {
	if err := validatePathID("projectId", projectID); err != nil {
		return nil, nil, err
	}
	if err := validatePathID("versionId", versionID); err != nil {
		return nil, nil, err
	}
	if err := r.Validate(); err != nil {
		return nil, nil, err
	}
	u := c.endpoint("projects", projectID, "versions", versionID)
	req, err := c.multipartRequest(ctx, http.MethodPatch, u, r, r.Uploads, r.Progress)
	if err != nil {
		return nil, nil, err
	}
	v, resp, err := getOne[Version](ctx, c, req)
	if errors.Is(err, ErrMaybeApplied) {
		err = fmt.Errorf("version %s may or may not have been changed on the server: %w", versionID, err)
	}
	return v, resp, err
}
