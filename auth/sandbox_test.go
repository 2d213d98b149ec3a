package auth

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/oauth2"

	"rdash/api"
	"rdash/api/sandbox"
	"rdash/api/sandbox/sandboxtest"
	"rdash/auth/authtest"
)

// waitAsync runs f.Wait in the background, as the dashboard does.
func waitAsync(t *testing.T, f *Flow) <-chan result {
	ch := make(chan result, 1)
	go func() {
		tok, err := f.Wait(t.Context())
		ch <- result{tok, err}
	}()
	return ch
}

type result struct {
	tok *oauth2.Token
	err error
}

func TestLoopbackSignIn(t *testing.T) {
	t.Parallel()
	w := startSandbox(t, sandbox.Options{})
	f, err := NewFlow(w.settings, ModeLoopback)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	// The tab says "Signed in" only once rdash has checked the token.
	var checked *oauth2.Token
	f.SetFinish(func(ctx context.Context, tok *oauth2.Token) (string, error) {
		checked = tok
		return "rdash is signed in to the sandbox as alice.", nil
	})
	got := waitAsync(t, f)
	b := sandboxtest.NewBrowser(t)
	loc := b.MustDecide(f.URL(), "alice", "approve")
	if !strings.HasPrefix(loc, "http://127.0.0.1:") {
		t.Fatalf("redirect to %s, want the loopback listener", loc)
	}
	page, status := b.Get(loc)
	if status != 200 || !strings.Contains(page, "Signed in") || !strings.Contains(page, "as alice.") ||
		!strings.Contains(page, "close this tab") || checked == nil {
		t.Fatalf("callback page %d (finish ran: %v):\n%s", status, checked != nil, page)
	}
	r := <-got
	if r.err != nil {
		t.Fatal(r.err)
	}
	if s := Scopes(r.tok); !slices.Equal(s, []string{"user:read", "project:read"}) {
		t.Errorf("scopes = %v", s)
	}
	src := NewSource(t.Context(), SourceOptions{Settings: w.settings, Stored: &Stored{Token: r.tok}})
	if who, err := whoAmI(t, w, src); err != nil || who != "alice" {
		t.Fatalf("whoAmI = %q, %v", who, err)
	}
	if _, err := b.Follow(loc); err == nil {
		t.Error("the listener still answers after its one callback")
	}
}

func TestPasteRedirectURLAndBareCode(t *testing.T) {
	t.Parallel()
	w := startSandbox(t, sandbox.Options{})
	b := sandboxtest.NewBrowser(t)
	for _, paste := range []func(loc string) string{
		func(loc string) string { return loc },              // the address the browser ended on
		func(loc string) string { return b.OobCode(loc) },   // the code the page shows
		func(loc string) string { return " " + loc + "\n" }, // with the newline of a terminal
	} {
		f, err := NewFlow(w.settings, ModePaste)
		if err != nil {
			t.Fatal(err)
		}
		loc := b.MustDecide(f.URL(), "bob", "approve")
		if u, _ := url.Parse(loc); u.Path != "/auth/oauth/oob" {
			t.Fatalf("paste mode redirected to %s, want the configured callback", loc)
		}
		tok, err := f.Exchange(t.Context(), paste(loc))
		if err != nil {
			t.Fatal(err)
		}
		src := NewSource(t.Context(), SourceOptions{Settings: w.settings, Stored: &Stored{Token: tok}})
		if who, err := whoAmI(t, w, src); err != nil || who != "bob" {
			t.Fatalf("whoAmI = %q, %v", who, err)
		}
	}
}

func TestStateMismatchAborts(t *testing.T) {
	t.Parallel()
	w := startSandbox(t, sandbox.Options{})
	b := sandboxtest.NewBrowser(t)
	f, err := NewFlow(w.settings, ModeLoopback)
	if err != nil {
		t.Fatal(err)
	}
	got := waitAsync(t, f)
	u, _ := url.Parse(b.MustDecide(f.URL(), "alice", "approve"))
	q := u.Query()
	code := q.Get("code")
	q.Set("state", "forged")
	u.RawQuery = q.Encode()
	page, _ := b.Get(u.String())
	if !strings.Contains(page, "Sign-in aborted") {
		t.Errorf("page:\n%s", page)
	}
	if r := <-got; !errors.Is(r.err, ErrStateMismatch) || r.tok != nil {
		t.Fatalf("Wait = %v, %v; want ErrStateMismatch", r.tok, r.err)
	}
	// The forged answer's code was not spent: a real paste still works.
	if _, err := f.Exchange(t.Context(), code); err != nil {
		t.Fatalf("the code was spent on a forged answer: %v", err)
	}
	// A pasted URL with a forged state is refused too.
	p, _ := NewFlow(w.settings, ModePaste)
	loc := b.MustDecide(p.URL(), "alice", "approve")
	if _, err := p.Exchange(t.Context(), strings.Replace(loc, "state=", "state=x", 1)); !errors.Is(err, ErrStateMismatch) {
		t.Fatalf("pasted forged state: %v", err)
	}
}

func TestDenyShowsTheReason(t *testing.T) {
	t.Parallel()
	w := startSandbox(t, sandbox.Options{})
	b := sandboxtest.NewBrowser(t)
	f, err := NewFlow(w.settings, ModeLoopback)
	if err != nil {
		t.Fatal(err)
	}
	got := waitAsync(t, f)
	page, _ := b.Get(b.MustDecide(f.URL(), "alice", "deny"))
	if !strings.Contains(page, "the user denied access") || !strings.Contains(page, "close this tab") {
		t.Errorf("page does not show the reason:\n%s", page)
	}
	var de *DeniedError
	if r := <-got; !errors.As(r.err, &de) || de.Code != "access_denied" || !strings.Contains(r.err.Error(), "the user denied access") {
		t.Fatalf("Wait error = %v", r.err)
	}
	p, _ := NewFlow(w.settings, ModePaste)
	if _, err := p.Exchange(t.Context(), b.MustDecide(p.URL(), "alice", "deny")); !errors.As(err, &de) {
		t.Fatalf("pasted deny: %v", err)
	}
}

func TestExpiredCode(t *testing.T) {
	t.Parallel()
	clk := newClock()
	w := startSandbox(t, sandbox.Options{CodeTTL: time.Minute, Now: clk.Now})
	b := sandboxtest.NewBrowser(t)
	f, _ := NewFlow(w.settings, ModePaste)
	loc := b.MustDecide(f.URL(), "alice", "approve")
	clk.Add(2 * time.Minute)
	_, err := f.Exchange(t.Context(), loc)
	var te *TokenError
	if !errors.As(err, &te) || te.Code != "invalid_grant" || !strings.Contains(err.Error(), "expired") {
		t.Fatalf("Exchange = %v, want invalid_grant: expired", err)
	}
}

func TestWrongClientSecret(t *testing.T) {
	t.Parallel()
	w := startSandbox(t, sandbox.Options{})
	w.settings.ClientSecret = "not-the-secret"
	b := sandboxtest.NewBrowser(t)
	f, _ := NewFlow(w.settings, ModePaste)
	_, err := f.Exchange(t.Context(), b.MustDecide(f.URL(), "alice", "approve"))
	var te *TokenError
	if !errors.As(err, &te) || te.Code != "invalid_client" || te.Status != 401 ||
		!strings.Contains(err.Error(), "client_secret") || strings.Contains(err.Error(), "not-the-secret") {
		t.Fatalf("Exchange = %v", err)
	}
}

func TestHTTPOpenerActsAsTheBrowser(t *testing.T) {
	t.Parallel()
	w := startSandbox(t, sandbox.Options{ApproveAs: "carol"})
	f, err := NewFlow(w.settings, ModeLoopback)
	if err != nil {
		t.Fatal(err)
	}
	tok, err := f.WaitOpened(t.Context(), HTTPOpener(&http.Client{Timeout: 20 * time.Second}))
	if err != nil {
		t.Fatal(err)
	}
	src := NewSource(t.Context(), SourceOptions{Settings: w.settings, Stored: &Stored{Token: tok}})
	if who, err := whoAmI(t, w, src); err != nil || who != "carol" {
		t.Fatalf("whoAmI = %q, %v", who, err)
	}
	// An opener that cannot reach the consent page ends the wait at once.
	bad := w.settings
	bad.ClientID = "nope"
	g, _ := NewFlow(bad, ModeLoopback)
	if _, err := g.WaitOpened(t.Context(), HTTPOpener(http.DefaultClient)); err == nil || !strings.Contains(err.Error(), "400") {
		t.Fatalf("WaitOpened with an unknown client = %v", err)
	}
}

// signIn runs a whole paste-mode sign-in as user.
func signIn(t *testing.T, w world, user string) *oauth2.Token {
	t.Helper()
	f, err := NewFlow(w.settings, ModePaste)
	if err != nil {
		t.Fatal(err)
	}
	tok, err := f.Exchange(t.Context(), sandboxtest.NewBrowser(t).MustDecide(f.URL(), user, "approve"))
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

func TestRefreshPersistsTheRotatedToken(t *testing.T) {
	t.Parallel()
	// A lifetime inside x/oauth2's 10-second margin: expired at once.
	w := startSandbox(t, sandbox.Options{TokenTTL: 5 * time.Second})
	d := newDirs(t)
	store := d.store(authtest.NewKeyring(), "")
	first := signIn(t, w, "dave")
	if _, err := store.Save(t.Context(), w.settings.Host(), "dave", first, nil); err != nil {
		t.Fatal(err)
	}
	for run := range 3 { // three runs of rdash, each loading what the last saved
		st, err := store.Load(t.Context(), w.settings.Host())
		if err != nil {
			t.Fatal(err)
		}
		var saveErr error
		src := NewSource(t.Context(), SourceOptions{Settings: w.settings, Stored: st, Store: store,
			OnSaveError: func(err error) { saveErr = err }})
		if who, err := whoAmI(t, w, src); err != nil || who != "dave" || saveErr != nil {
			t.Fatalf("run %d: whoAmI = %q, %v (save: %v)", run, who, err, saveErr)
		}
		after, _ := store.Load(t.Context(), w.settings.Host())
		if after.Token.RefreshToken == st.Token.RefreshToken || after.Where.Kind != KindKeyring {
			t.Fatalf("run %d: the rotated refresh token was not written back to the keyring", run)
		}
		if !slices.Equal(Scopes(after.Token), []string{"user:read", "project:read"}) {
			t.Fatalf("run %d: scopes after refresh = %v", run, Scopes(after.Token))
		}
	}
}

func TestRefreshRefusedNeedsSignIn(t *testing.T) {
	t.Parallel()
	w := startSandbox(t, sandbox.Options{TokenTTL: 5 * time.Second, NoRefresh: true})
	src := NewSource(t.Context(), SourceOptions{Settings: w.settings, Stored: &Stored{Token: signIn(t, w, "erin")}})
	_, err := whoAmI(t, w, src)
	if !errors.Is(err, ErrSignInNeeded) || !errors.Is(err, api.ErrUnauthorized) ||
		!strings.Contains(err.Error(), "rdash auth login") || !strings.Contains(err.Error(), "renewing the sign-in was refused") {
		t.Fatalf("whoAmI = %v", err)
	}
}

func TestUnauthorizedAfterExpiry(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name      string
		noRefresh bool
	}{{"refresh refused", true}, {"refreshed and retried", false}} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			// The server's clock runs ahead: the token looks valid here
			// but the server says 401.
			clk := newClock()
			w := startSandbox(t, sandbox.Options{TokenTTL: time.Hour, NoRefresh: tc.noRefresh, Now: clk.Now})
			tok := signIn(t, w, "frank")
			clk.Add(2 * time.Hour)
			src := NewSource(t.Context(), SourceOptions{Settings: w.settings, Stored: &Stored{Token: tok}})
			who, err := whoAmI(t, w, src)
			if tc.noRefresh {
				if !errors.Is(err, ErrSignInNeeded) || !strings.Contains(err.Error(), "refused the access token") {
					t.Fatalf("whoAmI = %q, %v; want sign-in needed", who, err)
				}
				return
			}
			if err != nil || who != "frank" {
				t.Fatalf("whoAmI = %q, %v", who, err)
			}
		})
	}
}

func TestEnvTokenRefusedSaysUnset(t *testing.T) {
	t.Parallel()
	w := startSandbox(t, sandbox.Options{})
	src := NewSource(t.Context(), SourceOptions{Settings: w.settings,
		Stored: &Stored{Token: &oauth2.Token{AccessToken: "bogus"}, Where: Location{Kind: KindEnv}}})
	_, err := whoAmI(t, w, src)
	if !errors.Is(err, ErrSignInNeeded) || !strings.Contains(err.Error(), "RDASH_TOKEN") {
		t.Fatalf("whoAmI = %v", err)
	}
}

func TestRefreshOutlivesTheCancelledRequest(t *testing.T) {
	t.Parallel()
	w := startSandbox(t, sandbox.Options{TokenTTL: 5 * time.Second, Latency: 300 * time.Millisecond})
	store := newDirs(t).store(authtest.NewKeyring(), "")
	if _, err := store.Save(t.Context(), w.settings.Host(), "alice", signIn(t, w, "alice"), nil); err != nil {
		t.Fatal(err)
	}
	st, _ := store.Load(t.Context(), w.settings.Host())
	ctx, cancel := context.WithTimeout(t.Context(), 50*time.Millisecond)
	defer cancel()
	NewSource(t.Context(), SourceOptions{Settings: w.settings, Stored: st, Store: store}).TokenContext(ctx)
	// The refresh spent the old refresh token; the new one must be stored.
	again, _ := store.Load(t.Context(), w.settings.Host())
	if again.Token.RefreshToken == st.Token.RefreshToken {
		t.Fatal("the refresh was abandoned with the request; the rotated token is lost")
	}
	if _, err := NewSource(t.Context(), SourceOptions{Settings: w.settings, Stored: again}).Token(); err != nil {
		t.Fatalf("the stored refresh token does not work: %v", err)
	}
}
