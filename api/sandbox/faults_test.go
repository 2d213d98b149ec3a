package sandbox

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// faultHarness serves s over loopback to a client that opens a connection
// per request, so the transport never retries a dropped request on its own.
func faultHarness(t *testing.T, opts Options) (*Server, *httptest.Server, *http.Client) {
	t.Helper()
	s, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(ts.Close)
	return s, ts, &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
}

// outcome sends a request and sums up what the client saw: a status, or
// "drop" when the connection closed without an answer.
func outcome(t *testing.T, hc *http.Client, method, url, tok, ctype, body string) (string, http.Header) {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if tok != "" {
		req.Header.Set("Authorization", "Bearer "+tok)
	}
	req.Header.Set("Content-Type", ctype)
	resp, err := hc.Do(req)
	if err != nil {
		return "drop", nil
	}
	defer resp.Body.Close()
	io.Copy(io.Discard, resp.Body)
	return fmt.Sprint(resp.StatusCode), resp.Header
}

// TestFaultsBeforeAndAfter predicts each fault from the seed and checks that
// a before-fault changed nothing and an after-fault applied the change.
func TestFaultsBeforeAndAfter(t *testing.T) {
	t.Parallel()
	s, ts, hc := faultHarness(t, Options{FaultRate: 1, FaultSeed: 42})
	predict := newFaults(1, 42, 0)
	tok, err := s.MintToken("alice")
	if err != nil {
		t.Fatal(err)
	}
	s.mu.Lock()
	v := s.st.projBy["lumen"].withVersion("2.4.0")
	s.mu.Unlock()
	seen := map[fault]bool{}
	for i := range 40 {
		ft, _ := predict.next()
		seen[ft] = true
		name := fmt.Sprintf("name %d", i)
		got, header := outcome(t, hc, "PATCH", ts.URL+APIPrefix+"/projects/lumen/versions?ids="+v.id, tok,
			"application/json", `{"name": "`+name+`"}`)
		if want := ft.kind.String(); got != want {
			t.Fatalf("request %d: %s, want %s", i, got, want)
		}
		if ft.kind == faultRateLimit && header.Get("Retry-After") != "1" {
			t.Errorf("429 without Retry-After: 1")
		}
		s.mu.Lock()
		applied := v.name == name
		s.mu.Unlock()
		if applied != ft.after {
			t.Fatalf("request %d: fault %+v, change applied: %v", i, ft, applied)
		}
	}
	if len(seen) != 2*int(faultKinds) {
		t.Errorf("40 draws met only %d of the %d faults", len(seen), 2*faultKinds)
	}
}

// TestFaultRate checks that a seed gives the same faults on every run, at
// about the asked rate, and that only the API is faulted.
func TestFaultRate(t *testing.T) {
	t.Parallel()
	run := func() []string {
		s, ts, hc := faultHarness(t, Options{FaultRate: 0.3, FaultSeed: 7})
		tok, _ := s.MintToken("alice")
		var seq []string
		for range 100 {
			got, _ := outcome(t, hc, "GET", ts.URL+APIPrefix+"/projects/lumen/versions?page_size=1", tok, "", "")
			seq = append(seq, got)
			// The account service and files are never faulted.
			if got, _ := outcome(t, hc, "POST", ts.URL+AuthPrefix+"/oauth/token", "", "application/x-www-form-urlencoded", ""); got != "401" {
				t.Fatalf("token endpoint answered %s", got)
			}
		}
		return seq
	}
	a, b := run(), run()
	if strings.Join(a, ",") != strings.Join(b, ",") {
		t.Fatalf("the same seed gave different faults:\n%v\n%v", a, b)
	}
	ok := strings.Count(strings.Join(a, ","), "200")
	if ok < 55 || ok > 85 {
		t.Errorf("%d of 100 requests succeeded at a fault rate of 0.3", ok)
	}
}

func TestLatency(t *testing.T) {
	t.Parallel()
	_, ts, hc := faultHarness(t, Options{Latency: 50 * time.Millisecond})
	start := time.Now()
	if got, _ := outcome(t, hc, "GET", ts.URL+APIPrefix+"/projects/lumen/versions", "", "", ""); got != "200" {
		t.Fatalf("status %s", got)
	}
	if d := time.Since(start); d < 50*time.Millisecond {
		t.Errorf("answered in %v despite 50ms of latency", d)
	}
}

func TestOptionsRejected(t *testing.T) {
	t.Parallel()
	for _, opts := range []Options{{FaultRate: 1.5}, {FaultRate: -0.1}, {Latency: -time.Second}, {CodeTTL: -1}, {Data: []byte("{")}} {
		if _, err := New(opts); err == nil {
			t.Errorf("New accepted %+v", opts)
		}
	}
}
