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
	return SandboxWith(t, user, sandbox.Options{})
}

// SandboxWith is Sandbox with sandbox options (faults, latency) and client
// options; the clock is always Now.
func SandboxWith(t testing.TB, user string, opts sandbox.Options, apiOpts ...api.Option) (*api.Client, *sandbox.Server) {
	t.Helper()
	opts.Now = Now
	srv, run := sandboxtest.Start(t, opts)
	token := ""
	if user != "" {
		var err error
		if token, err = srv.MintToken(user, config.AllScopes()...); err != nil {
			t.Fatalf("mint token: %v", err)
		}
	}
	return Client(t, run.BaseURL, token, apiOpts...), srv
}

// Start starts the sandbox with the tests' clock and returns it with its
// API base URL.
func Start(t testing.TB) (*sandbox.Server, string) {
	t.Helper()
	srv, run := sandboxtest.Start(t, sandbox.Options{Now: Now})
	return srv, run.BaseURL
}

// Client returns an API client for baseURL sending token (none when
// empty), with fast retries; apiOpts come after and win.
func Client(t testing.TB, baseURL, token string, apiOpts ...api.Option) *api.Client {
	t.Helper()
	hc := &http.Client{Timeout: 20 * time.Second}
	if token != "" {
		hc.Transport = sandboxtest.Bearer{Token: token}
	}
	opts := append([]api.Option{api.WithHTTPClient(hc),
		api.WithRetryBackoff(time.Millisecond, 10*time.Millisecond, time.Second)}, apiOpts...)
	c, err := api.New(baseURL, opts...)
	if err != nil {
		t.Fatalf("api.New: %v", err)
	}
	return c
}

// Config is a configuration for tests: dark theme (no terminal query),
// page size 25, no mouse.
func Config() *config.Config {
	return &config.Config{Theme: "dark", PageSize: 25, Scopes: config.AllScopes()}
}
