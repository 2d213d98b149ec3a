package cmd

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"rdash/api/sandbox"
)

// TestLongArgumentsShortenedInErrors: a 10,000-character project name
// (or organization, or version) is named by its start and its length in
// the error, not echoed whole.
func TestLongArgumentsShortenedInErrors(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	long := strings.Repeat("a", 10_000)
	for _, args := range [][]string{
		{"versions", "list", long},
		{"versions", "get", "lumen", long},
		{"versions", "get", long, "2.4.0"},
		{"versions", "download", long, "2.4.0", "--url"},
		{"versions", "edit", long, "--ids", "EEeBM181", "--name", "x", "--yes"},
		{"versions", "update", "lumen", long, "--name", "x", "--yes"},
		{"invitations", "send", long, "erin", "--yes"},
		{"invitations", "list", long},
	} {
		r := c.run("", args...)
		if r.code == ExitOK || len(r.err) > 600 || !strings.Contains(r.err, "(10,000 characters)") {
			t.Errorf("rdash %s …: exit %d, %d bytes on stderr: %.300q", args[0]+" "+args[1], r.code, len(r.err), r.err)
		}
	}
}

func TestClipWords(t *testing.T) {
	t.Parallel()
	msg := "there is no project " + strings.Repeat("x", 500) + " here"
	got := clipWords(msg)
	if !strings.HasPrefix(got, "there is no project xxx") || !strings.HasSuffix(got, "… (500 characters) here") {
		t.Errorf("clipWords = %q", got)
	}
	if s := "a short message"; clipWords(s) != s {
		t.Error("a short message changed")
	}
}

// TestHugeServerStringsShortenedInLists: a server that sends a 1 MB
// invitation user ID gets it named by its start and length in the table,
// not printed whole; --json keeps the data as sent.
func TestHugeServerStringsShortenedInLists(t *testing.T) {
	t.Parallel()
	huge := strings.Repeat("u", 1<<20)
	c := newCLIBehind(t, "alice", sandbox.Options{}, func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if !strings.HasSuffix(r.URL.Path, "/orgs/emberforge/invitations") {
				next.ServeHTTP(w, r)
				return
			}
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprintf(w, `{"data":[{"id":%q,"username":"dave","name":%q,"member_role":"Developer","permissions":[],"accepted":false}]}`,
				huge, huge)
		})
	})
	r := c.run("", "invitations", "list", "emberforge")
	if r.code != ExitOK || len(r.out) > 1000 || strings.Count(r.out, "(1,048,576 characters)") != 2 {
		t.Errorf("exit %d, %d bytes: %.300q", r.code, len(r.out), r.out)
	}
}
