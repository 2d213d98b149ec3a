package auth

import (
	"errors"
	"testing"
	"time"

	"rdash/api/sandbox"
	"rdash/auth/authtest"
)

// TestRefusedSourceRenewsAnAdoptedExpiredToken: a Source whose refresh
// was refused finds in the store a newer token that has already expired
// (another process renewed, then was idle); that token's refresh token
// has never been tried, so the Source tries it rather than staying signed
// out.
func TestRefusedSourceRenewsAnAdoptedExpiredToken(t *testing.T) {
	t.Parallel()
	w := startSandbox(t, sandbox.Options{TokenTTL: time.Hour})
	d := newDirs(t)
	kr := authtest.NewKeyring()
	store := d.store(kr, "")
	host := w.settings.Host()
	if _, err := store.Save(t.Context(), host, "erin", signIn(t, w, "erin"), nil); err != nil {
		t.Fatal(err)
	}
	st, err := store.Load(t.Context(), host)
	if err != nil {
		t.Fatal(err)
	}
	st.Token.Expiry = time.Now().Add(-time.Minute)
	// Someone spends the stored refresh token without saving the result.
	cp, tc := *st, *st.Token
	cp.Token = &tc
	spender := NewSource(t.Context(), SourceOptions{Settings: w.settings, Stored: &cp})
	if _, err := spender.Token(); err != nil {
		t.Fatal(err)
	}
	// So this Source's refresh is refused, and the store holds nothing newer.
	mine := NewSource(t.Context(), SourceOptions{Settings: w.settings, Stored: st, Store: d.store(kr, "")})
	var sie *SignInError
	if _, err := mine.Token(); !errors.As(err, &sie) {
		t.Fatalf("the spent refresh token was not refused: %v", err)
	}
	// Now the store gets the spender's token, expired by the time it is read.
	newer := *spender.Stored().Token
	newer.Expiry = time.Now().Add(-time.Minute)
	if _, err := store.Save(t.Context(), host, "erin", &newer, nil); err != nil {
		t.Fatal(err)
	}
	tok, err := mine.Token()
	if err != nil {
		t.Fatalf("signed out although the store holds a usable refresh token: %v", err)
	}
	if !tok.Valid() || tok.RefreshToken == newer.RefreshToken {
		t.Fatal("the adopted token was not renewed")
	}
	if who, err := whoAmI(t, w, mine); err != nil || who != "erin" {
		t.Fatalf("after renewing: %q, %v", who, err)
	}
}
