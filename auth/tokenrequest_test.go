package auth

import (
	"bytes"
	"io"
	"net/http"
	"net/url"
	"rdash/api/sandbox/sandboxtest"
	"strings"
	"sync"
	"testing"
	"time"

	"rdash/api/sandbox"
)

// recorder keeps the token requests it forwards.
type recorder struct {
	mu   sync.Mutex
	reqs []recorded
}

type recorded struct {
	auth, contentType string
	form              url.Values
}

func (r *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	body, _ := io.ReadAll(req.Body)
	req.Body = io.NopCloser(bytes.NewReader(body))
	form, _ := url.ParseQuery(string(body))
	r.mu.Lock()
	r.reqs = append(r.reqs, recorded{req.Header.Get("Authorization"), req.Header.Get("Content-Type"), form})
	r.mu.Unlock()
	return http.DefaultTransport.RoundTrip(req)
}

func TestTokenRequestsCarryCredentialsInTheBody(t *testing.T) {
	t.Parallel()
	w := startSandbox(t, sandbox.Options{TokenTTL: 5 * time.Second})
	rec := &recorder{}
	w.settings.HTTPClient = &http.Client{Transport: rec}
	f, err := NewFlow(w.settings, ModeLoopback)
	if err != nil {
		t.Fatal(err)
	}
	got := waitAsync(t, f)
	b := sandboxtest.NewBrowser(t)
	b.Get(b.MustDecide(f.URL(), "alice", "approve"))
	r := <-got
	if r.err != nil {
		t.Fatal(r.err)
	}
	if _, err := NewSource(t.Context(), SourceOptions{Settings: w.settings, Stored: &Stored{Token: r.tok}}).Token(); err != nil {
		t.Fatal(err)
	}
	if len(rec.reqs) != 2 {
		t.Fatalf("%d token requests, want the exchange and one refresh", len(rec.reqs))
	}
	for i, want := range []map[string]string{
		{"grant_type": "authorization_code", "redirect_uri": f.cb.url},
		{"grant_type": "refresh_token", "refresh_token": r.tok.RefreshToken},
	} {
		q := rec.reqs[i]
		if q.auth != "" || !strings.HasPrefix(q.contentType, "application/x-www-form-urlencoded") ||
			q.form.Get("client_id") != w.settings.ClientID || q.form.Get("client_secret") != w.settings.ClientSecret {
			t.Errorf("request %d: Authorization %q, Content-Type %q, form %v: want the credentials in the form body",
				i, q.auth, q.contentType, q.form)
		}
		for k, v := range want {
			if q.form.Get(k) != v {
				t.Errorf("request %d: %s = %q, want %q", i, k, q.form.Get(k), v)
			}
		}
	}
}
