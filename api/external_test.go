package api_test

import (
	"errors"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"rdash/api"
)

// TestDownloadExternalHostNamed: a download redirected to a host that
// does not resolve, refuses the connection, or answers an error page
// fails as that host's failure, named: never as base_url's, which
// answered as it should (issue 27: "cannot reach http://…/api/v2 … Is it
// running?" blamed base_url for downloads.example.org).
func TestDownloadExternalHostNamed(t *testing.T) {
	t.Parallel()
	page := newTestServer(t, func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(http.StatusNotFound)
		io.WriteString(w, "<html>gone</html>")
	})
	pageHost := strings.TrimPrefix(page.URL, "http://")
	for name, tc := range map[string]struct {
		location, says string
		status         int
	}{
		// .onion never goes to DNS (RFC 7686): a name that does not
		// resolve, without a network.
		"does not resolve": {"http://downloads.example.onion/x.jar?sig=secret",
			"could not reach downloads.example.onion (the file's external host): ", 0},
		"refuses": {"http://127.0.0.1:1/x.jar?sig=secret",
			"could not reach 127.0.0.1:1 (the file's external host): ", 0},
		"answers 404": {page.URL + "/x.jar?sig=secret", pageHost + " (the file's external host) answered 404 Not Found", 404},
	} {
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
			var eh *api.ExternalHostError
			msg := err.Error()
			switch {
			case !errors.As(err, &eh) || eh.Status != tc.status:
				t.Errorf("not the external host's failure: %T %v", err, err)
			case !strings.Contains(msg, tc.says):
				t.Errorf("err = %q, want it to say %q", msg, tc.says)
			case errors.Is(err, api.ErrUnreachable) || strings.Contains(msg, "base_url") || strings.Contains(msg, ts.URL):
				t.Errorf("blames base_url: %v", err)
			case strings.Contains(msg, "secret"):
				t.Errorf("the signed URL's query leaked: %v", err)
			case errors.Is(err, api.ErrNoResponse) != (tc.status == 0):
				t.Errorf("ErrNoResponse: %v", errors.Is(err, api.ErrNoResponse))
			}
		})
	}
}
