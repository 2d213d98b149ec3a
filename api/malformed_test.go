package api_test

import (
	"errors"
	"net/http"
	"strings"
	"testing"

	"rdash/api"
	"rdash/api/sandbox"
)

// TestFarLongerValuesAreMalformed: values the interface defines by length
// (IDs are 8 characters) that arrive far longer are refused as a malformed
// answer naming the field; a 10 MB ID made the detail view take 2.3 s and
// 235 MB (issue 18.6).
func TestFarLongerValuesAreMalformed(t *testing.T) {
	t.Parallel()
	env := startSandbox(t, sandbox.Options{})
	huge := strings.Repeat("A", 10<<20)
	base := env.proxy(t, func(next http.Handler) http.Handler {
		return editJSON(next, func(r *http.Request) bool { return r.Method != http.MethodDelete }, func(body map[string]any) {
			switch data := body["data"].(type) {
			case map[string]any:
				data["id"] = huge
			case []any:
				v := data[len(data)-1].(map[string]any)
				v["dependencies"] = []any{map[string]any{"type": "required", "version_id": huge}}
			}
		})
	})
	c := env.clientAt(t, base+"/api/v1", "alice")
	_, _, err := c.GetVersionByID(t.Context(), lumenV100)
	if !errors.Is(err, api.ErrMalformedResponse) || !strings.Contains(err.Error(), "data.id has 10485760 bytes, where the interface defines at most 8 characters") {
		t.Fatalf("GetVersionByID = %v; want a malformed answer naming data.id", err)
	}
	vs, _, err := c.ListVersions(t.Context(), "lumen", &api.ListVersionsOptions{PageSize: 3})
	if !errors.Is(err, api.ErrMalformedResponse) || !strings.Contains(err.Error(), "data[2].dependencies[0].version_id has 10485760 bytes") {
		t.Fatalf("ListVersions = %d versions, %v; want a malformed answer naming the dependency", len(vs), err)
	}
	if len(err.Error()) > 500 {
		t.Errorf("the error quotes the value: %d bytes", len(err.Error()))
	}
	// A change the server answered 200 may have been applied: the user
	// is told to reload, not that it failed.
	_, _, err = c.UpdateVersion(t.Context(), "lumen", lumenV100, &api.UpdateVersionRequest{Name: api.Ptr("Renamed")})
	if !errors.Is(err, api.ErrMalformedResponse) || !errors.Is(err, api.ErrMaybeApplied) {
		t.Fatalf("UpdateVersion = %v; want malformed and maybe applied", err)
	}
}

// TestAnswersThatAreNotTheServicesJSON: an HTML page, a 404 page, or an
// empty body where data is required is an error naming the URL and
// base_url, never an empty list or "not found" (issue 18.10:
// RDASH_BASE_URL=…/wrong made `projects list` print nothing and exit 0).
func TestAnswersThatAreNotTheServicesJSON(t *testing.T) {
	t.Parallel()
	env := startSandbox(t, sandbox.Options{})
	const page = "<!doctype html><html><body><h1>Welcome to our site</h1></body></html>"
	base := env.proxy(t, func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			switch {
			case strings.HasPrefix(r.URL.Path, "/wrong/"): // a web site's 404 page
				w.Header().Set("Content-Type", "text/html; charset=utf-8")
				w.WriteHeader(http.StatusNotFound)
				w.Write([]byte(page))
			case strings.HasPrefix(r.URL.Path, "/site/"): // a single-page app answers every path
				w.Header().Set("Content-Type", "text/html")
				w.Write([]byte(page))
			case strings.HasPrefix(r.URL.Path, "/empty/"):
				w.Header().Set("Content-Type", "application/json")
			default:
				next.ServeHTTP(w, r)
			}
		})
	})
	for _, tt := range []struct {
		path, what string
		call       func(*api.Client) error
	}{
		{"/wrong", "answered 404 with an HTML page", func(c *api.Client) error {
			_, _, err := c.ListUserProjects(t.Context(), api.Me)
			return err
		}},
		{"/site", "answered 200 with an HTML page", func(c *api.Client) error {
			_, _, err := c.ListVersions(t.Context(), "lumen", nil)
			return err
		}},
		{"/empty", "answered 200 with an empty body", func(c *api.Client) error {
			_, _, err := c.ListInvitations(t.Context(), "emberforge")
			return err
		}},
	} {
		c := env.clientAt(t, base+tt.path, "alice")
		err := tt.call(c)
		if !errors.Is(err, api.ErrMalformedResponse) || errors.Is(err, api.ErrNotFound) {
			t.Errorf("%s: err = %v; want a malformed answer, not ErrNotFound", tt.path, err)
			continue
		}
		for _, want := range []string{tt.what, "GET " + base + tt.path + "/", "base_url (" + base + tt.path + ")"} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("%s: %q lacks %q", tt.path, err, want)
			}
		}
	}
	// The sandbox's own answers are the service's JSON, 404 included.
	c := env.clientAt(t, base+"/api/v1", "alice")
	if _, _, err := c.GetVersion(t.Context(), "lumen", "9.9.9"); !errors.Is(err, api.ErrNotFound) || errors.Is(err, api.ErrMalformedResponse) {
		t.Errorf("the service's 404 = %v", err)
	}
}
