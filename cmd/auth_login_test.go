package cmd

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"strings"
	"testing"

	"rdash/api/sandbox"
)

// withoutUsersMe puts a proxy in front of the sandbox's API that answers
// 404 to /users/…, as a server that serves only what the interface
// document lists does, and points the CLI at it.
func withoutUsersMe(t *testing.T, c *cli) {
	t.Helper()
	base, err := url.Parse(c.env["RDASH_BASE_URL"])
	if err != nil {
		t.Fatal(err)
	}
	rp := httputil.NewSingleHostReverseProxy(&url.URL{Scheme: base.Scheme, Host: base.Host})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, base.Path+"/users/") {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusNotFound)
			w.Write([]byte(`{"error":{"code":"not_found","message":"no route"}}`))
			return
		}
		rp.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	c.env["RDASH_BASE_URL"] = srv.URL + base.Path
}

// storedAccounts returns the accounts in the token file, host by host.
func storedAccounts(t *testing.T, c *cli) []string {
	t.Helper()
	b, err := os.ReadFile(c.tokenFile())
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Hosts map[string]map[string]json.RawMessage `json:"hosts"`
	}
	if err := json.Unmarshal(b, &file); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, accounts := range file.Hosts {
		for a := range accounts {
			out = append(out, a)
		}
	}
	return out
}

// TestWithTokenWhenUsersMeIsMissing: a server without /users/@me (the
// interface document has none) still takes a pasted token once it accepts
// it on an endpoint the document has; the name is the configured one, or
// "unknown", and login says so.
func TestWithTokenWhenUsersMeIsMissing(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ username, want string }{{"alice", "alice"}, {"", "unknown"}} {
		c := authCLI(t, "", sandbox.Options{})
		withoutUsersMe(t, c)
		if tt.username != "" {
			c.env["RDASH_USERNAME"] = tt.username
		}
		tok, _ := c.srv.MintToken("alice", "user:read", "project:read")
		r := c.run(tok+"\n", "auth", "login", "--with-token", "--insecure-storage")
		wantExit(t, r, 0, "did not say who you are", "accepted the token on GET /orgs/rdash-token-check/invitations",
			`storing the token for "`+tt.want+`"`, "Signed in to")
		if got := storedAccounts(t, c); len(got) != 1 || got[0] != tt.want {
			t.Fatalf("stored accounts %v, want [%s]", got, tt.want)
		}
		if strings.Contains(r.err, tok) {
			t.Fatal("the token was printed")
		}
	}
}

// TestWithTokenWhenUsersMeIsMissingRefusesABadToken: the check on the
// documented endpoint still keeps a refused token out of the store.
func TestWithTokenWhenUsersMeIsMissingRefusesABadToken(t *testing.T) {
	t.Parallel()
	c := authCLI(t, "", sandbox.Options{})
	withoutUsersMe(t, c)
	c.env["RDASH_USERNAME"] = "alice"
	r := c.run("sbx_at_NOTATOKEN\n", "auth", "login", "--with-token", "--insecure-storage")
	wantExit(t, r, ExitAuth, "refused this token on GET /orgs/rdash-token-check/invitations", "nothing was stored")
	if got := storedAccounts(t, c); len(got) != 0 {
		t.Fatalf("a refused token was stored for %v", got)
	}
}

// TestAuthStatusDoesNotHangOnASlowServer: `auth status` against a server
// that never sends its answer's headers ends at the configured limit and
// names the server and the setting (issue 18.9).
func TestAuthStatusDoesNotHangOnASlowServer(t *testing.T) {
	t.Parallel()
	c := authCLI(t, "alice", sandbox.Options{})
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-r.Context().Done() // answers nothing until rdash gives up
	}))
	t.Cleanup(slow.Close)
	c.env["RDASH_BASE_URL"] = slow.URL + "/api/v1"
	c.env["RDASH_RESPONSE_TIMEOUT"] = "300ms"
	r := c.run("", "auth", "status")
	host := strings.TrimPrefix(slow.URL, "http://")
	for _, want := range []string{"no answer from " + host + " within 300ms", "response_timeout (RDASH_RESPONSE_TIMEOUT)"} {
		if !strings.Contains(r.out+r.err, want) {
			t.Fatalf("auth status (exit %d) lacks %q:\n%s%s", r.code, want, r.out, r.err)
		}
	}
}
