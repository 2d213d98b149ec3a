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

// The sandbox's FaultRate fails a share of API requests with a 429, a 500
// or a dropped connection, half of them after applying the change.

func TestSandboxFaultsReadsRetry(t *testing.T) {
	t.Parallel()
	env := startSandbox(t, sandbox.Options{FaultRate: 0.3, FaultSeed: 42})
	c, rt := env.as(t, "", nil, api.WithMaxRetries(10))
	start := time.Now()
	for i := range 20 {
		if _, _, err := c.GetVersion(t.Context(), "lumen", "1.0.0"); err != nil {
			t.Fatalf("read %d: %v", i, err)
		}
	}
	t.Logf("20 reads at fault rate 0.3: %d requests in %v", rt.n.Load(), time.Since(start))
	if rt.n.Load() <= 20 {
		t.Errorf("%d requests for 20 reads: no fault was met, so nothing was tested", rt.n.Load())
	}
}

// TestSandboxFaultsChanges repeats a bulk change until it has seen a failed
// part that was applied and one that was not: each failure must say the
// change may have been applied, no part may be sent twice, and reloading
// must show each part all applied or not at all.
func TestSandboxFaultsChanges(t *testing.T) {
	t.Parallel()
	env := startSandbox(t, sandbox.Options{FaultRate: 0.3, FaultSeed: 7})
	reader, _ := env.as(t, "", nil, api.WithMaxRetries(10))
	bob, rt := env.as(t, "bob", nil)
	ids := idsOf(listAll(t, reader, "emberforge-core", api.ListVersionsOptions{PageSize: 100}))[:1000]
	applied, lost := 0, 0
	for round := 0; round < 20 && (applied == 0 || lost == 0); round++ {
		marker := fmt.Sprint("fault-", round)
		sent := rt.n.Load()
		res, err := bob.UpdateVersions(t.Context(), "emberforge-core", ids, &api.BulkPatch{AddMinecraftVersions: []string{marker}})
		if n := rt.n.Load() - sent; n != int64(res.Parts) {
			t.Fatalf("round %d: %d requests for %d parts: a change was retried", round, n, res.Parts)
		}
		if (err == nil) != (len(res.Failed) == 0) {
			t.Fatalf("round %d: err %v with %d failed parts", round, err, len(res.Failed))
		}
		marked := map[string]bool{}
		for _, v := range listAll(t, reader, "emberforge-core", api.ListVersionsOptions{PageSize: 100, MinecraftVersions: []string{marker}}) {
			marked[v.ID] = true
		}
		for _, id := range res.Succeeded {
			if !marked[id] {
				t.Errorf("round %d: %s succeeded but is unchanged", round, id)
			}
		}
		for _, f := range res.Failed {
			if !errors.Is(f.Err, api.ErrMaybeApplied) {
				t.Errorf("round %d: failure %v does not say it may have been applied", round, f.Err)
			}
			switch n := countIn(f.IDs, marked); n {
			case len(f.IDs):
				applied++
			case 0:
				lost++
			default:
				t.Errorf("round %d: %d of %d IDs of one part changed", round, n, len(f.IDs))
			}
		}
	}
	t.Logf("failed parts: %d applied anyway, %d not applied", applied, lost)
	if applied == 0 || lost == 0 {
		t.Errorf("saw %d applied and %d unapplied failures; want both", applied, lost)
	}
}

func countIn(ids []string, set map[string]bool) int {
	return len(slices.DeleteFunc(slices.Clone(ids), func(id string) bool { return !set[id] }))
}

// TestSandboxFaultsCreate creates versions under faults: a failed create
// may or may not exist afterwards, and the error says to check.
func TestSandboxFaultsCreate(t *testing.T) {
	t.Parallel()
	env := startSandbox(t, sandbox.Options{FaultRate: 0.4, FaultSeed: 3})
	alice, _ := env.as(t, "alice", nil)
	reader, _ := env.as(t, "", nil, api.WithMaxRetries(10))
	outcomes := map[string]int{}
	for i := range 30 {
		version := fmt.Sprint("10.0.", i)
		_, _, err := alice.CreateVersion(t.Context(), "lumen", &api.CreateVersionRequest{Channel: "release", Version: version, Name: "Ten",
			Files: []string{"https://example.com/ten.jar"}})
		_, _, getErr := reader.GetVersion(t.Context(), "lumen", version)
		exists := getErr == nil
		switch {
		case err == nil && exists:
			outcomes["created"]++
		case err != nil && errors.Is(err, api.ErrMaybeApplied) && exists:
			outcomes["failed but created"]++
		case err != nil && errors.Is(err, api.ErrMaybeApplied) && errors.Is(getErr, api.ErrNotFound):
			outcomes["failed, not created"]++
		default:
			t.Errorf("create %s: %v; reload: %v", version, err, getErr)
		}
	}
	t.Logf("30 creates at fault rate 0.4: %v", outcomes)
	if outcomes["failed but created"] == 0 || outcomes["failed, not created"] == 0 {
		t.Errorf("outcomes %v: want both kinds of failure", outcomes)
	}
}
