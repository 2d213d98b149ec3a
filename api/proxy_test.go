package api_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strconv"
	"testing"
	"time"

	"rdash/api"
	"rdash/api/sandbox/sandboxtest"
)

// proxy serves the sandbox through a reverse proxy on another port, with
// wrap between the two: a server that breaks the interface in one way,
// for the tests of what the client does then. It returns the proxy's
// origin ("http://127.0.0.1:PORT").
func (e *sandboxEnv) proxy(t *testing.T, wrap func(sandbox http.Handler) http.Handler) string {
	t.Helper()
	target, err := url.Parse(e.run.BaseURL)
	if err != nil {
		t.Fatal(err)
	}
	rp := &httputil.ReverseProxy{Rewrite: func(r *httputil.ProxyRequest) {
		r.SetURL(&url.URL{Scheme: target.Scheme, Host: target.Host})
	}}
	ps := httptest.NewServer(wrap(rp))
	t.Cleanup(ps.Close)
	return ps.URL
}

// clientAt returns a client of the API at base that signs in as user
// (anonymous when empty).
func (e *sandboxEnv) clientAt(t *testing.T, base, user string, opts ...api.Option) *api.Client {
	t.Helper()
	var rt http.RoundTripper = http.DefaultTransport
	if user != "" {
		tok, err := e.srv.MintToken(user)
		if err != nil {
			t.Fatal(err)
		}
		rt = sandboxtest.Bearer{Token: tok}
	}
	opts = append([]api.Option{
		api.WithHTTPClient(&http.Client{Transport: rt}),
		api.WithRetryBackoff(time.Millisecond, 20*time.Millisecond, 5*time.Second),
	}, opts...)
	c, err := api.New(base, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// editJSON is a handler that passes each request to next and lets edit
// change the JSON answers of the requests that match before they go out.
func editJSON(next http.Handler, match func(*http.Request) bool, edit func(body map[string]any)) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !match(r) {
			next.ServeHTTP(w, r)
			return
		}
		rec := httptest.NewRecorder()
		next.ServeHTTP(rec, r)
		var body map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
			http.Error(w, "the proxy could not read the sandbox's answer: "+err.Error(), http.StatusBadGateway)
			return
		}
		edit(body)
		out, _ := json.Marshal(body)
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		w.Header().Set("Content-Length", strconv.Itoa(len(out)))
		w.WriteHeader(rec.Code)
		_, _ = io.Copy(w, bytes.NewReader(out))
	})
}
