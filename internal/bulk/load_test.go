package bulk

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
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
	// jitter, when set, draws each read's delay, so reads end in any order.
	jitter func() time.Duration
	// failPast makes a page past the last one fail instead of coming empty.
	failPast bool
	mu       sync.Mutex
	asked    []int // the pages asked for, in the order asked
	// atOnce is how many reads were in flight when each page was asked for.
	atOnce map[int]int32
	// together, when set, holds the first reads until that many are in
	// flight at once, so a test of concurrency does not depend on how the
	// goroutines happen to be scheduled. A loader that never has that many
	// in flight is released after a while, and the test sees fewer.
	together *barrier
}

// barrier releases its waiters once n have arrived, or after patience.
type barrier struct {
	n       int32
	arrived atomic.Int32
	open    chan struct{}
}

func newBarrier(n int32) *barrier { return &barrier{n: n, open: make(chan struct{})} }

func (b *barrier) wait() {
	if b.arrived.Add(1) == b.n {
		close(b.open)
	}
	select {
	case <-b.open:
	case <-time.After(10 * time.Second):
	}
}

func (p *pagedReader) ListVersions(_ context.Context, _ string, o *api.ListVersionsOptions) ([]api.Version, *api.Response, error) {
	n := p.now.Add(1)
	defer p.now.Add(-1)
	for m := p.most.Load(); n > m && !p.most.CompareAndSwap(m, n); m = p.most.Load() {
	}
	p.mu.Lock()
	p.asked = append(p.asked, o.Page)
	if p.atOnce == nil {
		p.atOnce = map[int]int32{}
	}
	p.atOnce[o.Page] = n
	p.mu.Unlock()
	if p.together != nil {
		p.together.wait()
	}
	delay := 2 * time.Millisecond // lets concurrent reads overlap
	if p.jitter != nil {
		delay = p.jitter()
	}
	time.Sleep(delay)
	p.pages.Add(1)
	if p.failPast && (o.Page-1)*o.PageSize >= p.n {
		return nil, nil, errors.New("no such page")
	}
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

func newestIDs(n int) []string {
	var ids []string
	for i := range n {
		ids = append(ids, fmt.Sprintf("v%07d", i))
	}
	return ids
}

// The pages that n IDs need at least (a page holds 100) are asked for at
// once, before page 1 tells the total; then a page as soon as a read ends,
// never more than concurrency at once; and not one page more than needed.
func TestLoadPagesSlidingWindow(t *testing.T) {
	t.Parallel()
	r := &pagedReader{n: 1500, paginated: true, together: newBarrier(concurrency)}
	if vs, err := Load(t.Context(), r, "p", newestIDs(1200)); err != nil || len(vs) != 1200 {
		t.Fatalf("%d versions, %v", len(vs), err)
	}
	asked := slices.Clone(r.asked)
	slices.Sort(asked)
	if want := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}; !slices.Equal(asked, want) {
		t.Errorf("pages asked for %v, want %v", r.asked, want)
	}
	if m := r.most.Load(); m != concurrency {
		t.Errorf("%d pages read at once, want %d", m, concurrency)
	}
	// 150 IDs need two pages: both at once, and no third.
	r = &pagedReader{n: 1500, paginated: true, together: newBarrier(2)}
	if _, err := Load(t.Context(), r, "p", newestIDs(150)); err != nil || r.pages.Load() != 2 || r.most.Load() != 2 {
		t.Fatalf("%d pages read, %d at once, %v", r.pages.Load(), r.most.Load(), err)
	}
}

// Which pages are read depends on the IDs and the data, never on the order
// in which the reads end.
func TestLoadPagesReadsTheSamePagesWhateverTheTiming(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	var mu sync.Mutex
	jitter := func() time.Duration {
		mu.Lock()
		defer mu.Unlock()
		return time.Duration(rng.IntN(3000)) * time.Microsecond
	}
	for _, tc := range []struct {
		name string
		ids  []string
	}{
		{"newest 1,200", newestIDs(1200)},
		{"spread", append([]string{"v0000003", "v0001249", "v0000640"}, newestIDs(40)[20:]...)},
		{"on pages 1, 6 and 11", []string{"v0000001", "v0000550", "v0001050", "v0000002", "v0000003", "v0000004", "v0000005",
			"v0000006", "v0000007", "v0000008", "v0000009", "v0000010", "v0000011", "v0000012", "v0000013", "v0000014",
			"v0000015", "v0000016", "v0000017", "v0000018", "v0000019", "v0000020", "v0000021"}},
	} {
		var first []int
		for run := range 8 {
			r := &pagedReader{n: 1250, paginated: run%2 == 0, jitter: jitter}
			if _, err := Load(t.Context(), r, "p", tc.ids); err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			if m := r.most.Load(); m > concurrency {
				t.Fatalf("%s: %d pages read at once", tc.name, m)
			}
			got := slices.Clone(r.asked)
			slices.Sort(got)
			if run == 0 {
				first = got
			} else if !slices.Equal(got, first) {
				t.Fatalf("%s, run %d: pages %v, the first run read %v", tc.name, run, got, first)
			}
		}
	}
}

// IDs of no version may make Load ask for pages past the last one; what
// those answer (here an error) is ignored, and the unknown IDs are named.
func TestLoadPagesIgnoresPagesPastTheLast(t *testing.T) {
	t.Parallel()
	for _, paginated := range []bool{true, false} {
		r := &pagedReader{n: 120, paginated: paginated, failPast: true}
		ids := newestIDs(120)
		for i := range 200 {
			ids = append(ids, fmt.Sprintf("x%07d", i))
		}
		_, err := Load(t.Context(), r, "p", ids)
		if err == nil || !strings.Contains(err.Error(), "200 of the IDs are of no version") {
			t.Fatalf("paginated %v: %v", paginated, err)
		}
		if got := r.pages.Load(); got != 4 {
			t.Errorf("paginated %v: %d pages read, want 4 (320 IDs need 4 pages of 100)", paginated, got)
		}
	}
}
