package cmd

import (
	"cmp"
	"context"
	"errors"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"rdash/api"
	"rdash/api/sandbox"
	"rdash/api/sandbox/sandboxtest"
	"rdash/auth"
	"rdash/auth/authtest"
	"rdash/config"
	"rdash/internal/authui"
	"rdash/internal/testwait"
	"rdash/ui/common"
)

// uiWorld is a sandbox that approves as one user at once, and the
// dashboard's session and client on it.
type uiWorld struct {
	sess   *uiSession
	client *api.Client
	kr     *authtest.Keyring
}

func newUIWorld(t *testing.T, approveAs string, kr *authtest.Keyring) uiWorld {
	t.Helper()
	return newUIWorldOn(t, sandbox.Options{ApproveAs: approveAs}, kr)
}

// newUIWorldOn is newUIWorld on a sandbox with opts.
func newUIWorldOn(t *testing.T, opts sandbox.Options, kr *authtest.Keyring) uiWorld {
	t.Helper()
	_, run := sandboxtest.Start(t, opts)
	cfg := &config.Config{BaseURL: run.BaseURL, AuthURL: run.AuthURL, ClientID: run.ClientID,
		ClientSecret: run.ClientSecret, Scopes: config.AllScopes()}
	settings, err := auth.SettingsFrom(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	o := auth.StoreOptions{ConfigDir: t.TempDir(), StateDir: t.TempDir(), NoKeyring: errors.New("no keyring in this test")}
	if kr != nil {
		o.Keyring = kr
	}
	src := auth.NewSource(t.Context(), auth.SourceOptions{Settings: settings})
	client, err := api.New(settings.BaseURL, api.WithHTTPClient(auth.NewHTTPClient(src, nil)))
	if err != nil {
		t.Fatal(err)
	}
	s := &uiSession{cfg: cfg, settings: settings, store: auth.NewStore(o), source: src, mode: auth.ModePaste}
	return uiWorld{sess: s, client: client, kr: kr}
}

// pasteSignIn runs a paste-mode flow: the sandbox approves at once, and
// the address its redirect leads to is what the user would paste.
func pasteSignIn(t *testing.T, w uiWorld, plainText bool) error {
	t.Helper()
	_, err := pasteSignInAccount(t, w, plainText)
	return err
}

// pasteSignInAccount is pasteSignIn, returning the account Complete gave.
func pasteSignInAccount(t *testing.T, w uiWorld, plainText bool) (common.Account, error) {
	t.Helper()
	f, err := w.sess.NewFlow()
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := noFollow.Get(f.URL())
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	tok, err := f.Exchange(t.Context(), resp.Header.Get("Location"))
	if err != nil {
		t.Fatal(err)
	}
	return w.sess.Complete(t.Context(), tok, plainText)
}

func whoIs(t *testing.T, c *api.Client) (string, error) {
	t.Helper()
	u, _, err := c.GetUser(t.Context(), api.Me)
	if err != nil {
		return "", err
	}
	return u.Username, nil
}

func TestUISessionSignInSwapsTheRunningClientsToken(t *testing.T) {
	t.Parallel()
	w := newUIWorld(t, "carol", authtest.NewKeyring())
	if _, err := whoIs(t, w.client); !errors.Is(err, auth.ErrSignInNeeded) {
		t.Fatalf("before signing in: %v", err)
	}
	if n, err := w.sess.CheckStorage(t.Context()); n != nil || err != nil {
		t.Fatalf("CheckStorage with a keyring = %v, %v", n, err)
	}
	if err := pasteSignIn(t, w, false); err != nil {
		t.Fatal(err)
	}
	if who, err := whoIs(t, w.client); err != nil || who != "carol" {
		t.Fatalf("the next call: %q, %v", who, err)
	}
	a, _ := w.sess.Account(t.Context())
	if !a.SignedIn || a.Name != "carol" || a.Where != authui.Location(auth.Location{Kind: auth.KindKeyring}) || len(a.Scopes) == 0 || a.Expiry.IsZero() {
		t.Fatalf("Account = %+v", a)
	}

	removed, err := w.sess.SignOut(t.Context())
	if err != nil || len(removed) != 1 || removed[0] != authui.Location(auth.Location{Kind: auth.KindKeyring}) || w.kr.Len() != 0 {
		t.Fatalf("SignOut = %v, %v; keyring holds %d", removed, err, w.kr.Len())
	}
	if _, err := whoIs(t, w.client); !errors.Is(err, auth.ErrSignInNeeded) {
		t.Fatalf("after signing out the client still signs requests: %v", err)
	}
	if a, _ := w.sess.Account(t.Context()); a.SignedIn {
		t.Fatalf("Account after sign-out = %+v", a)
	}
}

func TestUISessionPlainTextNeedsConsent(t *testing.T) {
	t.Parallel()
	w := newUIWorld(t, "dave", nil)
	n, err := w.sess.CheckStorage(t.Context())
	if err != nil || n == nil || !strings.Contains(n.Text, w.sess.store.FilePath()) {
		t.Fatalf("CheckStorage without a keyring = %v, %v", n, err)
	}
	var nk *auth.NoKeyringError
	if err := pasteSignIn(t, w, false); !errors.As(err, &nk) {
		t.Fatalf("without consent: %v", err)
	}
	if _, err := os.Stat(w.sess.store.FilePath()); !errors.Is(err, os.ErrNotExist) {
		t.Fatal("the file was written without consent")
	}
	if _, err := whoIs(t, w.client); err == nil {
		t.Fatal("the client uses a token that was not stored")
	}
	if err := pasteSignIn(t, w, true); err != nil {
		t.Fatal(err)
	}
	if who, err := whoIs(t, w.client); err != nil || who != "dave" {
		t.Fatalf("after consent: %q, %v", who, err)
	}
	if _, err := w.sess.SignOut(t.Context()); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(w.sess.store.FilePath()); !errors.Is(err, os.ErrNotExist) {
		t.Fatal("sign-out left the token file")
	}
}

func TestDemoSessionKeepsTheTokenInMemory(t *testing.T) {
	t.Parallel()
	srv, err := newSandbox((&demoOptions{as: "erin"}).sandbox(1)) // as `rdash demo --as erin` has it
	if err != nil {
		t.Fatal(err)
	}
	run, err := srv.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { run.Close() })
	base := &config.Config{}
	cfg := demoConfig(base, run.BaseURL, run.AuthURL, run.ClientID, run.ClientSecret, t.TempDir())
	client, sess, err := demoSignIn(t.Context(), cfg, "erin")
	if err != nil {
		t.Fatal(err)
	}
	if a, _ := sess.Account(t.Context()); !a.Memory || !a.SignedIn || a.Name != "erin" || sess.EnvToken() {
		t.Fatalf("Account = %+v", a)
	}
	if n, err := sess.CheckStorage(t.Context()); n != nil || err != nil {
		t.Fatalf("the demo asked about storage: %v, %v", n, err)
	}
	if removed, err := sess.SignOut(t.Context()); removed != nil || err != nil {
		t.Fatalf("SignOut = %v, %v", removed, err)
	}
	if _, err := whoIs(t, client); !errors.Is(err, auth.ErrSignInNeeded) {
		t.Fatalf("after signing out: %v", err)
	}
	// Signing in again plays the browser over HTTP, as at the start.
	f, err := sess.NewFlow()
	if err != nil || !f.Loopback() {
		t.Fatalf("NewFlow = %v, %v", f, err)
	}
	defer f.Close()
	ctx, cancel := context.WithTimeout(t.Context(), testwait.Limit(t))
	defer cancel()
	go sess.OpenBrowser(ctx, f.URL())
	tok, err := f.Wait(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sess.Complete(ctx, tok, false); err != nil {
		t.Fatal(err)
	}
	if who, err := whoIs(t, client); err != nil || who != "erin" {
		t.Fatalf("after signing in again: %q, %v", who, err)
	}
	entries, _ := os.ReadDir(cfg.Env.ConfigDir)
	if len(entries) != 0 {
		t.Fatalf("the demo wrote %d files", len(entries))
	}
}

// loopbackTab starts a loopback sign-in, plays the browser (the sandbox
// approves at once, and the redirect leads to rdash's listener) and
// returns the grant Wait handed over, and the tab's page once written.
func loopbackTab(t *testing.T, w uiWorld) (common.Grant, <-chan string) {
	t.Helper()
	w.sess.mode = auth.ModeLoopback
	f, err := w.sess.NewFlow()
	if err != nil || !f.Loopback() {
		t.Fatalf("NewFlow = %v, %v", f, err)
	}
	t.Cleanup(func() { f.Close() })
	page := make(chan string, 1)
	go func() {
		resp, err := (&http.Client{Timeout: 30 * time.Second}).Get(f.URL())
		if err != nil {
			page <- err.Error()
			return
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		page <- string(b)
	}()
	g, err := f.Wait(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	select {
	case p := <-page: // Finish holds the page until Complete has run
		t.Fatalf("the tab was answered before the token was stored:\n%s", p)
	default:
	}
	return g, page
}

// TestLoopbackTabSaysSignedInOnlyOnceStored: the browser tab of a
// dashboard sign-in waits for Complete, and says "Signed in" only when
// the token was checked and stored; otherwise it says rdash did not sign in.
func TestLoopbackTabSaysSignedInOnlyOnceStored(t *testing.T) {
	t.Parallel()
	t.Run("stored", func(t *testing.T) {
		t.Parallel()
		w := newUIWorld(t, "carol", authtest.NewKeyring())
		g, page := loopbackTab(t, w)
		if _, err := w.sess.Complete(t.Context(), g, false); err != nil {
			t.Fatal(err)
		}
		p := <-page
		if !strings.Contains(p, "<h1>Signed in</h1>") || !strings.Contains(p, "rdash is signed in to "+w.sess.settings.Host()+" as carol.") {
			t.Fatalf("page:\n%s", p)
		}
	})
	t.Run("not stored", func(t *testing.T) {
		t.Parallel()
		w := newUIWorld(t, "dave", nil) // no keyring, and no consent to the file
		g, page := loopbackTab(t, w)
		if _, err := w.sess.Complete(t.Context(), g, false); err == nil {
			t.Fatal("stored without a keyring or consent")
		}
		p := <-page
		if strings.Contains(p, "Signed in") || !strings.Contains(p, "rdash did not sign in.") {
			t.Fatalf("page:\n%s", p)
		}
	})
}

// TestCheckStorageAsksTheDirectories: a state directory that cannot take
// the sign-in record is said before the user signs in, not after.
func TestCheckStorageAsksTheDirectories(t *testing.T) {
	t.Parallel()
	w := newUIWorld(t, "carol", authtest.NewKeyring())
	if n, err := w.sess.CheckStorage(t.Context()); n != nil || err != nil {
		t.Fatalf("CheckStorage = %v, %v", n, err)
	}
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	w.sess.store = auth.NewStore(auth.StoreOptions{ConfigDir: t.TempDir(), StateDir: filepath.Join(file, "state"),
		Keyring: authtest.NewKeyring()})
	if _, err := w.sess.CheckStorage(t.Context()); err == nil || !strings.Contains(err.Error(), "RDASH_STATE_DIR") {
		t.Fatalf("CheckStorage with a state directory under a file = %v", err)
	}
}

// TestUISessionSignInWithoutUsersMe: against a server without GET
// /users/@me (the strict profile), the dashboard's sign-in completes as
// `rdash auth login` does: the token, accepted on an endpoint the
// interface documents, is stored under the configured username, else
// "unknown", and the account says the server did not confirm it.
func TestUISessionSignInWithoutUsersMe(t *testing.T) {
	t.Parallel()
	for _, username := range []string{"", "carol"} {
		w := newUIWorldOn(t, sandbox.Options{ApproveAs: "carol", Strict: true}, authtest.NewKeyring())
		w.sess.cfg.Username = username
		a, err := pasteSignInAccount(t, w, false)
		if err != nil {
			t.Fatalf("username %q: %v", username, err)
		}
		want := cmp.Or(username, auth.UnknownAccount)
		if !a.SignedIn || a.Name != want || !a.Unconfirmed || w.kr.Len() != 1 {
			t.Fatalf("username %q: Account = %+v; keyring holds %d", username, a, w.kr.Len())
		}
		if _, _, err := w.client.ListVersions(t.Context(), "lumen", nil); err != nil {
			t.Fatalf("username %q: the running client after sign-in: %v", username, err)
		}
	}
}
