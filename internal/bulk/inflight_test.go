package bulk_test

import (
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"rdash/api"
	"rdash/api/sandbox"
	"rdash/api/sandbox/sandboxtest"
	"rdash/config"
	"rdash/internal/bulk"
)

// inFlight wraps the sandbox's handler and counts, on the server side, the
// bulk requests (PATCH and DELETE of …/versions?ids=) being served at once;
// the sandbox's own count (MaxInFlight) is checked beside it.
type inFlight struct {
	next      http.Handler
	srv       *sandbox.Server
	now, most atomic.Int64
	total     atomic.Int64
	// pair holds the first bulk request until a second is in flight (or a
	// while has passed), so "more than one at once" does not depend on how
	// the client's goroutines happen to be scheduled.
	pair     chan struct{}
	pairOnce sync.Once
}

func (f *inFlight) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	bulkReq := (r.Method == http.MethodPatch || r.Method == http.MethodDelete) && r.URL.Query().Has("ids")
	if bulkReq {
		f.total.Add(1)
		n := f.now.Add(1)
		defer f.now.Add(-1)
		for m := f.most.Load(); n > m && !f.most.CompareAndSwap(m, n); m = f.most.Load() {
		}
		f.holdForAPair(n)
	}
	f.next.ServeHTTP(w, r)
}

func (f *inFlight) holdForAPair(n int64) {
	if n >= 2 {
		f.pairOnce.Do(func() { close(f.pair) })
		return
	}
	select {
	case <-f.pair:
	case <-time.After(10 * time.Second):
	}
}

// countedSandbox serves a sandbox behind an inFlight counter and returns a
// client signed in as user.
func countedSandbox(t *testing.T, opts sandbox.Options, user string, copts ...api.Option) (*api.Client, *inFlight) {
	t.Helper()
	srv, err := sandbox.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	f := &inFlight{next: srv.Handler(), srv: srv, pair: make(chan struct{})}
	ts := httptest.NewServer(f)
	t.Cleanup(ts.Close)
	tok, err := srv.MintToken(user, config.AllScopes()...)
	if err != nil {
		t.Fatal(err)
	}
	c, err := api.New(ts.URL+sandbox.APIPrefix, append([]api.Option{api.WithHTTPClient(&http.Client{
		Transport: sandboxtest.Bearer{Token: tok}, Timeout: 30 * time.Second})}, copts...)...)
	if err != nil {
		t.Fatal(err)
	}
	return c, f
}

// TestAtMostFourBulkRequestsInFlight edits 1,200 versions through the
// runner with a client whose URLs take 50 IDs (so a batch of 100, as the
// runner once cut, would be two requests), then undoes a rename whose
// restore is two patches of 600 versions, sent as two concurrent calls: the
// sandbox never serves more than 4 bulk requests at once, and the progress
// reaches the total.
func TestAtMostFourBulkRequestsInFlight(t *testing.T) {
	t.Parallel()
	c, f := countedSandbox(t, sandbox.Options{Latency: 15 * time.Millisecond}, "bob", api.WithMaxURLLength(500))
	all := allVersions(t, c, "emberforge-core")[:1200]
	r := &bulk.Runner{Client: c, Project: "emberforge-core", Journal: bulk.Journal{Dir: t.TempDir()}}
	var mu sync.Mutex
	var seen []int
	r.Progress = func(done, total int) {
		mu.Lock()
		defer mu.Unlock()
		if total != len(all) {
			t.Errorf("progress total %d, want %d", total, len(all))
		}
		seen = append(seen, done)
	}
	edit := bulk.Edit{Changelog: api.Ptr("Counted"), Platforms: bulk.ListEdit[string]{Mode: bulk.AddRemove, Add: []string{"purpur"}}}
	patch, err := edit.Patch()
	if err != nil {
		t.Fatal(err)
	}
	entry, err := r.Edit(t.Context(), bulk.Preview(all, edit, nil), patch)
	if err != nil {
		t.Fatal(err)
	}
	if n := f.total.Load(); n < 24 {
		t.Errorf("1,200 versions took %d bulk requests, want at least 24 of at most 50 IDs", n)
	}
	if m := f.most.Load(); m > 4 || m < 2 {
		t.Errorf("at most %d bulk requests were in flight; want at most 4 (and more than one)", m)
	}
	if m := f.srv.MaxInFlight(sandbox.ClassBulk); m > 4 {
		t.Errorf("the sandbox counted %d bulk requests in flight, want at most 4", m)
	}
	if len(seen) == 0 || seen[len(seen)-1] != len(all) {
		t.Errorf("progress went %v, want it to end at %d", seen, len(all))
	}
	for i := 1; i < len(seen); i++ {
		if seen[i] < seen[i-1] {
			t.Fatalf("progress went back: %v", seen)
		}
	}
	if bad := notUpdated(entry); len(bad) > 0 {
		t.Fatalf("edit: %d versions not updated", len(bad))
	}

	r.Progress = nil
	halves := [][]api.Version{all[:600], all[600:]}
	for i, h := range halves {
		if _, err := c.UpdateVersions(t.Context(), "emberforge-core", ids(h), &api.BulkPatch{Name: api.Ptr(fmt.Sprint("Half ", i))}); err != nil {
			t.Fatal(err)
		}
	}
	current, err := bulk.Load(t.Context(), c, "emberforge-core", ids(all))
	if err != nil {
		t.Fatal(err)
	}
	rename := bulk.Edit{Name: api.Ptr("One name")}
	if patch, err = rename.Patch(); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Edit(t.Context(), bulk.Preview(current, rename, nil), patch); err != nil {
		t.Fatal(err)
	}
	last, err := r.Journal.LastUndoable("emberforge-core")
	if err != nil {
		t.Fatal(err)
	}
	if current, err = bulk.Load(t.Context(), c, "emberforge-core", ids(all)); err != nil {
		t.Fatal(err)
	}
	u := bulk.PlanUndo(last, current)
	if len(u.Groups) != 2 {
		t.Fatalf("the undo has %d groups, want 2", len(u.Groups))
	}
	f.most.Store(0)
	f.srv.ResetInFlight()
	undo, err := r.Undo(t.Context(), u)
	if err != nil {
		t.Fatal(err)
	}
	if m, n := f.most.Load(), f.srv.MaxInFlight(sandbox.ClassBulk); m > 4 || n > 4 {
		t.Errorf("the undo had %d bulk requests in flight (the sandbox counted %d), want at most 4", m, n)
	}
	if bad := notUpdated(undo); len(bad) > 0 {
		t.Fatalf("undo: %d versions not restored", len(bad))
	}
	for i, v := range allVersions(t, c, "emberforge-core") {
		if want := fmt.Sprint("Half ", min(i/600, 1)); i < 1200 && v.Name != want {
			t.Fatalf("%s after undo: name %q, want %q", v.ID, v.Name, want)
		}
	}
}

func notUpdated(e *bulk.Entry) []string {
	var out []string
	for _, o := range e.Outcomes {
		if o.Status != bulk.StatusUpdated {
			out = append(out, o.ID)
		}
	}
	return out
}

// TestInvalidPatchIsRefusedOnceBeforeSending checks that the one check, at
// the API boundary, refuses a bad value by its field's name with nothing
// sent, however many versions the change covers.
func TestInvalidPatchIsRefusedOnceBeforeSending(t *testing.T) {
	t.Parallel()
	c, f := countedSandbox(t, sandbox.Options{}, "bob")
	ids := make([]string, 1200)
	for i := range ids {
		ids[i] = fmt.Sprintf("v%07d", i)
	}
	_, err := c.UpdateVersions(t.Context(), "emberforge-core", ids, &api.BulkPatch{AddPlatforms: []string{"bedrock"}})
	var ve *api.ValidationError
	if !errors.As(err, &ve) || !strings.HasPrefix(ve.Field, "add_platforms") {
		t.Fatalf("err = %v, want a ValidationError naming add_platforms", err)
	}
	if n := f.total.Load(); n != 0 {
		t.Fatalf("%d bulk requests were sent for an invalid patch", n)
	}
	// The edit's own check is the same rule, met before anything is read.
	_, err = bulk.Edit{Platforms: bulk.ListEdit[string]{Mode: bulk.AddRemove, Add: []string{"bedrock"}}}.Patch()
	if !errors.As(err, &ve) || ve.Field != "add_platforms[0]" {
		t.Fatalf("Edit.Patch = %v, want the client's rule naming add_platforms[0]", err)
	}
}
