package api_test

import (
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"rdash/api"
	"rdash/api/sandbox"
)

// elsewhere is another origin that records what reaches it and answers
// as a server of the same interface would: a 404 in the JSON error shape.
type elsewhere struct {
	*httptest.Server
	requests atomic.Int64
	auth     atomic.Value // the last Authorization header
}

func newElsewhere(t *testing.T) *elsewhere {
	t.Helper()
	e := &elsewhere{}
	e.auth.Store("")
	e.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		e.requests.Add(1)
		e.auth.Store(r.Header.Get("Authorization"))
		if strings.HasPrefix(r.URL.Path, "/files/") {
			w.Write([]byte("file from elsewhere"))
			return
		}
		writeJSON(w, http.StatusNotFound, `{"error":{"code":"not_found","message":"no version 1.0.0 in project lumen"}}`)
	}))
	t.Cleanup(e.Close)
	return e
}

// redirecting answers the requests that match with a redirect to where
// (a path on the proxy's own origin, or a URL elsewhere) and passes the
// rest to the sandbox.
func redirecting(match func(*http.Request) bool, status int, where func(*http.Request) string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if !match(r) {
				next.ServeHTTP(w, r)
				return
			}
			http.Redirect(w, r, where(r), status)
		})
	}
}

// TestRedirectToAnotherOriginIsNotFollowed: an API call redirected to
// another host is not sent there, and that host's answer is never taken
// for the service's (issue 18.8: a 302 made "no version … in project
// lumen" come from another host, and a bulk PATCH became a GET there).
func TestRedirectToAnotherOriginIsNotFollowed(t *testing.T) {
	t.Parallel()
	env := startSandbox(t, sandbox.Options{})
	other := newElsewhere(t)
	base := env.proxy(t, redirecting(func(r *http.Request) bool { return strings.Contains(r.URL.Path, "/projects/lumen/") }, http.StatusFound,
		func(r *http.Request) string { return other.URL + r.URL.Path }))
	c := env.clientAt(t, base+"/api/v1", "alice")
	want := "the server at " + base + "/api/v1 redirected to " + other.URL + "/api/v1/projects/lumen/versions"

	_, _, err := c.GetVersion(t.Context(), "lumen", "1.0.0")
	if !errors.Is(err, api.ErrRedirected) || errors.Is(err, api.ErrNotFound) || !strings.Contains(err.Error(), want) ||
		!strings.Contains(err.Error(), "check base_url") {
		t.Fatalf("GetVersion = %v; want a redirect error naming both servers", err)
	}
	res, err := c.UpdateVersions(t.Context(), "lumen", []string{lumenV100}, &api.BulkPatch{Name: api.Ptr("Moved")})
	if !errors.Is(err, api.ErrRedirected) || !errors.Is(err, api.ErrMaybeApplied) || len(res.Failed) != 1 {
		t.Fatalf("UpdateVersions = %+v, %v; want the part failed as redirected, maybe applied", res, err)
	}
	if n := other.requests.Load(); n != 0 {
		t.Fatalf("%d requests reached the other host", n)
	}
}

// TestRedirectOnTheSameOrigin: a 307 or 308 keeps the method and is
// followed on the API's origin; a 301, 302 or 303 after a change, which
// would turn it into a GET, is not.
func TestRedirectOnTheSameOrigin(t *testing.T) {
	t.Parallel()
	env := startSandbox(t, sandbox.Options{})
	moved := func(r *http.Request) bool { return strings.HasPrefix(r.URL.Path, "/old/") }
	to := func(r *http.Request) string { return strings.TrimPrefix(r.URL.RequestURI(), "/old") }
	for _, status := range []int{http.StatusTemporaryRedirect, http.StatusPermanentRedirect} {
		base := env.proxy(t, redirecting(moved, status, to))
		c := env.clientAt(t, base+"/old/api/v1", "alice")
		res, err := c.UpdateVersions(t.Context(), "lumen", []string{lumenV100}, &api.BulkPatch{Changelog: api.Ptr("moved by a 307 or 308")})
		if err != nil || len(res.Versions) != 1 || res.Versions[0].Changelog != "moved by a 307 or 308" {
			t.Fatalf("%d: UpdateVersions = %+v, %v; want it followed with its method", status, res, err)
		}
	}
	for _, status := range []int{http.StatusMovedPermanently, http.StatusFound, http.StatusSeeOther} {
		base := env.proxy(t, redirecting(moved, status, to))
		c := env.clientAt(t, base+"/old/api/v1", "alice")
		if v, _, err := c.GetVersion(t.Context(), "lumen", "1.0.0"); err != nil || v.ID != lumenV100 {
			t.Fatalf("%d: a GET on the same origin was not followed: %v", status, err)
		}
		res, err := c.UpdateVersions(t.Context(), "lumen", []string{lumenV100}, &api.BulkPatch{Name: api.Ptr("Became a GET")})
		if !errors.Is(err, api.ErrRedirected) || !strings.Contains(err.Error(), "would turn the PATCH into a GET") || len(res.Versions) != 0 {
			t.Fatalf("%d: UpdateVersions = %+v, %v; want a redirect error", status, res, err)
		}
	}
	v, _, err := env.clientAt(t, env.run.BaseURL, "alice").GetVersionByID(t.Context(), lumenV100)
	if err != nil || v.Name == "Became a GET" {
		t.Fatalf("the version = %+v, %v", v, err)
	}
}

// TestDownloadRedirectElsewhereGetsNoToken: downloads follow the
// redirect, to another origin too, but the token stays on the API's.
func TestDownloadRedirectElsewhereGetsNoToken(t *testing.T) {
	t.Parallel()
	env := startSandbox(t, sandbox.Options{})
	cdn := newElsewhere(t)
	base := env.proxy(t, redirecting(func(r *http.Request) bool { return strings.Contains(r.URL.Path, "/download") }, http.StatusFound,
		func(*http.Request) string { return cdn.URL + "/files/lumen.jar" }))
	c := env.clientAt(t, base+"/api/v1", "alice")
	body, _, err := c.Download(t.Context(), "lumen", lumenV100, "")
	if err != nil {
		t.Fatal(err)
	}
	defer body.Close()
	got, err := io.ReadAll(body)
	if err != nil || string(got) != "file from elsewhere" {
		t.Fatalf("download = %q, %v", got, err)
	}
	if a := cdn.auth.Load().(string); a != "" || cdn.requests.Load() != 1 {
		t.Fatalf("the other origin got Authorization %q in %d requests", a, cdn.requests.Load())
	}
}
