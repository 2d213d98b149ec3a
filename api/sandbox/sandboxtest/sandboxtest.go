// Package sandboxtest starts the sandbox service for tests.
package sandboxtest

import (
	"net/http"
	"testing"

	"rdash/api/sandbox"
)

// Start serves a new sandbox.Server built from opts on 127.0.0.1 at a free
// port and closes it when the test ends.
func Start(t testing.TB, opts sandbox.Options) (*sandbox.Server, *sandbox.Running) {
	t.Helper()
	s, err := sandbox.New(opts)
	if err != nil {
		t.Fatalf("sandbox: %v", err)
	}
	run, err := s.Start("127.0.0.1:0")
	if err != nil {
		t.Fatalf("sandbox: %v", err)
	}
	t.Cleanup(func() {
		if err := run.Close(); err != nil {
			t.Errorf("sandbox: close: %v", err)
		}
	})
	return s, run
}

// Profile is a named set of sandbox options, for tests that run against
// each of the sandbox's profiles.
type Profile struct {
	Name    string
	Options sandbox.Options
}

// Profiles are the sandbox's profiles: the default one (docs/wire.md) and
// the strict one, which serves only what the interface document states
// (api/sandbox/README.md, Profiles). Tests add their own options to each.
func Profiles() []Profile {
	return []Profile{{"default", sandbox.Options{}}, {"strict", sandbox.Options{Strict: true}}}
}

// Bearer is an http.RoundTripper that signs every request with Token, as
// the auth package's client does, without a token source behind it.
type Bearer struct {
	Token string
	Next  http.RoundTripper // nil means http.DefaultTransport
}

// RoundTrip implements http.RoundTripper.
func (b Bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	next := b.Next
	if next == nil {
		next = http.DefaultTransport
	}
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.Token)
	return next.RoundTrip(r)
}
