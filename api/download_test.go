package api_test

import (
	"errors"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"rdash/api"
)

// bearer adds a token to every request, as auth's oauth2 transport does.
type bearer struct{ token string }

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return http.DefaultTransport.RoundTrip(r)
}

// fileServer serves /api/v1/projects/lumen/versions/1.0.0/download[/{fileId}]
// as a redirect to location(r) and /api/v1/files/… as the content.
func fileServer(t *testing.T, location func(r *http.Request) string, fileHits *atomic.Int64) *testServer {
	return newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
		switch {
		case strings.Contains(r.URL.Path, "/download"):
			if r.Header.Get("Authorization") != "Bearer t0ken" {
				t.Errorf("the API's origin got no token")
			}
			// Not http.Redirect, which would resolve a relative location itself.
			w.Header().Set("Location", location(r))
			w.WriteHeader(http.StatusFound)
		case strings.HasPrefix(r.URL.Path, "/api/v1/files/"):
			fileHits.Add(1)
			_, _ = io.WriteString(w, "JAR CONTENT "+strings.Repeat("x", 4096))
		default:
			http.NotFound(w, r)
		}
	})
}

func TestDownloadURL(t *testing.T) {
	t.Parallel()
	var hits atomic.Int64
	var gotPath string
	ts := fileServer(t, func(r *http.Request) string {
		gotPath = r.URL.Path
		return "../../../../files/F1/lumen.jar?sig=abc" // relative to the request
	}, &hits)
	c := newTestClient(t, ts, api.WithHTTPClient(&http.Client{Transport: bearer{"t0ken"}}))
	for fileID, wantPath := range map[string]string{
		"":   "/api/v1/projects/lumen/versions/1.0.0/download",
		"F1": "/api/v1/projects/lumen/versions/1.0.0/download/F1",
	} {
		u, resp, err := c.DownloadURL(t.Context(), "lumen", "1.0.0", fileID)
		if err != nil {
			t.Fatal(err)
		}
		want := ts.URL + "/api/v1/files/F1/lumen.jar?sig=abc"
		if fileID != "" { // one segment deeper
			want = ts.URL + "/api/v1/projects/files/F1/lumen.jar?sig=abc"
		}
		if u.String() != want || resp.StatusCode != http.StatusFound || gotPath != wantPath {
			t.Errorf("DownloadURL(%q) = %s (%d, asked %s), want %s", fileID, u, resp.StatusCode, gotPath, want)
		}
	}
	if hits.Load() != 0 {
		t.Error("DownloadURL followed the redirect")
	}
}

func TestDownloadSameOrigin(t *testing.T) {
	t.Parallel()
	var hits atomic.Int64
	ts := fileServer(t, func(*http.Request) string { return "/api/v1/files/F1/lumen.jar" }, &hits)
	// The body is larger than the cap on JSON bodies: downloads stream.
	c := newTestClient(t, ts, api.WithHTTPClient(&http.Client{Transport: bearer{"t0ken"}}), api.WithMaxBodyBytes(100))
	rc, resp, err := c.Download(t.Context(), "lumen", "1.0.0", "")
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	b, err := io.ReadAll(rc)
	if err != nil || !strings.HasPrefix(string(b), "JAR CONTENT") || len(b) < 4096 || resp.StatusCode != http.StatusOK {
		t.Errorf("Download = %d bytes, %v, status %d", len(b), err, resp.StatusCode)
	}
	if hits.Load() != 1 {
		t.Errorf("file fetched %d times", hits.Load())
	}
}

func TestDownloadElsewhereGetsNoToken(t *testing.T) {
	t.Parallel()
	var sawAuth atomic.Bool
	external := newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "" {
			sawAuth.Store(true)
		}
		if r.URL.Path == "/mirror" { // a second hop, still elsewhere
			http.Redirect(w, r, "/real.jar", http.StatusTemporaryRedirect)
			return
		}
		_, _ = io.WriteString(w, "EXTERNAL")
	})
	var hits atomic.Int64
	ts := fileServer(t, func(*http.Request) string { return external.URL + "/mirror" }, &hits)
	c := newTestClient(t, ts, api.WithHTTPClient(&http.Client{Transport: bearer{"t0ken"}}))
	rc, _, err := c.Download(t.Context(), "lumen", "1.0.0", "F1")
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	if b, _ := io.ReadAll(rc); string(b) != "EXTERNAL" || sawAuth.Load() {
		t.Errorf("got %q; token sent elsewhere: %v", b, sawAuth.Load())
	}
}

func TestDownloadFailures(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		location string
		check    func(error) bool
	}{
		"not found":        {"/api/v1/gone/F1", func(err error) bool { return errors.Is(err, api.ErrNotFound) }},
		"loop":             {"/api/v1/projects/lumen/versions/1.0.0/download", func(err error) bool { return strings.Contains(err.Error(), "redirects") }},
		"non-http":         {"file:///etc/passwd?sig=secret", func(err error) bool { return errors.Is(err, api.ErrMalformedResponse) }},
		"javascript":       {"javascript:alert(1)", func(err error) bool { return errors.Is(err, api.ErrMalformedResponse) }},
		"external refused": {"http://127.0.0.1:1/x.jar?sig=secret", func(err error) bool { return err != nil }},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var hits atomic.Int64
			ts := fileServer(t, func(*http.Request) string { return tc.location }, &hits)
			c := newTestClient(t, ts, api.WithHTTPClient(&http.Client{Transport: bearer{"t0ken"}}), api.WithMaxRetries(0))
			rc, _, err := c.Download(t.Context(), "lumen", "1.0.0", "")
			if err == nil {
				rc.Close()
				t.Fatal("Download succeeded")
			}
			if !tc.check(err) || strings.Contains(err.Error(), "secret") {
				t.Errorf("err = %v", err)
			}
		})
	}
}

// TestFileChecksums reads the checksum object's shapes a server may
// send: sha512, sha256, sha1 and md5 as keys, in any case, with or
// without a hyphen; a value of the wrong length, not hex, or not a string
// counts as none; the strongest comes first.
func TestFileChecksums(t *testing.T) {
	hex := func(n int) string { return strings.Repeat("ab", n/2) }
	for _, tc := range []struct {
		sum  map[string]any
		want []string // algorithms found, strongest first
		keys string
	}{
		{map[string]any{"sha256": hex(64)}, []string{"sha256"}, "sha256"},
		{map[string]any{"SHA-256": strings.ToUpper(hex(64))}, []string{"sha256"}, "SHA-256"},
		{map[string]any{"sha1": hex(40), "sha512": hex(128)}, []string{"sha512", "sha1"}, "sha1,sha512"},
		{map[string]any{"md5": hex(32), "sha_256": hex(64)}, []string{"sha256", "md5"}, "md5,sha_256"},
		{map[string]any{"sha256": hex(62)}, nil, "sha256"},
		{map[string]any{"sha256": strings.Repeat("zz", 32)}, nil, "sha256"},
		{map[string]any{"sha256": 12}, nil, "sha256"},
		{map[string]any{"md5": hex(64), "crc32": "deadbeef"}, nil, "crc32,md5"},
		{nil, nil, ""},
	} {
		f := api.File{Checksum: tc.sum}
		var got []string
		for _, c := range f.Checksums() {
			if c.Hex != strings.ToLower(c.Hex) {
				t.Errorf("%v: %s not in lower case", tc.sum, c.Hex)
			}
			got = append(got, c.Algorithm)
		}
		best, ok := f.StrongestChecksum()
		if !slices.Equal(got, tc.want) || ok != (len(tc.want) > 0) || ok && best.Algorithm != tc.want[0] {
			t.Errorf("Checksums(%v) = %v, strongest %v %v; want %v", tc.sum, got, best, ok, tc.want)
		}
		if sum, ok := f.SHA256(); ok != slices.Contains(tc.want, "sha256") || ok && sum != hex(64) {
			t.Errorf("SHA256(%v) = %q, %v", tc.sum, sum, ok)
		}
		if keys := strings.Join(f.ChecksumKeys(), ","); keys != tc.keys {
			t.Errorf("ChecksumKeys(%v) = %s, want %s", tc.sum, keys, tc.keys)
		}
	}
}
