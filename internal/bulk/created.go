package bulk

import (
	"context"
	"fmt"

	"rdash/api"
	"rdash/internal/verify"
)

// Getter reads one version.
type Getter interface {
	GetVersion(ctx context.Context, projectID, versionID string) (*api.Version, *api.Response, error)
}

// Created is the version a create made, as its answer (v, err) shows it:
// an answer that shows no version (a success with no body, {}, data
// null, which the interface allows; or one a client decoded as no
// version and no error) is the version read by its version string. Any
// other failure is err as it is; never a nil version with no error.
func Created(ctx context.Context, c Getter, project string, r *api.CreateVersionRequest, v *api.Version, err error) (*api.Version, error) {
	if !shownNothing(v, err) {
		return v, err
	}
	if again, _, gerr := c.GetVersion(ctx, project, r.Version); gerr == nil && again.Version == r.Version {
		return again, nil
	}
	if err == nil {
		err = fmt.Errorf("version %s: the server answered the create without showing the version, and it could not be read "+
			"by its version string: %w", r.Version, api.ErrMaybeApplied)
	}
	return nil, err
}

// CheckCreated compares the version v the server answered a create with
// the request (verify.Created), and where they differ reads it again,
// since an answer may describe another moment: it returns the version as
// the server holds it, and the differences in words.
func CheckCreated(ctx context.Context, c Getter, project string, r *api.CreateVersionRequest, plan []verify.File,
	v *api.Version) (*api.Version, []verify.Difference) {
	const op = "this publish"
	ds := verify.Created(op, r, plan, *v)
	if len(ds) == 0 {
		return v, nil
	}
	if again, _, err := c.GetVersion(ctx, project, v.ID); err == nil {
		return again, verify.Created(op, r, plan, *again)
	}
	return v, ds
}
