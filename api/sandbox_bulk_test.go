package api_test

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"sync"
	"testing"
	"time"

	"rdash/api"
	"rdash/api/sandbox"
	"rdash/api/sandbox/sandboxtest"
)

func idsOf(vs []api.Version) []string {
	ids := make([]string, len(vs))
	for i, v := range vs {
		ids[i] = v.ID
	}
	return ids
}

func byID(vs []api.Version) map[string]api.Version {
	m := make(map[string]api.Version, len(vs))
	for _, v := range vs {
		m[v.ID] = v
	}
	return m
}

// TestSandboxBulkPatch1200 patches 1,200 versions in one call, which the
// client splits into parts of 100, then checks every version of the project.
func TestSandboxBulkPatch1200(t *testing.T) {
	t.Parallel()
	env := startSandbox(t, sandbox.Options{})
	c, rt := env.as(t, "bob", nil)
	ctx := t.Context()
	before := listAll(t, c, "emberforge-core", api.ListVersionsOptions{PageSize: 100})
	ids := idsOf(before[:1200])
	patch := &api.BulkPatch{Changelog: api.Ptr("Bulk-edited"), AddMinecraftVersions: []string{"1.99.9"}, AddPlatforms: []string{"purpur"}}

	sent, start := rt.n.Load(), time.Now()
	res, err := c.UpdateVersions(ctx, "emberforge-core", ids, patch)
	elapsed := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("bulk PATCH of %d versions: %d parts in %v", len(ids), res.Parts, elapsed)
	if res.Parts != 12 || rt.n.Load()-sent != 12 || !slices.Equal(res.Succeeded, ids) || len(res.Versions) != 1200 {
		t.Fatalf("%d parts, %d requests, %d succeeded, %d versions", res.Parts, rt.n.Load()-sent, len(res.Succeeded), len(res.Versions))
	}

	old, changed := byID(before), map[string]bool{}
	for _, id := range ids {
		changed[id] = true
	}
	after := listAll(t, c, "emberforge-core", api.ListVersionsOptions{PageSize: 100})
	if len(after) != coreVersions {
		t.Fatalf("%d versions after the patch", len(after))
	}
	for _, v := range after {
		o := old[v.ID]
		wantPlatforms, wantGames, wantLog := o.Platforms, o.MinecraftVersions, o.Changelog
		if changed[v.ID] {
			wantLog = "Bulk-edited"
			wantGames = appendNew(o.MinecraftVersions, "1.99.9")
			wantPlatforms = appendNew(o.Platforms, "purpur")
		}
		if v.Changelog != wantLog || !slices.Equal(v.MinecraftVersions, wantGames) || !slices.Equal(v.Platforms, wantPlatforms) || v.Name != o.Name {
			t.Errorf("version %s (changed %v): %q %v %v, want %q %v %v", v.ID, changed[v.ID], v.Changelog, v.MinecraftVersions, v.Platforms, wantLog, wantGames, wantPlatforms)
		}
	}

	del, err := c.DeleteVersions(ctx, "emberforge-core", ids[950:])
	if err != nil || del.Parts != 3 || len(del.Succeeded) != 250 {
		t.Fatalf("DeleteVersions = %+v, %v", del, err)
	}
	if _, resp, _ := c.ListVersions(ctx, "emberforge-core", nil); resp.Pagination.Total != coreVersions-250 {
		t.Errorf("%d versions after deleting 250", resp.Pagination.Total)
	}
	if _, _, err := c.GetVersionByID(ctx, ids[1100]); !errors.Is(err, api.ErrNotFound) {
		t.Errorf("a deleted version: %v", err)
	}
}

func appendNew(list []string, v string) []string {
	if slices.Contains(list, v) {
		return list
	}
	return append(slices.Clone(list), v)
}

// TestSandboxBulkPartFails checks that an unknown ID fails only its part,
// which the sandbox leaves untouched, while the other parts apply.
func TestSandboxBulkPartFails(t *testing.T) {
	t.Parallel()
	env := startSandbox(t, sandbox.Options{})
	c, _ := env.as(t, "bob", nil)
	ctx := t.Context()
	vs, _, err := c.ListVersions(ctx, "emberforge-core", &api.ListVersionsOptions{PageSize: 100, Page: 3})
	if err != nil {
		t.Fatal(err)
	}
	more, _, _ := c.ListVersions(ctx, "emberforge-core", &api.ListVersionsOptions{PageSize: 50, Page: 9})
	ids := slices.Concat(idsOf(vs), idsOf(more[:20]), []string{"ZZZZZZZZ"}, idsOf(more[20:]))
	res, err := c.UpdateVersions(ctx, "emberforge-core", ids, &api.BulkPatch{Name: api.Ptr("Renamed in bulk")})
	if !errors.Is(err, api.ErrNotFound) || errors.Is(err, api.ErrMaybeApplied) || len(res.Failed) != 1 || len(res.Succeeded) != 100 {
		t.Fatalf("err = %v, result %+v", err, res)
	}
	if f := res.Failed[0]; !slices.Equal(f.IDs, ids[100:]) {
		t.Errorf("failed part = %v", f.IDs)
	}
	for _, id := range ids {
		if id == "ZZZZZZZZ" {
			continue
		}
		v, _, err := c.GetVersionByID(ctx, id)
		if renamed := err == nil && v.Name == "Renamed in bulk"; renamed != slices.Contains(res.Succeeded, id) {
			t.Errorf("version %s renamed = %v (%v)", id, renamed, err)
		}
	}
}

// barrier holds each request until n are in flight, then lets the n go on
// together, and counts the most in flight at once. With a client that
// keeps to n, every group is exactly n: reaching n in flight is then
// certain, not a question of timing (issue 18.14: the test needed four
// requests to meet within 30 ms).
type barrier struct {
	next http.RoundTripper
	n    int

	mu       sync.Mutex
	waiting  []chan struct{}
	inFlight int
	most     int
}

func (b *barrier) RoundTrip(r *http.Request) (*http.Response, error) {
	go1 := make(chan struct{})
	b.mu.Lock()
	b.inFlight++
	b.most = max(b.most, b.inFlight)
	if b.waiting = append(b.waiting, go1); len(b.waiting) == b.n {
		for _, ch := range b.waiting {
			close(ch)
		}
		b.waiting = nil
	}
	b.mu.Unlock()
	defer func() {
		b.mu.Lock()
		b.inFlight--
		b.mu.Unlock()
	}()
	select {
	case <-go1:
	case <-r.Context().Done():
		return nil, r.Context().Err()
	}
	return b.next.RoundTrip(r)
}

// TestSandboxBulkConcurrency sends the same 12-part change one part at a
// time and four at a time: the client has exactly as many requests in
// flight as it is allowed, never more.
func TestSandboxBulkConcurrency(t *testing.T) {
	t.Parallel()
	env := startSandbox(t, sandbox.Options{})
	reader, _ := env.as(t, "", nil)
	ids := idsOf(listAll(t, reader, "emberforge-core", api.ListVersionsOptions{PageSize: 100}))[:1200]
	tok, err := env.srv.MintToken("bob")
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{1, 4} {
		b := &barrier{next: sandboxtest.Bearer{Token: tok}, n: n}
		c, err := api.New(env.run.BaseURL, api.WithHTTPClient(&http.Client{Transport: b}), api.WithConcurrency(n))
		if err != nil {
			t.Fatal(err)
		}
		res, err := c.UpdateVersions(t.Context(), "emberforge-core", ids, &api.BulkPatch{Changelog: api.Ptr(fmt.Sprint("pass ", n))})
		if err != nil || res.Parts != 12 {
			t.Fatalf("concurrency %d: %+v, %v", n, res, err)
		}
		b.mu.Lock()
		most := b.most
		b.mu.Unlock()
		if most != n {
			t.Errorf("concurrency %d: %d requests in flight at most", n, most)
		}
	}
}
