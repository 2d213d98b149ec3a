package api_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"rdash/api"
)

// testServer serves h under /api/v1 and counts the requests it receives.
type testServer struct {
	*httptest.Server
	requests atomic.Int64
}

func newTestServer(t *testing.T, h http.HandlerFunc) *testServer {
	t.Helper()
	ts := &testServer{}
	ts.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ts.requests.Add(1)
		h(w, r)
	}))
	t.Cleanup(ts.Close)
	return ts
}

// newTestClient returns a client of ts with fast retries, so tests of the
// retry logic do not sleep for long.
func newTestClient(t *testing.T, ts *testServer, opts ...api.Option) *api.Client {
	t.Helper()
	opts = append([]api.Option{api.WithRetryBackoff(time.Millisecond, 5*time.Millisecond, 5*time.Second)}, opts...)
	c, err := api.New(ts.URL+"/api/v1", opts...)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func writeJSON(w http.ResponseWriter, status int, body string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write([]byte(body))
}

const versionJSON = `{"id":"AbCd1234","version":"1.0.0","name":"First","platforms":["paper"],
	"dependencies":[],"downloads":3,"created_at":"2024-05-01T10:00:00Z",
	"channel":{"id":"ch000001","name":"Release","slug":"release","is_default":true},
	"files":[{"id":"fi000001","name":"lumen.jar","size":10,"is_primary":true,"created_at":"2024-05-01T10:00:00Z"}]}`

func TestNewRejectsBadOptions(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		base string
		opts []api.Option
	}{
		"relative base":   {base: "/api/v1"},
		"ftp base":        {base: "ftp://example.com/api"},
		"nil client":      {base: "http://x", opts: []api.Option{api.WithHTTPClient(nil)}},
		"negative retry":  {base: "http://x", opts: []api.Option{api.WithMaxRetries(-1)}},
		"zero concurrent": {base: "http://x", opts: []api.Option{api.WithConcurrency(0)}},
		"zero url length": {base: "http://x", opts: []api.Option{api.WithMaxURLLength(0)}},
		"zero body cap":   {base: "http://x", opts: []api.Option{api.WithMaxBodyBytes(0)}},
		"zero part size":  {base: "http://x", opts: []api.Option{api.WithBulkPartSize(0)}},
		"negative limit":  {base: "http://x", opts: []api.Option{api.WithLimits(api.Limits{Stall: -1})}},
	}
	for name, tc := range cases {
		if _, err := api.New(tc.base, tc.opts...); err == nil {
			t.Errorf("%s: New succeeded", name)
		}
	}
	c, err := api.New("http://example.com/api/v1/", api.WithUserAgent("x"))
	if err != nil || c.BaseURL().String() != "http://example.com/api/v1" {
		t.Errorf("New(trailing slash) = %v, %v", c, err)
	}
}

func TestStatusErrors(t *testing.T) {
	t.Parallel()
	cases := []struct {
		status   int
		sentinel error
	}{
		{http.StatusBadRequest, nil},
		{http.StatusUnauthorized, api.ErrUnauthorized},
		{http.StatusForbidden, api.ErrForbidden},
		{http.StatusNotFound, api.ErrNotFound},
		{http.StatusConflict, api.ErrConflict},
		{http.StatusRequestEntityTooLarge, nil},
		{http.StatusInternalServerError, nil},
	}
	for _, tc := range cases {
		t.Run(http.StatusText(tc.status), func(t *testing.T) {
			t.Parallel()
			ts := newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
				writeJSON(w, tc.status, `{"error":{"code":"some_code","message":"what went wrong"}}`)
			})
			c := newTestClient(t, ts, api.WithMaxRetries(0))
			_, _, err := c.ListVersions(t.Context(), "lumen", &api.ListVersionsOptions{Search: "secret-query"})
			var e *api.Error
			if !errors.As(err, &e) {
				t.Fatalf("err = %v, want *api.Error", err)
			}
			want := api.Error{StatusCode: tc.status, Method: "GET", Path: "/api/v1/projects/lumen/versions", Code: "some_code", Message: "what went wrong"}
			if *e != want {
				t.Errorf("error = %+v, want %+v", *e, want)
			}
			if tc.sentinel != nil && !errors.Is(err, tc.sentinel) {
				t.Errorf("errors.Is(%v, %v) = false", err, tc.sentinel)
			}
			if strings.Contains(err.Error(), "secret-query") || strings.Contains(err.Error(), "127.0.0.1") {
				t.Errorf("error %q shows the query or host", err)
			}
		})
	}
}

// TestErrorNeverShowsCredentials checks that neither the query nor the
// base URL's user information reaches an error, for status and transport
// failures alike.
func TestErrorNeverShowsCredentials(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusForbidden, `{"message":"no"}`)
	})
	base := strings.Replace(ts.URL, "http://", "http://user:hunter2@", 1) + "/api/v1"
	c, err := api.New(base, api.WithMaxRetries(0))
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.DeleteVersions(t.Context(), "lumen", []string{"tokenish1"})
	ts.Close()
	_, _, err2 := c.ListVersions(t.Context(), "lumen", &api.ListVersionsOptions{Search: "tokenish2"})
	for _, e := range []error{err, err2} {
		if e == nil || strings.Contains(e.Error(), "hunter2") || strings.Contains(e.Error(), "tokenish") {
			t.Errorf("error %v is nil or shows credentials", e)
		}
	}
}

func TestErrorShapes(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, contentType, body string
		code, message           string
	}{
		{"wire", "application/json", `{"error":{"code":"bad_field","message":"data.version: too long"}}`, "bad_field", "data.version: too long"},
		{"message", "application/json", `{"message":"Version not found","code":404}`, "404", "Version not found"},
		{"oauth", "application/json", `{"error":"invalid_grant","error_description":"code expired"}`, "invalid_grant", "code expired"},
		{"oauth without description", "application/json", `{"error":"invalid_grant"}`, "invalid_grant", "invalid_grant"},
		{"errors list", "application/json", `{"errors":[{"message":"first"},{"message":"second"}]}`, "", "first; second"},
		{"errors strings", "application/json", `{"errors":["one","two"]}`, "", "one; two"},
		{"problem", "application/problem+json", `{"title":"Bad Request","detail":"name is required"}`, "", "name is required"},
		{"problem title only", "application/problem+json", `{"title":"Bad Request"}`, "", "Bad Request"},
		{"plain text", "text/plain", "upstream timed out\nmore detail", "", "upstream timed out"},
		{"empty", "", "", "", ""},
		{"unknown json", "application/json", `{"foo":1}`, "", ""},
		// The message stays data; displays sanitize it (Error() filters too).
		{"escape codes", "text/plain", "bad \x1b[31mred\x1b[0m\x07 thing", "", "bad \x1b[31mred\x1b[0m\x07 thing"},
		{"invalid utf-8", "text/plain", "bad \xff\x9b thing", "", "bad \uFFFD thing"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			ts := newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
				if tc.contentType != "" {
					w.Header().Set("Content-Type", tc.contentType)
				}
				w.WriteHeader(http.StatusBadRequest)
				_, _ = w.Write([]byte(tc.body))
			})
			_, _, err := newTestClient(t, ts).GetUser(t.Context(), "@me")
			var e *api.Error
			if !errors.As(err, &e) {
				t.Fatalf("err = %v", err)
			}
			if e.Code != tc.code || e.Message != tc.message {
				t.Errorf("code, message = %q, %q; want %q, %q", e.Code, e.Message, tc.code, tc.message)
			}
			if tc.message == "" && !strings.Contains(err.Error(), "Bad Request") {
				t.Errorf("error %q lacks the status text", err)
			}
		})
	}
}

func TestLongErrorBodyIsBounded(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusBadRequest, `{"message":"`+strings.Repeat("x", 1<<20)+`"}`)
	})
	_, _, err := newTestClient(t, ts).GetUser(t.Context(), "@me")
	var e *api.Error
	if !errors.As(err, &e) || len(e.Message) > 1000 {
		t.Fatalf("err = %.100v (message %d bytes)", err, len(e.Message))
	}
}

func TestEmptySuccessBodies(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.Method {
		case http.MethodDelete:
			w.WriteHeader(http.StatusNoContent)
		case http.MethodPatch:
			writeJSON(w, http.StatusOK, `{"data":{"accepted":true}}`)
		case http.MethodPost:
			writeJSON(w, http.StatusCreated, `{"data":{"id":"u1","username":"dave","accepted":false}}`)
		}
	})
	c := newTestClient(t, ts)
	ctx := t.Context()
	if resp, err := c.DeleteVersion(ctx, "lumen", "AbCd1234"); err != nil || resp.StatusCode != http.StatusNoContent {
		t.Errorf("DeleteVersion = %v, %v", resp, err)
	}
	if _, err := c.DeleteInvitation(ctx, "emberforge", "dave"); err != nil {
		t.Errorf("DeleteInvitation: %v", err)
	}
	if _, err := c.AcceptInvitation(ctx, "emberforge", "dave"); err != nil {
		t.Errorf("AcceptInvitation: %v", err)
	}
	if resp, err := c.CreateInvitation(ctx, "emberforge", &api.InvitationRequest{Invitee: "dave"}); err != nil || resp.StatusCode != http.StatusCreated {
		t.Errorf("CreateInvitation = %v, %v", resp, err)
	}
	if res, err := c.DeleteVersions(ctx, "lumen", []string{"AbCd1234"}); err != nil || len(res.Succeeded) != 1 {
		t.Errorf("DeleteVersions = %+v, %v", res, err)
	}
}

func TestContextCancelled(t *testing.T) {
	t.Parallel()
	release := make(chan struct{})
	ts := newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	})
	t.Cleanup(func() { close(release) })
	c := newTestClient(t, ts)

	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, _, err := c.GetVersion(ctx, "lumen", "1.0.0"); !errors.Is(err, context.Canceled) {
		t.Errorf("GetVersion(cancelled) = %v", err)
	}
	if _, err := c.DeleteVersion(ctx, "lumen", "1.0.0"); !errors.Is(err, context.Canceled) || errors.Is(err, api.ErrMaybeApplied) {
		t.Errorf("DeleteVersion(cancelled before sending) = %v, want cancelled and not maybe-applied", err)
	}
	if n := ts.requests.Load(); n != 0 {
		t.Errorf("a cancelled context sent %d requests", n)
	}

	// The server never answers: only the deadline ends the call.
	ctx, cancel = context.WithTimeout(t.Context(), 50*time.Millisecond)
	defer cancel()
	err := within(t, func() error { _, err := c.DeleteVersion(ctx, "lumen", "1.0.0"); return err })
	if !errors.Is(err, context.DeadlineExceeded) || !errors.Is(err, api.ErrMaybeApplied) {
		t.Errorf("DeleteVersion(timeout in flight) = %v, want deadline and maybe-applied", err)
	}
	ctx, cancel = context.WithTimeout(t.Context(), 50*time.Millisecond)
	defer cancel()
	err = within(t, func() error { _, _, err := c.GetVersion(ctx, "lumen", "1.0.0"); return err })
	if !errors.Is(err, context.DeadlineExceeded) || errors.Is(err, api.ErrMaybeApplied) {
		t.Errorf("GetVersion(timeout in flight) = %v, want deadline", err)
	}
}

func TestMalformedBody(t *testing.T) {
	t.Parallel()
	bodies := map[string]string{
		"truncated":  `{"data":[{"id":"x"`,
		"wrong type": `{"data":[{"id":"x","downloads":"many"}]}`,
		"not json":   `hello`,
	}
	for name, body := range bodies {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ts := newTestServer(t, func(w http.ResponseWriter, r *http.Request) { writeJSON(w, http.StatusOK, body) })
			_, _, err := newTestClient(t, ts).ListVersions(t.Context(), "lumen", nil)
			if !errors.Is(err, api.ErrMalformedResponse) || !strings.Contains(err.Error(), "/api/v1/projects/lumen/versions") {
				t.Errorf("err = %v, want a malformed response naming the endpoint", err)
			}
			if n := ts.requests.Load(); n != 1 {
				t.Errorf("a malformed body was retried: %d requests", n)
			}
		})
	}
}

func TestOversizedBody(t *testing.T) {
	t.Parallel()
	big := `{"data":[` + strings.Repeat(`{"id":"xxxxxxxx"},`, 200) + `{"id":"yyyyyyyy"}]}`
	for _, streamed := range []bool{false, true} {
		ts := newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			if streamed { // no Content-Length: the cap must hold while reading
				w.(http.Flusher).Flush()
			}
			_, _ = w.Write([]byte(big))
		})
		c := newTestClient(t, ts, api.WithMaxBodyBytes(1024))
		if _, _, err := c.ListVersions(t.Context(), "lumen", nil); !errors.Is(err, api.ErrResponseTooLarge) {
			t.Errorf("streamed=%v: err = %v, want ErrResponseTooLarge", streamed, err)
		}
		c = newTestClient(t, ts, api.WithMaxBodyBytes(int64(len(big))))
		if _, _, err := c.ListVersions(t.Context(), "lumen", nil); err != nil {
			t.Errorf("streamed=%v: a body at the cap failed: %v", streamed, err)
		}
	}
}

// TestBadTokenIsNotQuoted checks that a token that is not a valid header
// value (issue 10: one with control characters was stored) fails the
// request without the token appearing in the error, for reads and changes.
func TestBadTokenIsNotQuoted(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, status(200))
	for _, token := range []string{"sekrit\nInjected: yes", "sekrit\x00", "sekrit\r\n\r\nGET / HTTP/1.1"} {
		c := newTestClient(t, ts, api.WithHTTPClient(&http.Client{Transport: bearer{token}}), api.WithMaxRetries(1))
		_, _, errGet := c.GetUser(t.Context(), "@me")
		_, errDel := c.DeleteVersion(t.Context(), "lumen", "1.0.0")
		for _, err := range []error{errGet, errDel} {
			if err == nil || strings.Contains(err.Error(), "sekrit") {
				t.Errorf("token %q: err = %v, want a failure that does not quote it", token, err)
			}
		}
	}
	if n := ts.requests.Load(); n != 0 {
		t.Errorf("%d requests with an invalid header reached the server", n)
	}
}
