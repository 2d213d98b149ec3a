package auth

import (
	"cmp"
	"errors"
	"net/http/httptest"
	"strings"
	"testing"

	"golang.org/x/oauth2"

	"rdash/api"
	"rdash/api/sandbox"
	"rdash/auth/authtest"
)

// TestIdentify: the server names the account (default profile), or,
// without GET /users/@me (strict), accepts the token on a documented
// endpoint, which then goes under the configured username or "unknown";
// a token it refuses is a *RefusedError naming where.
func TestIdentify(t *testing.T) {
	t.Parallel()
	bearer := func(s string) *oauth2.Token { return &oauth2.Token{AccessToken: s, TokenType: "Bearer"} }
	def := startSandbox(t, sandbox.Options{})
	tok, _ := def.srv.MintToken("alice", "user:read")
	if id, err := Identify(t.Context(), def.settings, bearer(tok), IdentifyOptions{Username: "bob"}); err != nil ||
		id.Name != "alice" || id.Unnamed != nil || id.Token.AccessToken != tok {
		t.Fatalf("default profile: %+v, %v", id, err)
	}

	strict := startSandbox(t, sandbox.Options{Strict: true})
	tok, _ = strict.srv.MintToken("alice", "user:read")
	for _, o := range []struct {
		opts        IdentifyOptions
		name, where string
	}{
		{IdentifyOptions{}, UnknownAccount, "GET /orgs/rdash-token-check/invitations"},
		{IdentifyOptions{Username: "alice", Orgs: []string{"emberforge"}}, "alice", "GET /orgs/emberforge/invitations"},
	} {
		id, err := Identify(t.Context(), strict.settings, bearer(tok), o.opts)
		if err != nil || id.Name != o.name || !errors.Is(id.Unnamed, api.ErrNotFound) || id.AcceptedOn != o.where {
			t.Fatalf("strict, %+v: %+v, %v", o.opts, id, err)
		}
	}
	var refused *RefusedError
	_, err := Identify(t.Context(), strict.settings, bearer("sbx_at_NOTATOKEN"), IdentifyOptions{})
	if !errors.As(err, &refused) || refused.Where != "GET /users/@me" && refused.Where != "GET /orgs/rdash-token-check/invitations" ||
		!errors.Is(err, api.ErrUnauthorized) {
		t.Fatalf("a bad token: %v", err)
	}
}

// lookupFirst is w behind authtest.LookupFirst: no /users/@me, and an
// organization looked up before the token is checked.
func lookupFirst(t *testing.T, w world) world {
	t.Helper()
	hs := httptest.NewServer(authtest.LookupFirst(w.srv.Handler(), sandbox.APIPrefix, "emberforge", "quartz"))
	t.Cleanup(hs.Close)
	w.settings.BaseURL, w.settings.AuthURL = hs.URL+sandbox.APIPrefix, hs.URL+sandbox.AuthPrefix
	return w
}

// TestIdentifyOnALookupFirstServer: a server without GET /users/@me that
// looks an organization up before it checks the token answers 404 to
// rdash's probe with and without a token. That shows nothing of the
// token, so the token is kept, said to be unverified, and never thrown
// away; where a configured organization exists the check is conclusive
// again, both ways.
func TestIdentifyOnALookupFirstServer(t *testing.T) {
	t.Parallel()
	w := lookupFirst(t, startSandbox(t, sandbox.Options{}))
	bearer := func(s string) *oauth2.Token { return &oauth2.Token{AccessToken: s, TokenType: "Bearer"} }
	tok, _ := w.srv.MintToken("alice", "user:read", "org:member:create")
	for _, tt := range []struct {
		name, tok string
		opts      IdentifyOptions
	}{
		{"a good token", tok, IdentifyOptions{}},
		{"a token that cannot be checked here", "sbx_at_NOTATOKEN", IdentifyOptions{Username: "mira"}},
	} {
		id, err := Identify(t.Context(), w.settings, bearer(tt.tok), tt.opts)
		want := cmp.Or(tt.opts.Username, UnknownAccount)
		if err != nil || id.Name != want || id.Verified() || id.AcceptedOn != "" ||
			!strings.Contains(id.Unchecked, "404 even without a token") || id.Token.AccessToken != tt.tok {
			t.Fatalf("%s: %+v, %v; want it kept as %s, not verified", tt.name, id, err, want)
		}
	}
	id, err := Identify(t.Context(), w.settings, bearer(tok), IdentifyOptions{Orgs: []string{"emberforge"}})
	if err != nil || !id.Verified() || id.AcceptedOn != "GET /orgs/emberforge/invitations" {
		t.Fatalf("on a known organization: %+v, %v", id, err)
	}
	var refused *RefusedError
	_, err = Identify(t.Context(), w.settings, bearer("sbx_at_NOTATOKEN"), IdentifyOptions{Orgs: []string{"emberforge"}})
	if !errors.As(err, &refused) || refused.Where != "GET /orgs/emberforge/invitations" {
		t.Fatalf("a bad token on a known organization: %v", err)
	}
}
