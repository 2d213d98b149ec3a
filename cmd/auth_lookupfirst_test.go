package cmd

import (
	"io"
	"net/http/httptest"
	"strings"
	"testing"

	"rdash/api"
	"rdash/api/sandbox"
	"rdash/api/sandbox/sandboxtest"
	"rdash/auth"
	"rdash/auth/authtest"
	"rdash/config"
)

// behindLookupFirst points c at its sandbox behind authtest.LookupFirst:
// a server with no GET /users/@me that looks an organization up before
// it checks the token, which the interface document allows.
func behindLookupFirst(t *testing.T, c *cli) {
	t.Helper()
	hs := httptest.NewServer(authtest.LookupFirst(c.srv.Handler(), sandbox.APIPrefix, "emberforge", "quartz"))
	t.Cleanup(hs.Close)
	c.env["RDASH_BASE_URL"], c.env["RDASH_AUTH_URL"] = hs.URL+sandbox.APIPrefix, hs.URL+sandbox.AuthPrefix
}

// TestFirstSignInOnALookupFirstServer: with a default config, the first
// sign-in through the code flow works against a server that looks the
// organization up first and has no /users/@me. rdash used to throw the
// new token away ("could not check the token") because its probe got a
// 404 without a token; now it keeps it and says it is not verified, and
// auth status says the same, never "Signed in as" as if checked.
func TestFirstSignInOnALookupFirstServer(t *testing.T) {
	t.Parallel()
	c := authCLI(t, "", sandbox.Options{})
	behindLookupFirst(t, c)
	s := c.start(nil, "auth", "login", "--no-browser", "--insecure-storage")
	io.WriteString(s.in, consent(t, s.waitFor(authorizeURL), "dave")+"\n")
	if code := s.exit(); code != ExitOK {
		t.Fatalf("login: exit %d:\n%s", code, s.stderr())
	}
	if err := s.stderr(); !strings.Contains(err, auth.NotVerified) || !strings.Contains(err, `stored for "unknown"`) {
		t.Fatalf("login did not say the token is kept unverified:\n%s", err)
	}
	rep, r := c.status()
	wantExit(t, r, ExitOK)
	if !rep.SignedIn || rep.Verified || !strings.Contains(string(rep.Error), auth.NotVerified) {
		t.Fatalf("status = %+v", rep)
	}
	text := c.run("", "auth", "status")
	if strings.Contains(text.out, "Signed in as") || !strings.Contains(text.out, auth.NotVerified) {
		t.Fatalf("auth status reports an unchecked sign-in as checked:\n%s", text.out)
	}
	// The token works: the server's own answer was kept.
	c.ok("versions", "list", "lumen")
}

// TestStatusAfterLogoutUsesNoOtherAccountsToken: a token stored earlier
// under "unknown" stays in the token file when another account signs in
// and out; auth status then said "Signed in as bob" (the config's name)
// from that old token, and every command used it. Only the account the
// sign-in record names is signed in.
func TestStatusAfterLogoutUsesNoOtherAccountsToken(t *testing.T) {
	t.Parallel()
	c := authCLI(t, "", sandbox.Options{})
	behindLookupFirst(t, c)
	old, _ := c.srv.MintToken("alice")
	wantExit(t, c.run(old+"\n", "auth", "login", "--with-token", "--insecure-storage"), ExitOK, `stored for "unknown"`)
	c.env["RDASH_USERNAME"] = "bob"
	bobs, _ := c.srv.MintToken("bob")
	wantExit(t, c.run(bobs+"\n", "auth", "login", "--with-token", "--insecure-storage"), ExitOK, `stored for "bob"`)
	wantExit(t, c.run("", "auth", "logout"), ExitOK, "Signed out")
	rep, r := c.status()
	wantExit(t, r, ExitAuth)
	if rep.SignedIn || !strings.Contains(string(rep.Error), `"unknown"`) {
		t.Fatalf("status after logout = %+v", rep)
	}
	if r := c.run("", "auth", "token"); r.code != ExitAuth || strings.Contains(r.out, old) {
		t.Fatalf("auth token after logout: exit %d, printed the old token: %v", r.code, strings.Contains(r.out, old))
	}
}

// TestDashboardSignInOnALookupFirstServer: the dashboard's sign-in
// (uiSession.Complete) keeps the token the code flow gave on a server
// that looks the organization up first and has no /users/@me, as auth
// login does; it used to fail with "could not check the token".
func TestDashboardSignInOnALookupFirstServer(t *testing.T) {
	t.Parallel()
	srv, run := sandboxtest.Start(t, sandbox.Options{ApproveAs: "carol"})
	hs := httptest.NewServer(authtest.LookupFirst(srv.Handler(), sandbox.APIPrefix, "emberforge", "quartz"))
	t.Cleanup(hs.Close)
	cfg := &config.Config{BaseURL: hs.URL + sandbox.APIPrefix, AuthURL: hs.URL + sandbox.AuthPrefix, ClientID: run.ClientID,
		ClientSecret: run.ClientSecret, Scopes: config.AllScopes()}
	settings, err := auth.SettingsFrom(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	kr := authtest.NewKeyring()
	src := auth.NewSource(t.Context(), auth.SourceOptions{Settings: settings})
	client, err := api.New(settings.BaseURL, api.WithHTTPClient(auth.NewHTTPClient(src, nil)))
	if err != nil {
		t.Fatal(err)
	}
	store := auth.NewStore(auth.StoreOptions{ConfigDir: t.TempDir(), StateDir: t.TempDir(), Keyring: kr})
	w := uiWorld{sess: &uiSession{cfg: cfg, settings: settings, store: store, source: src, mode: auth.ModePaste}, client: client, kr: kr}
	a, err := pasteSignInAccount(t, w, false)
	if err != nil || !a.SignedIn || a.Name != auth.UnknownAccount || !a.Unconfirmed || kr.Len() != 1 {
		t.Fatalf("Complete = %+v, %v; keyring holds %d", a, err, kr.Len())
	}
	if _, _, err := client.ListVersions(t.Context(), "lumen", nil); err != nil {
		t.Fatalf("the running client after sign-in: %v", err)
	}
}
