// Package uitest helps the dashboard's tests: a real sandbox and a real
// client over loopback, a driver that runs a model's commands and feeds
// their messages back, and checks every screen must pass.
package uitest

import (
	"net/http"
	"testing"
	"time"

	"rdash/api"
	"rdash/api/sandbox"
	"rdash/api/sandbox/sandboxtest"
	"rdash/config"
)

// Now is the fixed clock of the tests: relative dates in golden files
// stay the same.
var Now = func() time.Time { return time.Date(2026, 1, 15, 12, 0, 0, 0, time.UTC) }

// Sandbox starts the sandbox and returns a client signed in as user with
// every scope the dashboard asks for, and the server, to mint other tokens.
func Sandbox(t testing.TB, user string) (*api.Client, *sandbox.Server) {
	t.Helper()
	srv, base := Start(t)
	c := Client(t, base, "")
	if user != "" {
		tok, err := srv.MintToken(user, config.DefaultScopes...)
		if err != nil {
			t.Fatalf("mint token: %v", err)
		}
		c = Client(t, base, tok)
	}
	return c, srv
}

// Start starts the sandbox with the tests' clock and returns it with its
// API base URL.
func Start(t testing.TB) (*sandbox.Server, string) {
	t.Helper()
	srv, run := sandboxtest.Start(t, sandbox.Options{Now: Now})
	return srv, run.BaseURL
}

// Client returns an API client for baseURL sending token (none when empty).
func Client(t testing.TB, baseURL, token string) *api.Client {
	t.Helper()
	hc := &http.Client{Timeout: 10 * time.Second}
	if token != "" {
		hc.Transport = bearer{token: token, next: http.DefaultTransport}
	}
	c, err := api.New(baseURL, api.WithHTTPClient(hc), api.WithRetryBackoff(time.Millisecond, 10*time.Millisecond, time.Second))
	if err != nil {
		t.Fatalf("api.New: %v", err)
	}
	return c
}

type bearer struct {
	token string
	next  http.RoundTripper
}

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return b.next.RoundTrip(r)
}

// Config is a configuration for tests: dark theme (no terminal query),
// page size 25, no mouse.
func Config() *config.Config {
	return &config.Config{Theme: "dark", PageSize: 25, Scopes: config.DefaultScopes}
}
