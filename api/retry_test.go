package api_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"rdash/api"
)

// failFirst answers the first n requests with fail and later ones with a
// version list.
func failFirst(n int64, fail http.HandlerFunc) http.HandlerFunc {
	var seen atomic.Int64
	return func(w http.ResponseWriter, r *http.Request) {
		if seen.Add(1) <= n {
			fail(w, r)
			return
		}
		writeJSON(w, http.StatusOK, `{"data":[`+versionJSON+`]}`)
	}
}

func status(code int, header ...string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		for i := 0; i+1 < len(header); i += 2 {
			w.Header().Set(header[i], header[i+1])
		}
		writeJSON(w, code, `{"error":{"code":"x","message":"injected"}}`)
	}
}

// hangUp closes the connection without answering, like a crashed server.
func hangUp(w http.ResponseWriter, r *http.Request) {
	conn, _, err := w.(http.Hijacker).Hijack()
	if err == nil {
		conn.Close()
	}
}

// cutBody promises a long body and drops the connection part way.
func cutBody(w http.ResponseWriter, r *http.Request) {
	conn, buf, err := w.(http.Hijacker).Hijack()
	if err != nil {
		return
	}
	defer conn.Close()
	_, _ = buf.WriteString("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"data\":[")
	_ = buf.Flush()
}

func TestGetRetries(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name     string
		handler  http.HandlerFunc
		requests int64
		minWait  time.Duration
	}{
		{"429 with Retry-After seconds", failFirst(1, status(429, "Retry-After", "1")), 2, time.Second},
		{"429 without Retry-After", failFirst(2, status(429)), 3, 0},
		{"503 twice", failFirst(2, status(503)), 3, 0},
		{"503 with Retry-After seconds", failFirst(1, status(503, "Retry-After", "1")), 2, time.Second},
		{"500 then 502", failFirst(2, status(500)), 3, 0},
		{"dropped connection", failFirst(1, hangUp), 2, 0},
		{"body cut short", failFirst(1, cutBody), 2, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			ts := newTestServer(t, tc.handler)
			start := time.Now()
			versions, _, err := newTestClient(t, ts).ListVersions(t.Context(), "lumen", nil)
			if err != nil || len(versions) != 1 {
				t.Fatalf("ListVersions = %v, %v", versions, err)
			}
			if n := ts.requests.Load(); n != tc.requests {
				t.Errorf("%d requests, want %d", n, tc.requests)
			}
			if d := time.Since(start); d < tc.minWait {
				t.Errorf("retried after %v, before Retry-After %v", d, tc.minWait)
			}
		})
	}
}

func TestRetryAfterHTTPDate(t *testing.T) {
	t.Parallel()
	date := time.Now().Add(2 * time.Second).UTC().Format(http.TimeFormat)
	ts := newTestServer(t, failFirst(1, status(429, "Retry-After", date)))
	start := time.Now()
	if _, _, err := newTestClient(t, ts).ListVersions(t.Context(), "lumen", nil); err != nil {
		t.Fatal(err)
	}
	// The date has a resolution of one second, so the wait is 1-2 s.
	if d := time.Since(start); d < 900*time.Millisecond {
		t.Errorf("retried after %v, before the Retry-After date", d)
	}
}

func TestRetryExhaustion(t *testing.T) {
	t.Parallel()
	for _, retries := range []int{0, 1, 3} {
		ts := newTestServer(t, status(503))
		_, _, err := newTestClient(t, ts, api.WithMaxRetries(retries)).GetVersionByID(t.Context(), "AbCd1234")
		var e *api.Error
		if !errors.As(err, &e) || e.StatusCode != 503 {
			t.Errorf("retries=%d: err = %v, want the 503", retries, err)
		}
		if n := ts.requests.Load(); n != int64(retries+1) {
			t.Errorf("retries=%d: %d requests, want %d", retries, n, retries+1)
		}
	}
}

func TestRateLimitError(t *testing.T) {
	t.Parallel()
	// A wait longer than the client will sleep (5s in tests) is handed
	// back at once: one request, and no two-minute sleep before the test's
	// deadline.
	ts := newTestServer(t, status(429, "Retry-After", "120"))
	err := within(t, func() error { _, _, err := newTestClient(t, ts).GetUser(t.Context(), "@me"); return err })
	var rl *api.RateLimitError
	if !errors.As(err, &rl) || rl.RetryAfter != 120*time.Second || rl.StatusCode != 429 {
		t.Fatalf("err = %v, want a RateLimitError of 2m", err)
	}
	if !errors.Is(err, api.ErrRateLimited) || !strings.Contains(err.Error(), "retry after 2m0s") {
		t.Errorf("err = %q, want ErrRateLimited and the wait", err)
	}
	if n := ts.requests.Load(); n != 1 {
		t.Errorf("%d requests, want 1", n)
	}
}

// TestLongServiceUnavailableIsNotWaited checks that a 503 asking for a
// longer wait than the client accepts is returned, not slept on.
func TestLongServiceUnavailableIsNotWaited(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, status(503, "Retry-After", "3600"))
	err := within(t, func() error { _, _, err := newTestClient(t, ts).GetUser(t.Context(), "@me"); return err })
	var e *api.Error
	if !errors.As(err, &e) || e.StatusCode != 503 || ts.requests.Load() != 1 {
		t.Errorf("err = %v after %d requests, want the 503 after 1", err, ts.requests.Load())
	}
}

// TestRetryWaitRespectsContext checks that the wait before a retry ends
// with the context: the server asks for an hour, which the client would
// accept, and the context ends long before.
func TestRetryWaitRespectsContext(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, status(429, "Retry-After", "3600"))
	c := newTestClient(t, ts, api.WithRetryBackoff(time.Millisecond, time.Millisecond, 2*time.Hour))
	ctx, cancel := context.WithTimeout(t.Context(), 100*time.Millisecond)
	defer cancel()
	err := within(t, func() error { _, _, err := c.GetUser(ctx, "@me"); return err })
	if !errors.Is(err, context.DeadlineExceeded) || ts.requests.Load() != 1 {
		t.Errorf("err = %v after %d requests, want the deadline after 1", err, ts.requests.Load())
	}
}

// within runs call and returns its error, failing the test if call has not
// returned within a minute: a deadline for a call that must not wait for
// the server, generous enough for a loaded machine.
func within(t *testing.T, call func() error) error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- call() }()
	select {
	case err := <-done:
		return err
	case <-time.After(time.Minute):
		t.Fatal("the call did not return within a minute")
		return nil
	}
}

// TestChangesAreNotRetried sends every kind of change to a failing server:
// each is sent once, and a failure after sending says the change may have
// been applied, while a refusal (4xx other than 429) does not.
func TestChangesAreNotRetried(t *testing.T) {
	t.Parallel()
	calls := map[string]func(c *api.Client) error{
		"CreateVersion": func(c *api.Client) error {
			_, _, err := c.CreateVersion(t.Context(), "lumen", &api.CreateVersionRequest{
				Channel: "release", Version: "2.0", Name: "Two", Files: []string{"https://example.com/a.jar"}})
			return err
		},
		"UpdateVersion": func(c *api.Client) error {
			_, _, err := c.UpdateVersion(t.Context(), "lumen", "1.0.0", &api.UpdateVersionRequest{Name: api.Ptr("x")})
			return err
		},
		"DeleteVersion": func(c *api.Client) error { _, err := c.DeleteVersion(t.Context(), "lumen", "1.0.0"); return err },
		"UpdateVersions": func(c *api.Client) error {
			_, err := c.UpdateVersions(t.Context(), "lumen", []string{"AbCd1234"}, &api.BulkPatch{Name: api.Ptr("x")})
			return err
		},
		"DeleteVersions": func(c *api.Client) error {
			_, err := c.DeleteVersions(t.Context(), "lumen", []string{"AbCd1234"})
			return err
		},
		"CreateInvitation": func(c *api.Client) error {
			_, err := c.CreateInvitation(t.Context(), "o", &api.InvitationRequest{Invitee: "dave"})
			return err
		},
		"AcceptInvitation": func(c *api.Client) error { _, err := c.AcceptInvitation(t.Context(), "o", "dave"); return err },
		"DeleteInvitation": func(c *api.Client) error { _, err := c.DeleteInvitation(t.Context(), "o", "dave"); return err },
	}
	failures := map[string]struct {
		handler      http.HandlerFunc
		maybeApplied bool
	}{
		"503":     {status(503), true},
		"429":     {status(429, "Retry-After", "0"), true},
		"dropped": {hangUp, true},
		"400":     {status(400), false},
		"409":     {status(409), false},
	}
	for name, call := range calls {
		for fname, f := range failures {
			t.Run(name+"/"+fname, func(t *testing.T) {
				t.Parallel()
				ts := newTestServer(t, f.handler)
				err := call(newTestClient(t, ts))
				if err == nil {
					t.Fatal("no error")
				}
				if n := ts.requests.Load(); n != 1 {
					t.Errorf("%d requests, want 1", n)
				}
				if got := errors.Is(err, api.ErrMaybeApplied); got != f.maybeApplied {
					t.Errorf("maybe applied = %v, want %v (err %v)", got, f.maybeApplied, err)
				}
				if f.maybeApplied && !strings.Contains(err.Error(), "reload to check") {
					t.Errorf("err %q does not tell the user to reload", err)
				}
			})
		}
	}
}

func TestRefusedConnectionIsNotMaybeApplied(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, status(200))
	c := newTestClient(t, ts)
	ts.Close()
	_, err := c.DeleteVersion(t.Context(), "lumen", "1.0.0")
	if err == nil || errors.Is(err, api.ErrMaybeApplied) {
		t.Errorf("err = %v, want a plain dial failure: nothing reached the server", err)
	}
}

// refusingTransport is an HTTP client whose token source gave up, as the
// auth package's transport does when a sign-in is refused: the error
// matches api.ErrUnauthorized.
type refusingTransport struct{ calls atomic.Int64 }

type signInRefused struct{}

func (signInRefused) Error() string        { return "sign in again: run `rdash auth login`" }
func (signInRefused) Is(target error) bool { return target == api.ErrUnauthorized }

func (rt *refusingTransport) RoundTrip(*http.Request) (*http.Response, error) {
	rt.calls.Add(1)
	return nil, signInRefused{}
}

func TestRefusedSignInIsNeitherRetriedNorMaybeApplied(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, status(200))
	rt := &refusingTransport{}
	c := newTestClient(t, ts, api.WithHTTPClient(&http.Client{Transport: rt}))
	if _, _, err := c.GetVersion(t.Context(), "lumen", "1.0.0"); !errors.Is(err, api.ErrUnauthorized) {
		t.Fatalf("GET err = %v, want it to match ErrUnauthorized", err)
	}
	if n := rt.calls.Load(); n != 1 {
		t.Errorf("a refused sign-in was tried %d times, want 1", n)
	}
	_, err := c.DeleteVersion(t.Context(), "lumen", "1.0.0")
	if !errors.Is(err, api.ErrUnauthorized) || errors.Is(err, api.ErrMaybeApplied) {
		t.Errorf("DELETE err = %v, want ErrUnauthorized and not 'may have applied'", err)
	}
}

// TestRefusalsAreNotRetried checks that a GET refused with a 4xx other
// than 429 is asked once: asking again gets the same answer.
func TestRefusalsAreNotRetried(t *testing.T) {
	t.Parallel()
	for _, code := range []int{400, 401, 403, 404, 409, 413, 501} {
		ts := newTestServer(t, status(code, "Retry-After", "1"))
		_, _, err := newTestClient(t, ts, api.WithMaxRetries(3)).GetVersion(t.Context(), "lumen", "1.0.0")
		var e *api.Error
		if !errors.As(err, &e) || e.StatusCode != code {
			t.Errorf("%d: err = %v", code, err)
		}
		if n := ts.requests.Load(); n != 1 {
			t.Errorf("%d: %d requests, want 1", code, n)
		}
	}
}
