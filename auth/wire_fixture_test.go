package auth

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"
)

// tokenEndpoint serves a wire fixture as the token endpoint's answer and
// keeps the form of the request it got.
func tokenEndpoint(t *testing.T, fixture string, status int) (Settings, func() url.Values) {
	t.Helper()
	body, err := os.ReadFile(filepath.Join("..", "testdata", "wire", fixture))
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var form url.Values
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.URL.Path != "/auth/oauth/token" {
			http.NotFound(w, r)
			return
		}
		r.ParseForm()
		mu.Lock()
		form = r.PostForm
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		w.Write(body)
	}))
	t.Cleanup(ts.Close)
	s := Settings{BaseURL: ts.URL + "/api/v1", AuthURL: ts.URL + "/auth", ClientID: "rdash-demo", ClientSecret: "sandbox-secret"}
	return s, func() url.Values { mu.Lock(); defer mu.Unlock(); return form }
}

// TestTokenFixtureThroughTheExchange reads testdata/wire's token response
// through the real exchange (golang.org/x/oauth2): every member of the
// fixture reaches the token rdash stores. The api package's fixture test
// leaves this fixture to this one.
func TestTokenFixtureThroughTheExchange(t *testing.T) {
	t.Parallel()
	s, sent := tokenEndpoint(t, "oauth-token.response.json", http.StatusOK)
	f, err := NewFlow(s, ModePaste)
	if err != nil {
		t.Fatal(err)
	}
	asked := time.Now()
	tok, err := f.Exchange(t.Context(), "c0de")
	if err != nil {
		t.Fatal(err)
	}
	if tok.AccessToken != "sbx_at_EXAMPLEACCESSTOKEN" || tok.TokenType != "Bearer" || tok.RefreshToken != "sbx_rt_EXAMPLEREFRESHTOKEN" {
		t.Errorf("token = %q %q %q", tok.AccessToken, tok.TokenType, tok.RefreshToken)
	}
	if lo, hi := asked.Add(3600*time.Second), time.Now().Add(3600*time.Second); tok.Expiry.Before(lo) || tok.Expiry.After(hi) {
		t.Errorf("expiry %v is not expires_in (3600 s) after the exchange", tok.Expiry)
	}
	if got := Scopes(tok); !slices.Equal(got, []string{"user:read", "project:version:update"}) {
		t.Errorf("scopes = %v", got)
	}
	if e := entryOf(tok, nil); !slices.Equal(e.Scopes, Scopes(tok)) || e.AccessToken != tok.AccessToken || !e.Expiry.Equal(tok.Expiry) {
		t.Errorf("stored entry = %+v", e)
	}
	form := sent()
	for k, want := range map[string]string{"grant_type": "authorization_code", "code": "c0de", "client_id": "rdash-demo", "client_secret": "sandbox-secret"} {
		if form.Get(k) != want {
			t.Errorf("the request's %s = %q, want %q", k, form.Get(k), want)
		}
	}
	if len(form.Get("code_verifier")) < 43 {
		t.Errorf("no PKCE verifier sent: %q", form.Get("code_verifier"))
	}
}

// TestTokenErrorFixtureThroughTheExchange: the RFC 6749 error fixture is
// a TokenError with its code and description.
func TestTokenErrorFixtureThroughTheExchange(t *testing.T) {
	t.Parallel()
	s, _ := tokenEndpoint(t, "oauth-token.response.error.json", http.StatusBadRequest)
	f, err := NewFlow(s, ModePaste)
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.Exchange(t.Context(), "c0de")
	var te *TokenError
	if !errors.As(err, &te) || te.Status != 400 || te.Code != "invalid_grant" || te.Description != "the code has expired" {
		t.Fatalf("Exchange = %v; want the fixture's invalid_grant", err)
	}
}
