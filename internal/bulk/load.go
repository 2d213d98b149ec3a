package bulk

import (
	"context"
	"fmt"
	"strings"
	"sync"

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

// loadPages pages through the project until every ID is seen. The first
// page tells how many there are; the rest are read concurrently, at most
// concurrency at once, and no new wave of pages is asked for once every ID
// is seen.
// Without the total (a list that comes without pagination), pages are read
// one after another while the server says there is a next one.
func loadPages(ctx context.Context, c Reader, project string, ids []string) (map[string]api.Version, error) {
	want := map[string]bool{}
	for _, id := range ids {
		want[id] = true
	}
	var mu sync.Mutex
	m := map[string]api.Version{}
	keep := func(vs []api.Version) (all bool) {
		mu.Lock()
		defer mu.Unlock()
		for _, v := range vs {
			if want[v.ID] {
				m[v.ID] = v
			}
		}
		return len(m) == len(want)
	}
	const size = 100
	vs, resp, err := c.ListVersions(ctx, project, &api.ListVersionsOptions{Page: 1, PageSize: size})
	if err != nil {
		return nil, err
	}
	if keep(vs) || resp.NextPage == 0 {
		return m, nil
	}
	if p := resp.Pagination; p == nil || p.Total <= 0 {
		for next := resp.NextPage; next != 0; next = resp.NextPage {
			if vs, resp, err = c.ListVersions(ctx, project, &api.ListVersionsOptions{Page: next, PageSize: size}); err != nil {
				return nil, err
			}
			if keep(vs) {
				break
			}
		}
		return m, nil
	}
	pages := (resp.Pagination.Total + size - 1) / size
	// In waves of concurrency pages, so that which pages are read depends
	// on the data only, never on timing (the sandbox's seeded faults then
	// meet the same requests on every run).
	for first := 2; first <= pages; first += concurrency {
		g, gctx := errgroup.WithContext(ctx)
		all := false
		for page := first; page < first+concurrency && page <= pages; page++ {
			g.Go(func() error {
				vs, _, err := c.ListVersions(gctx, project, &api.ListVersionsOptions{Page: page, PageSize: size})
				if err != nil {
					return err
				}
				if keep(vs) {
					mu.Lock()
					all = true
					mu.Unlock()
				}
				return nil
			})
		}
		if err := g.Wait(); err != nil {
			return nil, err
		}
		if all {
			break
		}
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
