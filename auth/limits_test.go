package auth

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"rdash/api"
)

// TestTokenEndpointUnderLimits: a token endpoint that never answers ends
// the exchange (and a refresh, which `auth status` may make) at the
// settings' limit, naming the server and the setting (issue 18.9).
func TestTokenEndpointUnderLimits(t *testing.T) {
	t.Parallel()
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body) // the server notices the client leave only once the body is read
		<-r.Context().Done()
	}))
	t.Cleanup(slow.Close)
	s := Settings{BaseURL: slow.URL + "/api/v1", AuthURL: slow.URL + "/auth", ClientID: "rdash", ClientSecret: "s3cret",
		Limits: &api.Limits{Response: 300 * time.Millisecond}}
	f, err := NewFlow(s, ModePaste)
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.Exchange(t.Context(), "c0de")
	host := strings.TrimPrefix(slow.URL, "http://")
	if err == nil || !strings.Contains(err.Error(), "no answer from "+host+" within 300ms") || !strings.Contains(err.Error(), "response_timeout") {
		t.Fatalf("Exchange = %v; want the limit, the server and the setting named", err)
	}
	if strings.Contains(err.Error(), "c0de") || strings.Contains(err.Error(), "s3cret") {
		t.Fatalf("the error shows a secret: %v", err)
	}
}
