package auth

import (
	"errors"
	"rdash/auth/authtest"
	"testing"
	"time"

	"rdash/api"
	"rdash/api/sandbox"
)

// TestUseSwapsTheTokenOfARunningClient is the dashboard's sign-out and
// sign-in again: one Source, one client, never rebuilt.
func TestUseSwapsTheTokenOfARunningClient(t *testing.T) {
	t.Parallel()
	// Tokens expire at once, so the swapped-in token is also renewed and
	// written back where Use said it lives.
	w := startSandbox(t, sandbox.Options{TokenTTL: 5 * time.Second})
	store := newDirs(t).store(authtest.NewKeyring(), "")
	host := w.settings.Host()
	src := NewSource(t.Context(), SourceOptions{Settings: w.settings, Store: store,
		Stored: &Stored{Host: host, Account: "alice", Token: signIn(t, w, "alice")}})
	if who, err := whoAmI(t, w, src); err != nil || who != "alice" {
		t.Fatalf("before: whoAmI = %q, %v", who, err)
	}

	src.Use(nil)
	if _, err := whoAmI(t, w, src); !errors.Is(err, ErrSignInNeeded) || !errors.Is(err, api.ErrUnauthorized) {
		t.Fatalf("signed out: whoAmI = %v, want a sign-in error", err)
	}
	if st := src.Stored(); st.Token != nil {
		t.Fatalf("signed out, Stored still has a token (account %q)", st.Account)
	}
	none := NewSource(t.Context(), SourceOptions{Settings: w.settings})
	if _, err := none.Token(); !errors.Is(err, ErrSignInNeeded) {
		t.Fatalf("a Source made without a token: Token = %v, want a sign-in error", err)
	}

	tok := signIn(t, w, "bob")
	where, err := store.Save(t.Context(), host, "bob", tok, nil)
	if err != nil {
		t.Fatal(err)
	}
	src.Use(&Stored{Host: host, Account: "bob", Token: tok, Where: where})
	if who, err := whoAmI(t, w, src); err != nil || who != "bob" {
		t.Fatalf("after Use: whoAmI = %q, %v", who, err)
	}
	saved, err := store.Load(t.Context(), host)
	if err != nil || saved.Account != "bob" || saved.Token.RefreshToken == tok.RefreshToken {
		t.Fatalf("the renewed token of the new sign-in was not written back: %+v, %v", saved, err)
	}
}

// TestRenewalAfterSignOutElsewhereSignsOut is a dashboard left open while
// `rdash auth logout` runs in another terminal: the next renewal must not
// bring the token back, and the dashboard must ask to sign in again.
func TestRenewalAfterSignOutElsewhereSignsOut(t *testing.T) {
	t.Parallel()
	// Tokens expire at once, so the first request renews.
	w := startSandbox(t, sandbox.Options{TokenTTL: 5 * time.Second})
	store := newDirs(t).store(authtest.Failing(errDBus), "")
	host := w.settings.Host()
	if _, err := store.Save(t.Context(), host, "alice", signIn(t, w, "alice"), yes); err != nil {
		t.Fatal(err)
	}
	st, err := store.Load(t.Context(), host)
	if err != nil {
		t.Fatal(err)
	}
	var saveErr error
	src := NewSource(t.Context(), SourceOptions{Settings: w.settings, Stored: st, Store: store,
		OnSaveError: func(err error) { saveErr = err }})
	if _, err := store.Delete(t.Context(), host); err != nil {
		t.Fatal(err)
	}
	if who, err := whoAmI(t, w, src); !errors.Is(err, ErrSignInNeeded) || saveErr != nil {
		t.Fatalf("whoAmI = %q, %v (save: %v); want a sign-in error", who, err, saveErr)
	}
	if st := src.Stored(); st.Token != nil {
		t.Fatalf("the Source still holds %s's token", st.Account)
	}
	if _, err := src.Token(); !errors.Is(err, ErrSignInNeeded) {
		t.Fatalf("Token = %v, want a sign-in error", err)
	}
	if got, err := store.Load(t.Context(), host); !errors.Is(err, ErrSignInNeeded) {
		t.Fatalf("Load = %+v, %v; the renewed token signed the user in again", got, err)
	}
}
