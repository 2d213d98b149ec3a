package sandbox

import (
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"
)

func TestClassOf(t *testing.T) {
	t.Parallel()
	for pattern, want := range map[string]RouteClass{
		"PATCH " + APIPrefix + "/projects/{projectId}/versions":             ClassBulk,
		"DELETE " + APIPrefix + "/projects/{projectId}/versions":            ClassBulk,
		"POST " + APIPrefix + "/projects/{projectId}/versions":              ClassWrite,
		"PATCH " + APIPrefix + "/projects/{projectId}/versions/{versionId}": ClassWrite,
		"POST " + APIPrefix + "/orgs/{orgId}/invitations":                   ClassWrite,
		"GET " + APIPrefix + "/projects/{projectId}/versions":               ClassRead,
		"POST " + AuthPrefix + "/oauth/token":                               ClassAuth,
		"GET /files/{fileId}/{name}":                                        ClassOther,
		"/":                                                                 ClassOther,
	} {
		if got := classOf(pattern); got != want {
			t.Errorf("classOf(%q) = %s, want %s", pattern, got, want)
		}
	}
}

// TestMaxInFlight sends 6 bulk PATCHes at once through the whole server and
// checks what was counted, and that reads are counted apart. (How many
// overlapped depends on timing; TestMaxInFlightCountsOverlap checks that.)
func TestMaxInFlight(t *testing.T) {
	t.Parallel()
	s, ts, hc := faultHarness(t, Options{Latency: 200 * time.Millisecond})
	tok, err := s.MintToken("alice")
	if err != nil {
		t.Fatal(err)
	}
	s.mu.Lock()
	id := s.st.projBy["lumen"].withVersion("2.4.0").id
	s.mu.Unlock()
	const n = 6
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			got, _ := outcome(t, hc, "PATCH", ts.URL+APIPrefix+"/projects/lumen/versions?ids="+id, tok,
				"application/json", fmt.Sprintf(`{"changelog": "%d"}`, i))
			if got != "200" {
				t.Errorf("bulk PATCH %d: %s", i, got)
			}
		})
	}
	wg.Wait()
	got := s.InFlight(ClassBulk)
	if got.Total != n || got.Now != 0 || got.Max < 1 || got.Max > n {
		t.Errorf("bulk counts %+v after %d requests", got, n)
	}
	if r := s.InFlight(ClassRead); r.Total != 0 {
		t.Errorf("read counts %+v, want none", r)
	}
	if outcome(t, hc, "GET", ts.URL+APIPrefix+"/projects/lumen/versions", "", "", ""); s.InFlight(ClassRead).Total != 1 {
		t.Errorf("a GET was not counted as a read: %+v", s.InFlight(ClassRead))
	}
	s.ResetInFlight()
	if got := s.InFlight(ClassBulk); got != (InFlight{}) {
		t.Errorf("after ResetInFlight: %+v", got)
	}
}

// TestMaxInFlightCountsOverlap holds requests inside the handler chain with
// a gate, so the maximum is exact.
func TestMaxInFlightCountsOverlap(t *testing.T) {
	t.Parallel()
	s, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	gate := make(chan struct{})
	var arrived sync.WaitGroup
	mux := http.NewServeMux()
	mux.HandleFunc("PATCH "+APIPrefix+"/projects/{projectId}/versions", func(http.ResponseWriter, *http.Request) {
		arrived.Done()
		<-gate
	})
	h := s.counted(mux, mux)
	const n = 3
	arrived.Add(n)
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			r, _ := http.NewRequest("PATCH", APIPrefix+"/projects/lumen/versions?ids=x", nil)
			h.ServeHTTP(discard{http.Header{}}, r)
		})
	}
	arrived.Wait()
	if got := s.InFlight(ClassBulk); got.Now != n || got.Max != n {
		t.Errorf("with %d held: %+v", n, got)
	}
	close(gate)
	wg.Wait()
	if got := s.InFlight(ClassBulk); got.Now != 0 || got.Max != n || got.Total != n {
		t.Errorf("after: %+v", got)
	}
}

func TestFaultRetryAfter(t *testing.T) {
	t.Parallel()
	for d, want := range map[time.Duration]string{0: "1", -1: "0", time.Millisecond: "1", 2 * time.Second: "2", 2500 * time.Millisecond: "3"} {
		_, ts, hc := faultHarness(t, Options{FaultRate: 1, FaultSeed: 42, FaultRetryAfter: d})
		predict := newFaults(1, 42, d)
		for range 20 {
			ft, _ := predict.next()
			got, header := outcome(t, hc, "GET", ts.URL+APIPrefix+"/projects/lumen/versions", "", "", "")
			if ft.kind != faultRateLimit {
				continue
			}
			if got != "429" || header.Get("Retry-After") != want {
				t.Errorf("FaultRetryAfter %v: %s with Retry-After %q, want 429 with %q", d, got, header.Get("Retry-After"), want)
			}
		}
	}
}
