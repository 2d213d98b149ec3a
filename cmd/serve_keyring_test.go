package cmd

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zalando/go-keyring"
	"golang.org/x/oauth2"

	"rdash/auth"
	"rdash/internal/serve"
	"rdash/internal/serve/servetest"
	"rdash/internal/testwait"
)

// TestAuthKeyringServe runs rdash serve against the real Secret Service
// that .ci/with-keyring provides (its name matches CI's keyring step):
// auto picks the keyring, a key's token there is under the key's own
// name, and forget removes it. Without a bus it is skipped (or fails
// under RDASH_REQUIRE_KEYRING=1).
func TestAuthKeyringServe(t *testing.T) {
	bus := os.Getenv("DBUS_SESSION_BUS_ADDRESS")
	if bus == "" {
		if os.Getenv("RDASH_REQUIRE_KEYRING") == "1" {
			t.Fatal("RDASH_REQUIRE_KEYRING=1 but no session bus")
		}
		t.Skip("no session bus; run under .ci/with-keyring to test against a real Secret Service")
	}
	e := newServeEnv(t)
	e.env["DBUS_SESSION_BUS_ADDRESS"] = bus
	key := servetest.Signer(t)
	e.allow(0o600, key)
	_, c, stop := e.startServe(key, "--token-store", "auto")
	c.Close()
	r := stop()
	if !strings.Contains(r.err, `"token_store":"the server account's keyring"`) {
		t.Fatalf("auto did not pick the keyring with one on the bus:\n%s", r.err)
	}
	if _, err := os.Stat(filepath.Join(e.dir, "config", "rdash", "serve", serve.TokenKeyFile)); err == nil {
		t.Fatal("a sealed store's data key was made although the keyring is used")
	}

	// A token stored as a served session stores it: the keyring under
	// the key's name, the record in its directory.
	cfg, err := e.config()
	if err != nil {
		t.Fatal(err)
	}
	dir, err := serve.KeyDir(filepath.Join(cfg.Env.StateDir, "serve"), key.PublicKey())
	if err != nil {
		t.Fatal(err)
	}
	kr, why := auth.SystemKeyringFor(cfg.Env)
	if why != nil {
		t.Fatal(why)
	}
	store := auth.NewStore(auth.StoreOptions{Keyring: serve.Namespaced(kr, filepath.Base(dir)), ConfigDir: dir, StateDir: dir})
	ctx, cancel := context.WithTimeout(t.Context(), testwait.Limit(t))
	defer cancel()
	tok := &oauth2.Token{AccessToken: "rdash_at_serve-keyring-test", TokenType: "Bearer"}
	if _, err := store.Save(ctx, "sandbox.test", "frank", tok, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := kr.Get("rdash:sandbox.test", "frank"); !errors.Is(err, keyring.ErrNotFound) {
		t.Fatalf("the token is under the plain service name, where any key could read it: %v", err)
	}
	if _, err := kr.Get("rdash-serve/"+filepath.Base(dir)+"/rdash:sandbox.test", "frank"); err != nil {
		t.Fatalf("the token is not under the key's name: %v", err)
	}
	e.allow(0o600)
	res := e.run(t.Context(), "serve", "forget", "--authorized-keys", e.ak, serve.Fingerprint(key.PublicKey()))
	if res.code != 0 || !strings.Contains(res.err, "Deleted") {
		t.Fatalf("forget: exit %d, %q", res.code, res.err)
	}
	if _, err := kr.Get("rdash-serve/"+filepath.Base(dir)+"/rdash:sandbox.test", "frank"); !errors.Is(err, keyring.ErrNotFound) {
		t.Fatalf("forget left the key's token in the keyring: %v", err)
	}
}
