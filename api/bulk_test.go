package api_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"rdash/api"
)

// bulkRecorder answers bulk requests with one version per ID and records
// the IDs and URL length of each request.
type bulkRecorder struct {
	mu       sync.Mutex
	parts    [][]string
	urlLens  []int
	inFlight atomic.Int64
	maxSeen  atomic.Int64
	delay    time.Duration
	fail     func(ids []string) int // status to answer with, or 0
}

func (b *bulkRecorder) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	n := b.inFlight.Add(1)
	defer b.inFlight.Add(-1)
	for m := b.maxSeen.Load(); n > m && !b.maxSeen.CompareAndSwap(m, n); m = b.maxSeen.Load() {
	}
	ids := strings.Split(r.URL.Query().Get("ids"), ",")
	b.mu.Lock()
	b.parts = append(b.parts, ids)
	b.urlLens = append(b.urlLens, len("http://"+r.Host+r.RequestURI))
	b.mu.Unlock()
	time.Sleep(b.delay)
	if b.fail != nil {
		if code := b.fail(ids); code != 0 {
			writeJSON(w, code, `{"error":{"code":"x","message":"part failed"}}`)
			return
		}
	}
	if r.Method == http.MethodDelete {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	items := make([]string, len(ids))
	for i, id := range ids {
		items[i] = fmt.Sprintf(`{"id":%q,"version":"v","name":"n","platforms":[],"dependencies":[],"downloads":0,"created_at":"2024-01-01T00:00:00Z","channel":{"id":"c","name":"c","slug":"c","is_default":true}}`, id)
	}
	writeJSON(w, http.StatusOK, `{"data":[`+strings.Join(items, ",")+`]}`)
}

func makeIDs(n int, format string) []string {
	ids := make([]string, n)
	for i := range ids {
		ids[i] = fmt.Sprintf(format, i)
	}
	return ids
}

func TestBulkSplitting(t *testing.T) {
	t.Parallel()
	// prefix is the URL before the first ID; a part of k IDs of escaped
	// length L has a URL of prefix + k·L + (k-1) characters.
	cases := []struct {
		name      string
		ids       []string
		maxURL    func(prefix int) int
		wantParts int
	}{
		{"1200 ids, count bound", makeIDs(1200, "v%07d"), func(int) int { return api.DefaultMaxURLLength }, 12},
		{"one id", makeIDs(1, "v%07d"), func(int) int { return api.DefaultMaxURLLength }, 1},
		{"100 ids fit one part", makeIDs(100, "v%07d"), func(int) int { return api.DefaultMaxURLLength }, 1},
		{"101 ids", makeIDs(101, "v%07d"), func(int) int { return api.DefaultMaxURLLength }, 2},
		{"exactly 50 per URL", makeIDs(1200, "v%07d"), func(p int) int { return p + 50*9 - 1 }, 24},
		{"one short of 50", makeIDs(1200, "v%07d"), func(p int) int { return p + 50*9 - 2 }, 25},
		{"one id per URL", makeIDs(7, "v%07d"), func(p int) int { return p + 8 }, 7},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			rec := &bulkRecorder{}
			ts := newTestServer(t, rec.ServeHTTP)
			prefix := len(ts.URL + "/api/v1/projects/lumen/versions?ids=")
			maxURL := tc.maxURL(prefix)
			want := tc.wantParts
			c := newTestClient(t, ts, api.WithMaxURLLength(maxURL))
			res, err := c.UpdateVersions(t.Context(), "lumen", tc.ids, &api.BulkPatch{Name: api.Ptr("x")})
			if err != nil {
				t.Fatal(err)
			}
			if res.Parts != want || len(rec.parts) != want {
				t.Errorf("parts = %d, server saw %d, want %d", res.Parts, len(rec.parts), want)
			}
			for i, n := range rec.urlLens {
				if n > maxURL || len(rec.parts[i]) > api.DefaultBulkPartSize {
					t.Errorf("request %d: URL of %d > %d or %d IDs", i, n, maxURL, len(rec.parts[i]))
				}
			}
			if got := slices.Concat(rec.parts...); !sameSet(got, tc.ids) || !slices.Equal(res.Succeeded, tc.ids) {
				t.Errorf("the server saw %d IDs, succeeded %d, want each of %d once", len(got), len(res.Succeeded), len(tc.ids))
			}
			if len(res.Versions) != len(tc.ids) || len(res.Failed) != 0 {
				t.Errorf("%d versions returned, %d failures", len(res.Versions), len(res.Failed))
			}
		})
	}
}

func TestBulkURLTooShortForOneID(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, status(500))
	c := newTestClient(t, ts, api.WithMaxURLLength(len(ts.URL)+20))
	_, err := c.DeleteVersions(t.Context(), "lumen", makeIDs(3, "v%07d"))
	checkRejection(t, err, "ids[0]")
	if ts.requests.Load() != 0 {
		t.Errorf("%d requests sent", ts.requests.Load())
	}
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

func TestBulkConcurrencyBound(t *testing.T) {
	t.Parallel()
	for _, limit := range []int{1, 3, 4} {
		rec := &bulkRecorder{delay: 40 * time.Millisecond}
		ts := newTestServer(t, rec.ServeHTTP)
		c := newTestClient(t, ts, api.WithConcurrency(limit))
		if _, err := c.DeleteVersions(t.Context(), "lumen", makeIDs(1000, "v%07d")); err != nil {
			t.Fatal(err)
		}
		if got := rec.maxSeen.Load(); got != int64(limit) {
			t.Errorf("concurrency %d: %d requests in flight at most", limit, got)
		}
	}
}

func TestBulkPartialFailure(t *testing.T) {
	t.Parallel()
	ids := makeIDs(450, "v%07d")
	rec := &bulkRecorder{fail: func(part []string) int {
		switch {
		case slices.Contains(part, ids[150]):
			return http.StatusNotFound
		case slices.Contains(part, ids[420]):
			return http.StatusServiceUnavailable
		}
		return 0
	}}
	ts := newTestServer(t, rec.ServeHTTP)
	res, err := newTestClient(t, ts).UpdateVersions(t.Context(), "lumen", ids, &api.BulkPatch{AddPlatforms: []string{"paper"}})
	var be *api.BulkError
	if !errors.As(err, &be) || !errors.Is(err, api.ErrNotFound) || !errors.Is(err, api.ErrMaybeApplied) {
		t.Fatalf("err = %v, want a BulkError holding a 404 and a maybe-applied 503", err)
	}
	if res.Parts != 5 || len(res.Failed) != 2 || len(res.Succeeded) != 300 || len(res.Versions) != 300 {
		t.Fatalf("result: %d parts, %d failed, %d succeeded, %d versions", res.Parts, len(res.Failed), len(res.Succeeded), len(res.Versions))
	}
	if f := res.Failed[0]; !slices.Equal(f.IDs, ids[100:200]) || errors.Is(f.Err, api.ErrMaybeApplied) {
		t.Errorf("first failure = %d IDs from %s, %v; want ids[100:200], a plain 404", len(f.IDs), f.IDs[0], f.Err)
	}
	if f := res.Failed[1]; !slices.Equal(f.IDs, ids[400:]) || !strings.Contains(f.Err.Error(), "reload to check") {
		t.Errorf("second failure = %d IDs, %v; want ids[400:], maybe applied", len(f.IDs), f.Err)
	}
	if !strings.Contains(err.Error(), "2 of 5 requests failed, for 150 versions") {
		t.Errorf("err = %q", err)
	}
}

// cancelAfterFirst cancels the context once the first response is in.
type cancelAfterFirst struct {
	cancel context.CancelFunc
}

func (c cancelAfterFirst) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := http.DefaultTransport.RoundTrip(r)
	c.cancel()
	return resp, err
}

func TestBulkStopsOnCancel(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	ts := newTestServer(t, (&bulkRecorder{}).ServeHTTP)
	c := newTestClient(t, ts, api.WithConcurrency(1), api.WithHTTPClient(&http.Client{Transport: cancelAfterFirst{cancel}}))
	res, err := c.DeleteVersions(ctx, "lumen", makeIDs(500, "v%07d"))
	if !errors.Is(err, context.Canceled) || errors.Is(err, api.ErrMaybeApplied) {
		t.Fatalf("err = %v, want cancelled parts that were never sent", err)
	}
	if got := ts.requests.Load(); got != 1 || len(res.Succeeded) != 100 || len(res.Failed) != 4 {
		t.Errorf("%d requests, %d succeeded, %d parts failed; want 1, 100, 4", got, len(res.Succeeded), len(res.Failed))
	}
}

// TestBulkProgressHook follows a 1,000-version change through the hook a
// context carries: one call per part, never two at once, growing to the
// total; a context without the hook changes nothing.
func TestBulkProgressHook(t *testing.T) {
	t.Parallel()
	rec := &bulkRecorder{delay: 5 * time.Millisecond}
	ts := newTestServer(t, rec.ServeHTTP)
	c := newTestClient(t, ts)
	var (
		calls   []int
		running atomic.Int32
	)
	ctx := api.WithBulkProgress(t.Context(), func(done, total int) {
		if running.Add(1) != 1 {
			t.Error("the hook was called concurrently")
		}
		defer running.Add(-1)
		if total != 1000 {
			t.Errorf("total = %d", total)
		}
		calls = append(calls, done)
	})
	if _, err := c.DeleteVersions(ctx, "lumen", makeIDs(1000, "v%07d")); err != nil {
		t.Fatal(err)
	}
	if len(calls) != 10 || !slices.IsSorted(calls) || calls[9] != 1000 {
		t.Errorf("progress calls = %v, want 10 growing to 1000", calls)
	}
	if _, err := c.DeleteVersions(t.Context(), "lumen", makeIDs(10, "w%07d")); err != nil || len(calls) != 10 {
		t.Errorf("a call without the hook: %v, %d calls", err, len(calls))
	}
}

// TestBulkConcurrencyIsPerClient runs three calls at once on one client:
// together they keep to its bound.
func TestBulkConcurrencyIsPerClient(t *testing.T) {
	t.Parallel()
	rec := &bulkRecorder{delay: 20 * time.Millisecond}
	ts := newTestServer(t, rec.ServeHTTP)
	c := newTestClient(t, ts, api.WithConcurrency(3))
	var wg sync.WaitGroup
	for i := range 3 {
		wg.Go(func() {
			if _, err := c.DeleteVersions(t.Context(), "lumen", makeIDs(400, fmt.Sprintf("%c%%07d", 'a'+i))); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if got := rec.maxSeen.Load(); got > 3 {
		t.Errorf("%d requests in flight over three calls, want at most 3", got)
	}
}
