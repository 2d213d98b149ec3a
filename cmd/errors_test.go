package cmd

import (
	"regexp"
	"strings"
	"testing"

	"rdash/api/sandbox"
)

// Errors speak in flags, arguments and sentences: never the interface's
// field names, never "METHOD path: status".
func TestErrorsSpeakInFlagsAndSentences(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"versions", "create", "lumen", "--version", "9", "--name", "x", "--channel", "release", "--dry-run"},
			ExitCancel, "rdash: --file or --url: needs at least one file"},
		{[]string{"versions", "get", "lumen", ""}, ExitCancel, "rdash: VERSION: is required"},
		{[]string{"versions", "get", "", "2.4.0"}, ExitCancel, "rdash: PROJECT: is required"},
		{[]string{"versions", "update", "lumen", "2.4.0", "--game-version", "1.21.4", "--channel", "nosuch", "--yes"}, ExitCancel, "rdash: --channel: "},
		{[]string{"versions", "update", "lumen", "2.4.0", "--yes"}, ExitCancel, "rdash: nothing to change"},
		{[]string{"versions", "edit", "lumen", "--ids", "EEeBM181", "--set-platforms", "bedrock", "--yes"}, ExitCancel, "rdash: --set-platforms value 1: must be one of"},
		{[]string{"versions", "edit", "nosuchproj", "--ids", "AAAAAAAA", "--name", "x", "--dry-run"}, ExitFailure,
			"rdash: there is no project nosuchproj; nothing was changed"},
		{[]string{"versions", "delete", "nosuchproj", "--ids", "AAAAAAAA", "--yes"}, ExitFailure, "rdash: there is no project nosuchproj"},
		{[]string{"versions", "edit", "lumen", "--ids", "AAAAAAAA", "--name", "x", "--dry-run"}, ExitFailure, "rdash: no version AAAAAAAA in project lumen"},
		{[]string{"versions", "list", "nosuchproj"}, ExitFailure, "rdash: there is no project nosuchproj"},
		{[]string{"versions", "edit", "lumen", "--ids", "EEeBM181", "--add-game-version", strings.Repeat("1", 40), "--yes"}, ExitFailure,
			"rdash: 1 of 1 version did not end as intended (1 not applied); the service refused them " +
				"(the server refused --add-game-version value 1: at most 32 characters (got 40))"},
		{[]string{"versions", "get", "lumen", "9.9.9"}, ExitFailure, "rdash: there is no version 9.9.9 in project lumen"},
		{[]string{"versions", "create", "lumen", "--version", "2.4.0", "--name", "x", "--channel", "release", "--url", "https://x.example/a.jar", "--yes"},
			ExitFailure, "rdash: --version 2.4.0: lumen already has this version (EEeBM181)"},
	} {
		r := c.run("", tc.args...)
		if r.code != tc.code || !strings.HasPrefix(r.err, tc.want) {
			t.Errorf("rdash %s: exit %d, stderr:\n%s\nwant exit %d and %q", strings.Join(tc.args, " "), r.code, r.err, tc.code, tc.want)
		}
		if m := wireText.FindString(r.err); m != "" {
			t.Errorf("rdash %s: stderr holds %q, the wire's words:\n%s", strings.Join(tc.args, " "), m, r.err)
		}
	}
}

// A server that cannot be reached is named, with how to point rdash at
// another; a read that needs a token says to sign in; a token given with
// --with-token that the server refuses is said to be refused.
func TestErrorsSayWhatToDo(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	c.env["RDASH_BASE_URL"] = "http://127.0.0.1:1/api/v1"
	r := c.run("", "versions", "list", "lumen")
	for _, w := range []string{"cannot reach http://127.0.0.1:1/api/v1 (connection refused)", "RDASH_BASE_URL", "base_url"} {
		if r.code != ExitFailure || !strings.Contains(r.err, w) {
			t.Errorf("connection refused: exit %d, stderr lacks %q:\n%s", r.code, w, r.err)
		}
	}

	strict := newCLI(t, "", sandbox.Options{Strict: true})
	r = strict.run("", "versions", "list", "lumen")
	if r.code != ExitAuth || !strings.Contains(r.err, "run `rdash auth login`") || wireText.MatchString(r.err) {
		t.Errorf("a read that needs a token: exit %d:\n%s", r.code, r.err)
	}

	d := authCLI(t, "", sandbox.Options{})
	r = d.run("garbage\n", "auth", "login", "--with-token", "--insecure-storage")
	if r.code != ExitAuth || !strings.Contains(r.err, "the server refused this token") || strings.Contains(r.err, "auth login") {
		t.Errorf("--with-token garbage: exit %d:\n%s", r.code, r.err)
	}
}

// wireText is how the interface, not the user, names things: a request
// line, a status, a field of the request body, a path parameter.
var wireText = regexp.MustCompile(`\b(GET|POST|PATCH|DELETE) /|: [45]\d\d |data\.|\b[a-z_]+\[\d+\]|versionId|projectId|dial tcp`)
