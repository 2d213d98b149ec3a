package bulk_test

import (
	"context"
	"errors"
	"flag"
	"math/rand/v2"
	"net/http"
	"testing"
	"time"

	"rdash/api"
	"rdash/api/sandbox"
	"rdash/api/sandbox/sandboxtest"
	"rdash/config"
	"rdash/internal/bulk"
	"rdash/internal/bulk/bulktest"
)

var propertySeed = flag.Uint64("bulk.seed", 0, "seed of the edit+undo property test (0: from the clock)")

// seedFor returns the seed to use, and reports it if the test fails so
// the run can be repeated with -bulk.seed.
func seedFor(t *testing.T) uint64 {
	seed := *propertySeed
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("repeat with: go test ./internal/bulk/ -run '^%s$' -bulk.seed=%d", t.Name(), seed)
		}
	})
	return seed
}

// faultyClient is a client of a sandbox that may inject faults: reads are
// retried after a few milliseconds (a 429 asking for a wait is not waited
// for; callers retry), changes are never retried, as always.
func faultyClient(t testing.TB, opts sandbox.Options, user string) *api.Client {
	t.Helper()
	srv, run := sandboxtest.Start(t, opts)
	tok, err := srv.MintToken(user, config.AllScopes()...)
	if err != nil {
		t.Fatal(err)
	}
	c, err := api.New(run.BaseURL, api.WithHTTPClient(&http.Client{Transport: sandboxtest.Bearer{Token: tok}, Timeout: 20 * time.Second}),
		api.WithRetryBackoff(time.Millisecond, 5*time.Millisecond, 0), api.WithMaxRetries(8))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// eventually retries a read that faults may fail.
func eventually[T any](t *testing.T, what string, read func() (T, error)) T {
	t.Helper()
	var err error
	for range 50 {
		var v T
		if v, err = read(); err == nil {
			return v
		}
	}
	t.Fatalf("%s failed 50 times; last: %v", what, err)
	panic("unreachable")
}

// TestEditThenUndoRestoresEverything is the property of issue 10: for
// random edits of random selections, through the path the dashboard takes
// (Load, Preview, Runner.Edit; LastUndoable, LoadSome, PlanUndo,
// Runner.Undo until nothing is left to undo), every version ends exactly
// as it started, with and without faults injected by the sandbox.
func TestEditThenUndoRestoresEverything(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		project string
		rate    float64
		rounds  int
		most    int
	}{
		{"lumen", "lumen", 0, 8, 25},
		{"lumen with faults", "lumen", 0.2, 8, 25},
		{"emberforge-core with faults", "emberforge-core", 0.15, 3, 260},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			seed := seedFor(t)
			rng := rand.New(rand.NewPCG(seed, 1))
			c := faultyClient(t, sandbox.Options{FaultRate: tc.rate, FaultSeed: int64(seed), FaultRetryAfter: -1}, "alice")
			r := &bulk.Runner{Client: c, Project: tc.project, Journal: bulk.Journal{Dir: t.TempDir()}}
			ctx := t.Context()
			sample := eventually(t, "reading the project", func() ([]api.Version, error) {
				vs, _, err := c.ListVersions(ctx, tc.project, &api.ListVersionsOptions{Page: 1, PageSize: 100})
				return vs, err
			})
			for round := range tc.rounds {
				sel := bulktest.Selection(rng, sample, tc.most)
				start := eventually(t, "loading the selection", func() ([]api.Version, error) {
					return bulk.Load(ctx, c, tc.project, ids(sel))
				})
				edit := bulktest.Edit(rng, bulk.Channels(sample), bulktest.Dependencies(start))
				desc := bulktest.Describe(edit)
				editRound(t, ctx, c, r, start, edit, sample)
				undoAll(t, ctx, c, r)
				end := eventually(t, "loading the selection", func() ([]api.Version, error) {
					return bulk.Load(ctx, c, tc.project, ids(start))
				})
				for i := range start {
					if d := bulktest.Differences(start[i], end[i]); len(d) > 0 {
						t.Fatalf("round %d, %d versions, edit %s: %s (%s) after edit+undo: %v",
							round, len(start), desc, start[i].ID, start[i].Version, d)
					}
				}
			}
		})
	}
}

// editRound applies edit to start as the dashboard does; an edit the
// preview refuses is not sent, which is also a round that must change
// nothing.
func editRound(t *testing.T, ctx context.Context, c *api.Client, r *bulk.Runner, start []api.Version, edit bulk.Edit, sample []api.Version) {
	t.Helper()
	patch, err := edit.Patch()
	if err != nil {
		t.Fatalf("edit %s: %v", bulktest.Describe(edit), err)
	}
	channels := bulk.Channels(append(start, sample...))
	if edit.Channel != nil {
		ch := eventually(t, "resolving the channel", func() (bulk.ResolvedChannel, error) {
			return bulk.ResolveChannel(ctx, c, r.Project, *edit.Channel, start)
		})
		edit.Channel, patch.Channel = api.Ptr(ch.Channel.ID), api.Ptr(ch.Channel.ID)
	}
	changes := bulk.Preview(start, edit, channels)
	if bulk.Check(changes) != nil {
		return
	}
	if _, err := r.Edit(ctx, changes, patch); err != nil {
		t.Fatal(err)
	}
}

// undoAll undoes until the journal has nothing left to undo.
func undoAll(t *testing.T, ctx context.Context, c *api.Client, r *bulk.Runner) {
	t.Helper()
	for range 30 {
		last, err := r.Journal.LastUndoable(r.Project)
		if errors.Is(err, bulk.ErrNothingToUndo) {
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		current := eventually(t, "loading the edited versions", func() ([]api.Version, error) {
			vs, _, err := bulk.LoadSome(ctx, c, last.Project, last.IDs())
			return vs, err
		})
		if _, err := r.Undo(ctx, bulk.PlanUndo(last, current)); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("30 undos did not finish the undo")
}
