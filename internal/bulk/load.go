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

// loadPages pages through the project until every ID is seen, with at most
// concurrency reads in flight, the next page asked for as soon as a read
// ends rather than in waves.
//
// Which pages are read depends on the data only, never on timing: the SET
// of pages asked for is the same on every run. Which of those requests
// meet the sandbox's seeded faults is not: the faults fall on requests in
// the order the server receives them, and reads in flight together reach
// it in an order timing decides. Pages are asked for in order, and page p only once pages 1 to p-concurrency
// (the prefix) have been read, and only if the IDs those pages leave unseen
// are more than the pages asked for after them can hold; otherwise the
// decision waits for the prefix to grow. So the first pages that n IDs need
// (a page holds at most size versions) go out at once, before page 1 tells
// the total, and the reads stop as soon as every ID is seen. A page past
// the last (known from the total, or from a page that has no next one) is
// not asked for, and one that was asked for is ignored.
func loadPages(ctx context.Context, c Reader, project string, ids []string) (map[string]api.Version, error) {
	want := make(map[string]bool, len(ids))
	for _, id := range ids {
		want[id] = true
	}
	const size = api.LargePageSize
	type result struct {
		page int
		vs   []api.Version
		resp *api.Response
		err  error
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	// Never more than concurrency pages are past the prefix, so the reads
	// never wait to hand in their result, even after an error returned.
	results := make(chan result, concurrency)
	var (
		m        = make(map[string]api.Version, len(ids)) // the IDs seen in the prefix
		read     = map[int]result{}                       // pages read past the prefix
		prefix   int                                      // pages 1 to prefix are read
		last     int                                      // the last page; 0 until known
		next     = 1                                      // the next page to ask for
		inFlight int
	)
	ask := func(p int) bool {
		return p <= prefix+concurrency && p <= maxPages && (last == 0 || p <= last) &&
			len(want)-len(m) > (p-1-prefix)*size
	}
	for {
		for ask(next) {
			p := next
			next++
			inFlight++
			go func() {
				vs, resp, err := c.ListVersions(ctx, project, &api.ListVersionsOptions{Page: p, PageSize: size})
				results <- result{p, vs, resp, err}
			}()
		}
		if inFlight == 0 {
			return m, nil
		}
		r := <-results
		inFlight--
		if r.err != nil && (r.page == 1 || last != 0 && r.page <= last) {
			return nil, r.err // a page that exists: fail at once
		}
		read[r.page] = r
		for {
			r, ok := read[prefix+1]
			if !ok {
				break
			}
			delete(read, prefix+1)
			prefix++
			if last != 0 && prefix > last {
				continue // past the end
			}
			if r.err != nil {
				return nil, r.err
			}
			resp := r.resp
			if resp == nil {
				resp = &api.Response{}
			}
			for _, v := range r.vs {
				if want[v.ID] {
					m[v.ID] = v
				}
			}
			if p := resp.Pagination; prefix == 1 && p != nil && p.Total > 0 {
				last = (p.Total + size - 1) / size
			}
			if resp.NextPage == 0 && (last == 0 || prefix < last) {
				last = prefix
			}
		}
	}
}

// maxPages bounds the pages read, so a server whose pages never end
// cannot keep Load going.
const maxPages = 1000

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
