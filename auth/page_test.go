package auth

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"golang.org/x/oauth2"

	"rdash/api/sandbox"
	"rdash/api/sandbox/sandboxtest"
)

// The tab never says "Signed in" for a token rdash has not checked: with
// no Finish it says a token arrived; when Finish fails it says so, and
// Wait returns that failure.
func TestCallbackPageSaysWhatHappened(t *testing.T) {
	t.Parallel()
	w := startSandbox(t, sandbox.Options{})
	b := sandboxtest.NewBrowser(t)
	for _, tc := range []struct {
		name   string
		finish Finish
		want   []string
		err    string
	}{
		{"no finish", nil, []string{"Authorized", "received a token and is now checking it"}, ""},
		{"finish fails", func(context.Context, *oauth2.Token) (string, error) {
			return "", errors.New("the server refused the token")
		}, []string{"Sign-in failed", "the server refused the token. rdash did not sign in."}, "refused the token"},
	} {
		f, err := NewFlow(w.settings, ModeLoopback)
		if err != nil {
			t.Fatal(err)
		}
		f.SetFinish(tc.finish)
		got := waitAsync(t, f)
		page, _ := b.Get(b.MustDecide(f.URL(), "alice", "approve"))
		if strings.Contains(page, "Signed in") {
			t.Errorf("%s: the page says signed in:\n%s", tc.name, page)
		}
		for _, want := range tc.want {
			if !strings.Contains(page, want) {
				t.Errorf("%s: the page lacks %q:\n%s", tc.name, want, page)
			}
		}
		r := <-got
		if (tc.err == "") != (r.err == nil) || (r.err != nil && !strings.Contains(r.err.Error(), tc.err)) {
			t.Errorf("%s: Wait = %v", tc.name, r.err)
		}
	}
	if p := pageFor(ErrStateMismatch, "", true); !strings.Contains(p.Text, "aborted the sign-in") || strings.Contains(p.Text, "ignored") {
		t.Errorf("wrong state page: %+v", p)
	}
}

// Every authorization request carries an S256 PKCE challenge, and the
// exchange the verifier it was made from (RFC 7636).
func TestPKCE(t *testing.T) {
	t.Parallel()
	w := startSandbox(t, sandbox.Options{})
	rec := &recorder{}
	w.settings.HTTPClient = &http.Client{Transport: rec}
	b := sandboxtest.NewBrowser(t)
	challenges := map[string]bool{}
	for _, mode := range []Mode{ModePaste, ModeLoopback} {
		f, err := NewFlow(w.settings, mode)
		if err != nil {
			t.Fatal(err)
		}
		u, _ := url.Parse(f.URL())
		q := u.Query()
		challenge := q.Get("code_challenge")
		if q.Get("code_challenge_method") != "S256" || len(challenge) != 43 || challenges[challenge] {
			t.Fatalf("mode %d: code_challenge %q, method %q (want a new S256 one)", mode, challenge, q.Get("code_challenge_method"))
		}
		challenges[challenge] = true
		var tok *oauth2.Token
		if mode == ModeLoopback {
			got := waitAsync(t, f)
			b.Get(b.MustDecide(f.URL(), "alice", "approve"))
			r := <-got
			tok, err = r.tok, r.err
		} else {
			tok, err = f.Exchange(t.Context(), b.MustDecide(f.URL(), "alice", "approve"))
		}
		if err != nil || tok == nil {
			t.Fatalf("mode %d: %v", mode, err)
		}
		rec.mu.Lock()
		last := rec.reqs[len(rec.reqs)-1]
		rec.mu.Unlock()
		verifier := last.form.Get("code_verifier")
		sum := sha256.Sum256([]byte(verifier))
		if verifier == "" || base64.RawURLEncoding.EncodeToString(sum[:]) != challenge {
			t.Fatalf("mode %d: the exchange's code_verifier %q does not match the challenge", mode, verifier)
		}
	}
}
