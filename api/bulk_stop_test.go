package api_test

import (
	"errors"
	"net/http"
	"testing"

	"rdash/api"
)

// stopAfterFirst closes stop once the first request has its answer, as a
// user stopping a run while its first part is under way.
type stopAfterFirst struct{ stop chan struct{} }

func (s stopAfterFirst) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := http.DefaultTransport.RoundTrip(r)
	select {
	case <-s.stop:
	default:
		close(s.stop)
	}
	return resp, err
}

// A stopped change sends no part after the stop, and lets the part under
// way end: its versions are known, the rest failed unsent (ErrNoResponse,
// never ErrMaybeApplied), where a cancel would have cut it off.
func TestBulkStopSendsNoFurtherPart(t *testing.T) {
	t.Parallel()
	stop := make(chan struct{})
	ts := newTestServer(t, (&bulkRecorder{}).ServeHTTP)
	c := newTestClient(t, ts, api.WithConcurrency(1), api.WithHTTPClient(&http.Client{Transport: stopAfterFirst{stop}}))
	res, err := c.UpdateVersions(api.WithBulkStop(t.Context(), stop), "lumen", makeIDs(500, "v%07d"),
		&api.BulkPatch{Name: new("n")})
	if got := ts.requests.Load(); got != 1 || len(res.Succeeded) != 100 || len(res.Failed) != 4 {
		t.Fatalf("%d requests, %d succeeded, %d parts failed; want 1, 100, 4", got, len(res.Succeeded), len(res.Failed))
	}
	for _, f := range res.Failed {
		if !errors.Is(f.Err, api.ErrNoResponse) || errors.Is(f.Err, api.ErrMaybeApplied) {
			t.Errorf("a part not sent failed with %v, which does not say it was not sent", f.Err)
		}
	}
	if err == nil {
		t.Error("a stopped change reports no error")
	}
	again, err := c.UpdateVersions(t.Context(), "lumen", makeIDs(200, "w%07d"), &api.BulkPatch{Name: new("n")})
	if err != nil || len(again.Succeeded) != 200 {
		t.Errorf("a change without the stop: %v, %d succeeded", err, len(again.Succeeded))
	}
}
