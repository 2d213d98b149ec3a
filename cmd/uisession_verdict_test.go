package cmd

import (
	"net/http/httptest"
	"strings"
	"testing"

	"rdash/api/sandbox"
	"rdash/api/sandbox/sandboxtest"
	"rdash/auth"
	"rdash/auth/authtest"
	"rdash/config"
	"rdash/ui/common"
)

// TestDashboardAccountCarriesTheVerdict: the dashboard's sign-in
// (Complete) and its account check (CheckAccount) carry what `rdash auth
// status` says of the token: nothing on a server that names the user;
// where it accepted the token, on one that does not; not verified, and
// why, on one where nothing it answers can show it.
func TestDashboardAccountCarriesTheVerdict(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name        string
		opts        sandbox.Options
		lookupFirst bool
		verdict     string // "" for none
		unverified  bool
	}{
		{"named", sandbox.Options{ApproveAs: "carol"}, false, "", false},
		{"accepted", sandbox.Options{ApproveAs: "carol", Strict: true}, false,
			"but it accepted the token on GET /orgs/rdash-token-check/invitations", false},
		{"not verified", sandbox.Options{}, true, auth.NotVerified + " (it has no GET /users/@me)", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var w uiWorld
			if tt.lookupFirst {
				w = lookupFirstWorld(t)
			} else {
				w = newUIWorldOn(t, tt.opts, authtest.NewKeyring())
			}
			signedIn, err := pasteSignInAccount(t, w, false)
			if err != nil {
				t.Fatal(err)
			}
			checked, err := w.sess.CheckAccount(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			for what, a := range map[string]common.Account{"Complete": signedIn, "CheckAccount": checked} {
				if a.Unverified != tt.unverified || a.Unconfirmed != (tt.verdict != "") ||
					(tt.verdict == "") != (a.Verdict == "") || !strings.Contains(a.Verdict, tt.verdict) {
					t.Errorf("%s = %+v, want the verdict %q, not verified %v", what, a, tt.verdict, tt.unverified)
				}
			}
		})
	}
}

// lookupFirstWorld is a uiWorld on a server behind authtest.LookupFirst:
// no GET /users/@me, and an organization looked up before the token is
// checked, so nothing it answers can show a token is accepted.
func lookupFirstWorld(t *testing.T) uiWorld {
	t.Helper()
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
	store := auth.NewStore(auth.StoreOptions{ConfigDir: t.TempDir(), StateDir: t.TempDir(), Keyring: kr})
	return uiWorld{sess: &uiSession{cfg: cfg, settings: settings, store: store, source: src, mode: auth.ModePaste}, kr: kr}
}
