package api_test

import (
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"rdash/api"
	"rdash/api/sandbox"
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

// TestSandboxBulkConcurrency sends the same 12-part change one part at a
// time and four at a time to a sandbox with latency: the client keeps to
// the bound, and the times are logged. (The sandbox applies changes under
// one lock, so under the race detector its own work can hide the gain.)
func TestSandboxBulkConcurrency(t *testing.T) {
	t.Parallel()
	const latency = 30 * time.Millisecond
	env := startSandbox(t, sandbox.Options{Latency: latency})
	reader, _ := env.as(t, "", nil)
	ids := idsOf(listAll(t, reader, "emberforge-core", api.ListVersionsOptions{PageSize: 100}))[:1200]
	took := map[int]time.Duration{}
	for _, n := range []int{1, 4} {
		c, rt := env.as(t, "bob", nil, api.WithConcurrency(n))
		start := time.Now()
		res, err := c.UpdateVersions(t.Context(), "emberforge-core", ids, &api.BulkPatch{Changelog: api.Ptr(fmt.Sprint("pass ", n))})
		took[n] = time.Since(start)
		if err != nil || res.Parts != 12 {
			t.Fatalf("concurrency %d: %+v, %v", n, res, err)
		}
		if got := rt.maxAtOnce.Load(); got != int64(n) {
			t.Errorf("concurrency %d: %d requests in flight at most", n, got)
		}
	}
	t.Logf("12 parts at %v latency: %v one at a time, %v four at a time", latency, took[1], took[4])
	if took[1] < 12*latency {
		t.Errorf("one part at a time took %v, under 12 latencies", took[1])
	}
}
