package auth

import (
	"context"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/oauth2"

	"rdash/api/sandbox"
	"rdash/api/sandbox/sandboxtest"
	"rdash/auth/authtest"
)

// TestNoSecretInErrorsPagesOrFiles runs the failure paths and greps every
// error string, callback page and file for the secrets: the sandbox's
// tokens and codes (prefix sbx_), the client secret, the states and the
// PKCE verifiers.
// Only the consented plain-text token file may hold a token.
func TestNoSecretInErrorsPagesOrFiles(t *testing.T) {
	t.Parallel()
	clk := newClock()
	w := startSandbox(t, sandbox.Options{TokenTTL: time.Hour, NoRefresh: true, CodeTTL: time.Minute, Now: clk.Now})
	b := sandboxtest.NewBrowser(t)
	var texts []string
	secrets := []string{"sbx_", w.settings.ClientSecret}
	collect := func(err error) {
		if err == nil {
			t.Helper()
			t.Fatal("a failure path succeeded")
		}
		texts = append(texts, err.Error())
	}
	flow := func(mode Mode, s Settings) *Flow {
		f, err := NewFlow(s, mode)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { f.Close() })
		u, _ := url.Parse(f.URL())
		secrets = append(secrets, u.Query().Get("state"), f.verifier)
		return f
	}

	// Loopback: forged state, then deny; keep the pages.
	f := flow(ModeLoopback, w.settings)
	got := waitAsync(t, f)
	page, _ := b.Get(strings.Replace(b.MustDecide(f.URL(), "alice", "approve"), "state=", "state=x", 1))
	texts = append(texts, page)
	collect((<-got).err)
	f = flow(ModeLoopback, w.settings)
	got = waitAsync(t, f)
	page, _ = b.Get(b.MustDecide(f.URL(), "alice", "deny"))
	texts = append(texts, page)
	collect((<-got).err)

	// Token endpoint refusals: wrong secret, used code, expired code.
	bad := w.settings
	bad.ClientSecret = "sbx_wrong_secret"
	f = flow(ModePaste, bad)
	loc := b.MustDecide(f.URL(), "alice", "approve")
	_, err := f.Exchange(t.Context(), loc)
	collect(err)
	f = flow(ModePaste, w.settings)
	loc = b.MustDecide(f.URL(), "alice", "approve")
	if _, err := f.Exchange(t.Context(), loc); err != nil {
		t.Fatal(err)
	}
	_, err = f.Exchange(t.Context(), loc)
	collect(err)
	f = flow(ModePaste, w.settings)
	loc = b.MustDecide(f.URL(), "alice", "approve")
	clk.Add(2 * time.Minute)
	_, err = f.Exchange(t.Context(), loc)
	collect(err)
	ctx, cancel := context.WithTimeout(t.Context(), 50*time.Millisecond)
	defer cancel()
	_, err = flow(ModeLoopback, w.settings).Wait(ctx)
	collect(err)
	unknown := w.settings
	unknown.ClientID = "nope"
	_, err = flow(ModeLoopback, unknown).WaitOpened(t.Context(), HTTPOpener(http.DefaultClient))
	collect(err)

	// Storage: no keyring, consent given; then the token is refused.
	d := newDirs(t)
	store := d.store(authtest.Failing(errDBus), "")
	tok := signIn(t, w, "alice")
	if _, err := store.Save(t.Context(), w.settings.Host(), "alice", tok, yes); err != nil {
		t.Fatal(err)
	}
	_, err = store.Save(t.Context(), w.settings.Host(), "alice", tok, nil)
	collect(err)
	_, err = d.store(authtest.Failing(errDBus), tok.AccessToken).Save(t.Context(), "h", "a", tok, yes)
	collect(err)
	st, err := store.Load(t.Context(), w.settings.Host())
	if err != nil {
		t.Fatal(err)
	}
	clk.Add(2 * time.Hour)
	_, err = whoAmI(t, w, NewSource(t.Context(), SourceOptions{Settings: w.settings, Stored: st, Store: store}))
	collect(err)
	st.Token.Expiry = time.Now().Add(-time.Minute)
	_, err = NewSource(t.Context(), SourceOptions{Settings: w.settings, Stored: st}).Token()
	collect(err)
	_, err = d.store(authtest.NewKeyring(), "").Load(t.Context(), "elsewhere")
	collect(err)
	_, err = whoAmI(t, w, NewSource(t.Context(), SourceOptions{Settings: w.settings,
		Stored: &Stored{Token: &oauth2.Token{AccessToken: tok.AccessToken}, Where: Location{Kind: KindEnv}}}))
	collect(err)

	tokenFile := store.FilePath()
	if b, err := os.ReadFile(tokenFile); err != nil || !strings.Contains(string(b), tok.AccessToken) {
		t.Fatalf("the consented file should hold the token (else this test greps for nothing): %v", err)
	}
	filepath.WalkDir(filepath.Dir(filepath.Dir(d.config)), func(p string, e fs.DirEntry, err error) error {
		if err == nil && !e.IsDir() && p != tokenFile {
			b, _ := os.ReadFile(p)
			texts = append(texts, p+": "+string(b))
		}
		return nil
	})
	if len(texts) < 15 {
		t.Fatalf("only %d texts collected", len(texts))
	}
	for _, text := range texts {
		for _, s := range secrets {
			if s != "" && strings.Contains(text, s) {
				t.Errorf("secret %.8s… appears in:\n%s", s, text)
			}
		}
	}
}
