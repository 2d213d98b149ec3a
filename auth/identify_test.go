package auth

import (
	"errors"
	"testing"

	"golang.org/x/oauth2"

	"rdash/api"
	"rdash/api/sandbox"
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
