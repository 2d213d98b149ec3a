package api_test

import (
	"net/http"
	"strconv"
	"sync/atomic"
	"testing"

	"rdash/api"
	"rdash/api/sandbox"
	"rdash/api/sandbox/sandboxtest"
)

// capped stands for a server that caps page_size below what is asked and
// says nothing of it: it rewrites page_size to at most cap before the
// sandbox sees it, and counts the requests.
type capped struct {
	cap  int
	next http.RoundTripper
	n    atomic.Int64
}

func (c *capped) RoundTrip(r *http.Request) (*http.Response, error) {
	c.n.Add(1)
	if c.cap > 0 {
		q := r.URL.Query()
		if n, err := strconv.Atoi(q.Get("page_size")); err != nil || n > c.cap {
			q.Set("page_size", strconv.Itoa(c.cap))
		}
		r = r.Clone(r.Context())
		r.URL.RawQuery = q.Encode()
	}
	return c.next.RoundTrip(r)
}

// TestListAllVersions reads emberforge-core's 1,500 versions whole, in
// both profiles and from a strict server that caps pages at 10 without
// saying so: every version once, the end known (NextPage 0), and only
// the server that sends a total has one. Before, a page shorter than 25
// ended the list: the strict server's first page of 10 was all of it.
func TestListAllVersions(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name      string
		strict    bool
		cap       int
		requests  int64 // 15 pages of 100; without a total, an empty one shows the end
		wantTotal bool
	}{
		{"default", false, 0, 15, true},
		{"strict", true, 0, 16, false},
		{"strict, capped at 10", true, 10, 151, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv, run := sandboxtest.Start(t, sandbox.Options{Strict: tc.strict})
			tok, err := srv.MintToken("bob")
			if err != nil {
				t.Fatal(err)
			}
			rt := &capped{cap: tc.cap, next: http.DefaultTransport}
			c, err := api.New(run.BaseURL, api.WithHTTPClient(&http.Client{Transport: sandboxtest.Bearer{Token: tok, Next: rt}}))
			if err != nil {
				t.Fatal(err)
			}
			vs, resp, err := c.ListAllVersions(t.Context(), "emberforge-core", nil)
			if err != nil {
				t.Fatal(err)
			}
			ids := map[string]bool{}
			for _, v := range vs {
				ids[v.ID] = true
			}
			_, known := resp.Total()
			if len(vs) != coreVersions || len(ids) != coreVersions || resp.NextPage != 0 || known != tc.wantTotal || rt.n.Load() != tc.requests {
				t.Fatalf("%d versions (%d distinct) in %d requests, next %d, total known %v; want %d in %d, next 0, total known %v",
					len(vs), len(ids), rt.n.Load(), resp.NextPage, known, coreVersions, tc.requests, tc.wantTotal)
			}
		})
	}
}

// TestOnePageSaysMoreMayFollow: one page from a server that sends no
// total cannot show its end, unless it is empty; with a total it can.
func TestOnePageSaysMoreMayFollow(t *testing.T) {
	t.Parallel()
	for _, p := range sandboxtest.Profiles() {
		t.Run(p.Name, func(t *testing.T) {
			t.Parallel()
			c, _ := startSandbox(t, p.Options).as(t, "bob", nil)
			// lumen has 25 versions: a page of 25 holds them all.
			_, resp, err := c.ListVersions(t.Context(), "lumen", &api.ListVersionsOptions{PageSize: 25})
			if err != nil {
				t.Fatal(err)
			}
			total, known := resp.Total()
			switch {
			case p.Options.Strict && (known || resp.NextPage != 2):
				t.Errorf("strict: total %d known %v, next %d; want no total and page 2 to ask", total, known, resp.NextPage)
			case !p.Options.Strict && (!known || total != 25 || resp.NextPage != 0):
				t.Errorf("default: total %d known %v, next %d; want 25 known, no next", total, known, resp.NextPage)
			}
			vs, resp, err := c.ListVersions(t.Context(), "lumen", &api.ListVersionsOptions{Page: 2, PageSize: 25})
			if err != nil || len(vs) != 0 || resp.NextPage != 0 {
				t.Errorf("page 2: %d versions, next %d, %v; want the end", len(vs), resp.NextPage, err)
			}
		})
	}
}
