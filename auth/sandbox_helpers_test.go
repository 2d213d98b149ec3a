package auth

import (
	"sync"
	"testing"
	"time"

	"rdash/api"
	"rdash/api/sandbox"
	"rdash/api/sandbox/sandboxtest"
)

// world is a sandbox and the settings to sign in to it.
type world struct {
	srv      *sandbox.Server
	settings Settings
}

func startSandbox(t *testing.T, opts sandbox.Options) world {
	t.Helper()
	srv, run := sandboxtest.Start(t, opts)
	return world{srv: srv, settings: Settings{
		BaseURL: run.BaseURL, AuthURL: run.AuthURL, ClientID: run.ClientID, ClientSecret: run.ClientSecret,
		Scopes: []string{"user:read", "project:read"},
	}}
}

// clock is a sandbox clock that tests move forward.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock { return &clock{t: time.Now()} }

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// whoAmI asks the API whose token src hands out.
func whoAmI(t *testing.T, w world, src *Source) (string, error) {
	t.Helper()
	c, err := api.New(w.settings.BaseURL, api.WithHTTPClient(NewHTTPClient(src, nil)),
		api.WithRetryBackoff(time.Millisecond, time.Millisecond, time.Second))
	if err != nil {
		t.Fatal(err)
	}
	u, _, err := c.GetUser(t.Context(), api.Me)
	if err != nil {
		return "", err
	}
	return u.Username, nil
}
