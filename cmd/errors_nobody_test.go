package cmd

import (
	"bytes"
	"net/http"
	"strings"
	"testing"

	"rdash/api"
	"rdash/api/sandbox"
)

// TestRefusalWithNoReason: an error answer with no body gives rdash a
// status and no message: each sentence ends whole, saying the server gave
// no reason where the reason would go, never "…: " or "()" with nothing
// in it. With a message, the message is said.
func TestRefusalWithNoReason(t *testing.T) {
	t.Parallel()
	w := refusalWords{command: "rdash versions update"}
	for status, want := range map[int]string{
		400: "the server refused it (400 Bad Request) and gave no reason",
		401: "the server wants you signed in for this: run `rdash auth login`, or set RDASH_TOKEN",
		403: "the server does not allow it and gave no reason (the token's scopes, or your role in the organization, lack the permission)",
		404: "the server has nothing at /projects/lumen",
		409: "the server refused it, as it conflicts with what the server holds, and gave no reason",
		413: "the server refused the upload as too large",
		422: "the server refused it (422 Unprocessable Entity) and gave no reason",
		500: "the server failed (500 Internal Server Error) and gave no reason; try again later",
	} {
		got := w.statusSentence(&api.Error{StatusCode: status, Method: "PATCH", Path: "/projects/lumen"})
		if got != want {
			t.Errorf("%d with no body:\n got %q\nwant %q", status, got, want)
		}
		said := w.statusSentence(&api.Error{StatusCode: status, Method: "PATCH", Path: "/projects/lumen", Message: "not today"})
		if !strings.Contains(said, "not today") && status != 404 || strings.Contains(said, "gave no reason") {
			t.Errorf("%d with a message: %q", status, said)
		}
	}
	rl := &api.RateLimitError{}
	rl.StatusCode = http.StatusTooManyRequests
	if got := w.statusSentence(rl); got != "the server is busy and asked rdash to slow down; try again in a while" {
		t.Errorf("429 with no body: %q", got)
	}
}

// TestRefusalWithNoReasonOnTheCommandLine: versions edit against a
// server whose errors carry no body (a seed's errors=empty): the
// refusal's sentence ends whole.
func TestRefusalWithNoReasonOnTheCommandLine(t *testing.T) {
	t.Parallel()
	c := newCLIBehind(t, "alice", sandbox.Options{}, emptyErrors)
	r := c.run("", "versions", "edit", "lumen", "--ids", "EEeBM181", "--add-game-version", strings.Repeat("1", 40), "--yes")
	if r.code != ExitFailure || !strings.Contains(r.err, "(400 Bad Request) and gave no reason") || strings.Contains(r.err, "Bad Request): ") {
		t.Fatalf("exit %d:\n%s", r.code, r.err)
	}
}

// emptyErrors answers every error of h with its status alone.
func emptyErrors(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := &bodyless{ResponseWriter: w}
		h.ServeHTTP(rec, r)
		if rec.status >= 400 {
			w.WriteHeader(rec.status)
			return
		}
		if rec.status != 0 {
			w.WriteHeader(rec.status)
		}
		w.Write(rec.body.Bytes())
	})
}

// bodyless holds an answer back until it is known to be an error.
type bodyless struct {
	http.ResponseWriter
	status int
	body   bytes.Buffer
}

func (b *bodyless) WriteHeader(status int) {
	b.status = status
	if status >= 400 {
		b.Header().Del("Content-Type")
		b.Header().Del("Content-Length")
	}
}

func (b *bodyless) Write(p []byte) (int, error) {
	if b.status == 0 {
		b.status = http.StatusOK
	}
	return b.body.Write(p)
}
