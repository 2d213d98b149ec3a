package bulk

import (
	"context"
	"fmt"
	"strings"

	"golang.org/x/sync/errgroup"

	"rdash/api"
)

// Reader is the part of the API client that Load uses.
type Reader interface {
	ListVersions(ctx context.Context, projectID string, opts *api.ListVersionsOptions) ([]api.Version, *api.Response, error)
	GetVersion(ctx context.Context, projectID, versionID string) (*api.Version, *api.Response, error)
}

// fetchOneByOne is the most IDs read one request each; past it, paging
// through the project costs fewer requests.
const fetchOneByOne = 20

// Load reads the current values of the versions with the given IDs, in the
// order given, so a preview and the journal start from the truth rather
// than from a screen that may be stale. An unknown ID is an error naming
// it, before anything is sent.
func Load(ctx context.Context, c Reader, project string, ids []string) ([]api.Version, error) {
	found, missing, err := LoadSome(ctx, c, project, ids)
	if err != nil {
		return nil, err
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("%s; nothing was changed", missingText(missing, project))
	}
	return found, nil
}

// LoadSome is Load that reports unknown IDs instead of failing: an undo
// goes on without versions deleted since the edit.
func LoadSome(ctx context.Context, c Reader, project string, ids []string) (found []api.Version, missing []string, err error) {
	var byID map[string]api.Version
	if len(ids) <= fetchOneByOne {
		byID, err = loadEach(ctx, c, project, ids)
	} else {
		byID, err = loadPages(ctx, c, project, ids)
	}
	if err != nil {
		return nil, nil, err
	}
	found = make([]api.Version, 0, len(ids))
	for _, id := range ids {
		if v, ok := byID[id]; ok {
			found = append(found, v)
		} else {
			missing = append(missing, id)
		}
	}
	return found, missing, nil
}

func loadEach(ctx context.Context, c Reader, project string, ids []string) (map[string]api.Version, error) {
	vs := make([]*api.Version, len(ids))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(concurrency)
	for i, id := range ids {
		g.Go(func() error {
			v, _, err := c.GetVersion(gctx, project, id)
			if err != nil && !isNotFound(err) {
				return err
			}
			vs[i] = v
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	m := map[string]api.Version{}
	for _, v := range vs {
		if v != nil {
			m[v.ID] = *v
		}
	}
	return m, nil
}

// loadPages pages through the project until every ID is seen.
func loadPages(ctx context.Context, c Reader, project string, ids []string) (map[string]api.Version, error) {
	want := map[string]bool{}
	for _, id := range ids {
		want[id] = true
	}
	m := map[string]api.Version{}
	opts := &api.ListVersionsOptions{Page: 1, PageSize: 100}
	for len(m) < len(want) {
		vs, resp, err := c.ListVersions(ctx, project, opts)
		if err != nil {
			return nil, err
		}
		for _, v := range vs {
			if want[v.ID] {
				m[v.ID] = v
			}
		}
		if resp.NextPage == 0 {
			break
		}
		opts.Page = resp.NextPage
	}
	return m, nil
}

// namedAtMost is how many unknown IDs an error names; past it, it counts
// them, so ten thousand wrong IDs make one short line.
const namedAtMost = 5

func missingText(missing []string, project string) string {
	if len(missing) <= namedAtMost {
		return fmt.Sprintf("no version %s in project %s", strings.Join(missing, ", "), project)
	}
	return fmt.Sprintf("%d of the IDs are of no version in project %s (the first: %s, …)",
		len(missing), project, strings.Join(missing[:namedAtMost], ", "))
}
