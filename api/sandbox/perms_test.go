package sandbox_test

import (
	"net/http"
	"slices"
	"sync"
	"testing"
	"time"

	"rdash/api"
	"rdash/api/sandbox"
)

// versionOp sends one kind of version change about target, a version of
// project (a new version in its channel, for create).
type versionOp struct {
	name string
	send func(t *testing.T, h *harness, tok, project string, target api.Version) reply
}

func versionOps() []versionOp {
	return []versionOp{
		{"create", func(t *testing.T, h *harness, tok, project string, target api.Version) reply {
			data := map[string]any{"channel": target.Channel.ID, "version": "99.0.0", "name": "New", "files": []string{"new.jar"}}
			return h.do(t, "POST", "/projects/"+project+"/versions", tok, multipartBody(t, data, upload{key: "new.jar", content: "x"}))
		}},
		{"update", func(t *testing.T, h *harness, tok, project string, target api.Version) reply {
			return h.do(t, "PATCH", "/projects/"+project+"/versions/"+target.ID, tok, multipartBody(t, map[string]any{"name": "Renamed"}))
		}},
		{"bulk update", func(t *testing.T, h *harness, tok, project string, target api.Version) reply {
			return h.do(t, "PATCH", "/projects/"+project+"/versions?ids="+target.ID, tok, jsonBody(t, map[string]any{"name": "Renamed"}))
		}},
		{"delete", func(t *testing.T, h *harness, tok, project string, target api.Version) reply {
			return h.do(t, "DELETE", "/projects/"+project+"/versions/"+target.ID, tok, nil)
		}},
		{"bulk delete", func(t *testing.T, h *harness, tok, project string, target api.Version) reply {
			return h.do(t, "DELETE", "/projects/"+project+"/versions?ids="+target.ID, tok, nil)
		}},
	}
}

// TestVersionPermissions checks who may change which project's versions:
// a user's project only its owner; an organization's project its owner and
// the members holding the permission of the change.
func TestVersionPermissions(t *testing.T) {
	t.Parallel()
	allowed := map[string]map[string][]string{ // project → user → ops
		"lumen": {"alice": {"create", "update", "bulk update", "delete", "bulk delete"}},
		"emberforge-core": {
			"alice": {"create", "update", "bulk update", "delete", "bulk delete"},
			"bob":   {"create", "update", "bulk update", "delete", "bulk delete"},
			"carol": {"update", "bulk update"},
		},
		"quartz-ui": {"frank": {"create", "update", "bulk update", "delete", "bulk delete"}},
	}
	success := map[string]int{"create": 201, "update": 200, "bulk update": 200, "delete": 204, "bulk delete": 204}
	for project, byUser := range allowed {
		for _, user := range []string{"alice", "bob", "carol", "dave", "erin", "frank"} {
			for _, op := range versionOps() {
				t.Run(project+"/"+user+"/"+op.name, func(t *testing.T) {
					t.Parallel()
					h := start(t, sandbox.Options{})
					vs, _ := h.list(t, project, "page_size=1")
					r := op.send(t, h, h.token(t, user), project, vs[0])
					if slices.Contains(byUser[user], op.name) {
						r.want(t, success[op.name])
					} else {
						r.wantError(t, 403, user)
					}
				})
			}
		}
	}
}

type clock struct {
	mu  sync.Mutex
	now time.Time
}

func newClock() *clock { return &clock{now: time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC)} }

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

func TestTokens(t *testing.T) {
	t.Parallel()
	clk := newClock()
	h := start(t, sandbox.Options{Now: clk.Now, TokenTTL: time.Minute})
	expiring := h.token(t, "alice")
	clk.advance(time.Minute)
	full := h.token(t, "alice")
	readOnly := h.token(t, "alice", "user:read")
	target := h.version(t, "lumen", "2.4.0")

	for _, op := range versionOps() {
		t.Run(op.name, func(t *testing.T) {
			r := op.send(t, h, "", "lumen", target)
			r.wantError(t, 401, "token")
			wantEq(t, r.header.Get("WWW-Authenticate"), `Bearer error="invalid_token"`)
			op.send(t, h, "sbx_at_forged", "lumen", target).wantError(t, 401, "unknown")
			op.send(t, h, expiring, "lumen", target).wantError(t, 401, "expired")
			op.send(t, h, readOnly, "lumen", target).wantError(t, 403, "scope project:version:")
		})
	}
	// A token that is sent must be valid even on a read that needs none.
	h.do(t, "GET", "/projects/lumen/versions", "sbx_at_forged", nil).wantError(t, 401)
	req, _ := http.NewRequestWithContext(t.Context(), "GET", h.run.BaseURL+"/users/@me", nil)
	req.Header.Set("Authorization", "Basic "+full)
	resp, err := h.hc.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	wantEq(t, resp.StatusCode, 401)
	h.do(t, "GET", "/users/@me", full, nil).want(t, 200)
}

func TestMintToken(t *testing.T) {
	t.Parallel()
	s, err := sandbox.New(sandbox.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.MintToken("mallory"); err == nil {
		t.Error("minted a token for an unknown user")
	}
	if _, err := s.MintToken("alice", "admin"); err == nil {
		t.Error("minted a token with an unknown scope")
	}
}
