package api_test

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"

	"rdash/api"
	"rdash/api/sandbox"
)

// partCap is a proxy in front of the sandbox that refuses a bulk request
// of more than max IDs, as a server with a smaller limit than rdash's
// part size would, and records the sizes of the requests it let through.
type partCap struct {
	max    int
	status int // 413, or 400 naming the ids list

	mu       sync.Mutex
	refused  int
	accepted []int
}

func (p *partCap) wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ids := r.URL.Query().Get("ids")
		if ids == "" {
			next.ServeHTTP(w, r)
			return
		}
		n := len(strings.Split(ids, ","))
		p.mu.Lock()
		defer p.mu.Unlock()
		if n > p.max {
			p.refused++
			writeJSON(w, p.status, fmt.Sprintf(`{"error":{"code":"too_large","message":"ids: at most %d IDs (got %d)"}}`, p.max, n))
			return
		}
		p.accepted = append(p.accepted, n)
		next.ServeHTTP(w, r)
	})
}

// TestBulkPartsSplitWhenTheServerRefusesTheirSize: a part the server
// refuses for its size goes again in halves until the server takes them;
// the result counts the requests it took (issue 20.4).
func TestBulkPartsSplitWhenTheServerRefusesTheirSize(t *testing.T) {
	t.Parallel()
	for _, status := range []int{http.StatusRequestEntityTooLarge, http.StatusBadRequest} {
		env := startSandbox(t, sandbox.Options{})
		ids := idsOf(listAll(t, env.clientAt(t, env.run.BaseURL, ""), "emberforge-core", api.ListVersionsOptions{PageSize: 100}))[:200]
		cp := &partCap{max: 30, status: status}
		c := env.clientAt(t, env.proxy(t, cp.wrap)+"/api/v1", "bob")
		if n := len(c.BulkParts("emberforge-core", ids)); n != 2 {
			t.Fatalf("BulkParts = %d, want 2 parts of 100", n)
		}
		res, err := c.UpdateVersions(t.Context(), "emberforge-core", ids, &api.BulkPatch{Changelog: api.Ptr("split")})
		if err != nil || len(res.Succeeded) != 200 || len(res.Versions) != 200 {
			t.Fatalf("%d: UpdateVersions = %d succeeded, %v", status, len(res.Succeeded), err)
		}
		// 100 → 50 → 25: each part of 100 takes 1+2 refused requests and 4 taken.
		if res.Parts != 8 || cp.refused != 6 || len(cp.accepted) != 8 {
			t.Errorf("%d: %d parts, the server refused %d and took %v", status, res.Parts, cp.refused, cp.accepted)
		}
	}
}

// TestBulkPartSizeIsASetting: with a part size the server takes, nothing
// is refused, and BulkParts says how many parts a preview should announce.
func TestBulkPartSizeIsASetting(t *testing.T) {
	t.Parallel()
	env := startSandbox(t, sandbox.Options{})
	ids := idsOf(listAll(t, env.clientAt(t, env.run.BaseURL, ""), "emberforge-core", api.ListVersionsOptions{PageSize: 100}))[:200]
	cp := &partCap{max: 30, status: http.StatusBadRequest}
	c := env.clientAt(t, env.proxy(t, cp.wrap)+"/api/v1", "bob", api.WithBulkPartSize(25))
	parts := c.BulkParts("emberforge-core", ids)
	if len(parts) != 8 || !slices.Equal(parts[0], ids[:25]) || !slices.Equal(slices.Concat(parts...), ids) {
		t.Fatalf("BulkParts = %d parts %v, want 8 of 25 holding the IDs in order", len(parts), parts)
	}
	res, err := c.DeleteVersions(t.Context(), "emberforge-core", ids)
	if err != nil || res.Parts != 8 || cp.refused != 0 {
		t.Fatalf("DeleteVersions = %+v, %v; the server refused %d", res, err, cp.refused)
	}
	if n := c.BulkParts("emberforge-core", []string{"short"}); n != nil {
		t.Errorf("BulkParts of a change refused before sending = %v", n)
	}
}

// TestBulkPartsAreNotSplitForOtherRefusals: a refusal about one ID, or
// one that may have changed something, is not sent again.
func TestBulkPartsAreNotSplitForOtherRefusals(t *testing.T) {
	t.Parallel()
	env := startSandbox(t, sandbox.Options{})
	c, rt := env.as(t, "bob", nil)
	ids := []string{"ZZZZZZZZ", lumenV100, "YYYYYYYY"}
	res, err := c.UpdateVersions(t.Context(), "emberforge-core", ids, &api.BulkPatch{Name: api.Ptr("x")})
	if !errors.Is(err, api.ErrNotFound) || res.Parts != 1 || rt.n.Load() != 1 {
		t.Fatalf("UpdateVersions = %+v, %v after %d requests; want one refused part", res, err, rt.n.Load())
	}
}
