package bulk

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"rdash/api"
)

// pagedReader serves n versions in pages, with or without pagination, and
// counts the pages read and the most read at once.
type pagedReader struct {
	n         int
	paginated bool
	pages     atomic.Int32
	now, most atomic.Int32
}

func (p *pagedReader) ListVersions(_ context.Context, _ string, o *api.ListVersionsOptions) ([]api.Version, *api.Response, error) {
	n := p.now.Add(1)
	defer p.now.Add(-1)
	for m := p.most.Load(); n > m && !p.most.CompareAndSwap(m, n); m = p.most.Load() {
	}
	time.Sleep(2 * time.Millisecond) // lets concurrent reads overlap
	p.pages.Add(1)
	var vs []api.Version
	for i := (o.Page - 1) * o.PageSize; i < min(o.Page*o.PageSize, p.n); i++ {
		vs = append(vs, api.Version{ID: fmt.Sprintf("v%07d", i)})
	}
	resp := &api.Response{}
	if o.Page*o.PageSize < p.n {
		resp.NextPage = o.Page + 1
	}
	if p.paginated {
		resp.Pagination = &api.Pagination{Page: o.Page, PageSize: o.PageSize, Total: p.n}
	}
	return vs, resp, nil
}

func (p *pagedReader) GetVersion(context.Context, string, string) (*api.Version, *api.Response, error) {
	return nil, nil, api.ErrNotFound
}

func TestLoadPagesConcurrentlyAfterTheFirst(t *testing.T) {
	t.Parallel()
	for _, paginated := range []bool{true, false} {
		r := &pagedReader{n: 1250, paginated: paginated}
		ids := []string{"v0000003", "v0001249", "v0000640"}
		for i := range 30 {
			ids = append(ids, fmt.Sprintf("v%07d", 900+i))
		}
		vs, err := Load(t.Context(), r, "p", ids)
		if err != nil || len(vs) != len(ids) || vs[1].ID != "v0001249" {
			t.Fatalf("paginated %v: %d versions, %v", paginated, len(vs), err)
		}
		if got := r.pages.Load(); got != 13 {
			t.Errorf("paginated %v: %d pages read, want 13", paginated, got)
		}
		switch m := r.most.Load(); {
		case m > concurrency:
			t.Errorf("paginated %v: %d pages read at once, want at most %d", paginated, m, concurrency)
		case !paginated && m != 1:
			t.Errorf("without a total the pages must be read in turn; %d at once", m)
		}
	}
	// Once every ID is seen, no further page is asked for.
	r := &pagedReader{n: 1250}
	var first150 []string
	for i := range 150 {
		first150 = append(first150, fmt.Sprintf("v%07d", i))
	}
	if _, err := Load(t.Context(), r, "p", first150); err != nil || r.pages.Load() != 2 {
		t.Fatalf("%d pages read for IDs on the first two, %v", r.pages.Load(), err)
	}
}
