package auth

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"golang.org/x/oauth2"

	"rdash/api"
)

// remote serves h as if at api.example.com: every connection the
// returned transport makes, whatever the host, goes to it on loopback.
func remote(t *testing.T, h http.HandlerFunc) http.RoundTripper {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	addr := srv.Listener.Addr().String()
	return &http.Transport{DialContext: func(ctx context.Context, network, _ string) (net.Conn, error) {
		return (&net.Dialer{}).DialContext(ctx, network, addr)
	}}
}

// TestNoTokenOverPlainHTTPToAnotherMachine: the token is not sent over
// plain http to a host that is not this machine unless the settings allow
// it; the error names the address and how to allow it, and nothing is
// retried (issue 18.11: rdash only warned and sent the token in clear).
func TestNoTokenOverPlainHTTPToAnotherMachine(t *testing.T) {
	t.Parallel()
	var got atomic.Value
	got.Store("")
	var requests atomic.Int64
	rt := remote(t, func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		got.Store(r.Header.Get("Authorization"))
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"data":{"id":"u1","username":"alice"}}`))
	})
	for _, allow := range []bool{false, true} {
		s := Settings{BaseURL: "http://api.example.com/api/v1", AuthURL: "https://auth.example.com", ClientID: "rdash", AllowInsecureHTTP: allow}
		src := NewSource(t.Context(), SourceOptions{Settings: s, Stored: &Stored{Token: &oauth2.Token{AccessToken: "s3cret-token"}}})
		c, err := api.New(s.BaseURL, api.WithHTTPClient(NewHTTPClient(src, rt)))
		if err != nil {
			t.Fatal(err)
		}
		_, _, err = c.GetUser(t.Context(), api.Me)
		if allow {
			if err != nil || got.Load() != "Bearer s3cret-token" {
				t.Fatalf("allowed: err = %v, header %q", err, got.Load())
			}
			continue
		}
		var ie *InsecureHTTPError
		if !errors.As(err, &ie) || !errors.Is(err, api.ErrNotSent) || requests.Load() != 0 {
			t.Fatalf("err = %v after %d requests; want an InsecureHTTPError and nothing sent", err, requests.Load())
		}
		for _, want := range []string{"http://api.example.com/api/v1/users/@me", "allow_insecure_http: true", "RDASH_ALLOW_INSECURE_HTTP", "--allow-insecure-http"} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("%q lacks %q", err, want)
			}
		}
		if strings.Contains(err.Error(), "s3cret") {
			t.Fatal("the error shows the token")
		}
	}
}

// TestNoSignInOverPlainHTTPToAnotherMachine: a sign-in whose code and
// client secret would go over plain http to another machine is refused
// before the user is sent to the browser.
func TestNoSignInOverPlainHTTPToAnotherMachine(t *testing.T) {
	t.Parallel()
	s := Settings{BaseURL: "https://api.example.com", AuthURL: "http://auth.example.com", ClientID: "rdash"}
	if _, err := NewFlow(s, ModePaste); !errors.Is(err, api.ErrNotSent) || !strings.Contains(err.Error(), "--allow-insecure-http") {
		t.Fatalf("NewFlow = %v; want the plain http refusal", err)
	}
	s.AllowInsecureHTTP = true
	if _, err := NewFlow(s, ModePaste); err != nil {
		t.Fatalf("allowed: %v", err)
	}
	s = Settings{BaseURL: "http://127.0.0.1:9/api/v1", AuthURL: "http://localhost:9/auth", ClientID: "rdash"}
	if _, err := NewFlow(s, ModePaste); err != nil {
		t.Fatalf("loopback refused: %v", err)
	}
}
