package cmd

import (
	"encoding/json"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"rdash/api"
	"rdash/api/sandbox"
	"rdash/api/sandbox/sandboxtest"
)

// The contract test runs every subcommand against both sandbox profiles
// (api/sandbox/README.md, Profiles): the default one, whose choices rdash
// was built with, and the strict one, which serves only what the
// interface document states. Against each, a command either works or
// degrades honestly: the right exit code and a clear message, never a
// silent empty success, never a Go error string (issue 20).

// outcome is what an honest rdash does.
type outcome struct {
	codes  []int    // the exit codes allowed
	out    []string // in standard output
	errOut []string // in standard error
	// check, when set, looks further at the result.
	check func(t *testing.T, r result)
}

// contractCase is one command. args, stdin and the outcome's texts may
// hold placeholders, which expander fills.
type contractCase struct {
	name   string
	user   string            // signed in through RDASH_TOKEN; "" is nobody
	env    map[string]string // more environment
	before [][]string        // commands that must succeed first
	args   []string
	stdin  string
	want   outcome  // against both profiles
	strict *outcome // against the strict profile, when its honest answer differs
}

// prints is a success printing parts; says, one telling parts on standard
// error; fails, a failure with code and parts on standard error.
func prints(parts ...string) outcome { return outcome{codes: []int{ExitOK}, out: parts} }
func says(parts ...string) outcome   { return outcome{codes: []int{ExitOK}, errOut: parts} }
func fails(code int, parts ...string) outcome {
	return outcome{codes: []int{code}, errOut: parts}
}

// refused is a rule broken: refused before sending (exit 2) or by the
// server (exit 1), the message naming parts either way.
func refused(parts ...string) outcome {
	return outcome{codes: []int{ExitCancel, ExitFailure}, errOut: parts}
}

// listed checks that versions list --json printed n versions.
func listed(n int) func(t *testing.T, r result) {
	return func(t *testing.T, r result) {
		t.Helper()
		var got listJSON[json.RawMessage]
		if err := json.Unmarshal([]byte(r.out), &got); err != nil || len(got.Items) != n {
			t.Fatalf("want %d versions, got %d (%v); stderr:\n%s", n, len(got.Items), err, r.err)
		}
	}
}

func contractCases() []contractCase {
	long := func(n int) string { return strings.Repeat("x", n) }
	return []contractCase{
		// auth
		{name: "auth login --with-token", args: []string{"auth", "login", "--with-token", "--insecure-storage"}, stdin: "{token alice}",
			want: says("alice"), strict: ptr(says("unknown"))},
		{name: "auth login --with-token, username in config", env: map[string]string{"RDASH_USERNAME": "alice"},
			args: []string{"auth", "login", "--with-token", "--insecure-storage"}, stdin: "{token alice}", want: says("alice")},
		{name: "auth status", user: "alice", args: []string{"auth", "status"}, want: prints("Signed in as alice"),
			strict: ptr(prints("Signed in as unknown", "set username in the config"))},
		{name: "auth status --json", user: "alice", args: []string{"auth", "status", "--json"}, want: prints(`"signed_in": true`)},
		{name: "auth status, signed out", args: []string{"auth", "status"}, want: fails(ExitAuth, "not signed in")},
		{name: "auth token", user: "alice", args: []string{"auth", "token"}, want: prints("sbx_at_")},
		{name: "auth logout, nothing stored", args: []string{"auth", "logout"}, want: says()},
		{name: "auth login, a scope the service does not know", args: []string{"auth", "login", "--scopes", "team:admin"},
			want: fails(ExitCancel, "team:admin")},

		// projects
		{name: "projects list", user: "alice", args: []string{"projects", "list"}, want: prints("lumen", "emberforge-core"),
			strict: ptr(says("does not list"))},
		{name: "projects list --json", user: "alice", args: []string{"projects", "list", "--json"}, want: prints("lumen"),
			strict: ptr(outcome{codes: []int{ExitOK}, out: []string{"["}, errOut: []string{"does not list"}})},

		// versions: reading
		{name: "versions list", user: "alice", args: []string{"versions", "list", "lumen"}, want: prints("2.4.0", "1.0.0"),
			strict: ptr(outcome{codes: []int{ExitOK}, out: []string{"1.0.0"}, errOut: []string{"next: --page 2"}})},
		{name: "versions list --json", user: "alice", args: []string{"versions", "list", "lumen", "--json", "--page-size", "25"}, want: prints(`"EEeBM181"`)},
		{name: "versions list --all", user: "bob", args: []string{"versions", "list", "emberforge-core", "--all", "--json"},
			want: outcome{codes: []int{ExitOK}, check: listed(1500)}},
		{name: "versions list, signed out", args: []string{"versions", "list", "lumen"}, want: prints("2.4.0"),
			strict: ptr(fails(ExitAuth, "auth login"))},
		{name: "versions list --page-size 150", user: "bob", args: []string{"versions", "list", "emberforge-core", "--page-size", "150", "--json"},
			want: refused("100"), strict: ptr(outcome{codes: []int{ExitOK}, check: listed(150)})},
		{name: "versions list, a channel the project lacks", user: "alice", args: []string{"versions", "list", "lumen", "--channel", "nightly"},
			want: refused("nightly"), strict: ptr(says("no versions"))},
		{name: "versions get", user: "alice", args: []string{"versions", "get", "lumen", "2.4.0"}, want: prints("2.4.0", "EEeBM181")},
		{name: "versions get --json", user: "alice", args: []string{"versions", "get", "lumen", "EEeBM181", "--json"}, want: prints(`"files"`)},
		{name: "versions get, an ID of the server's alphabet", user: "bob", args: []string{"versions", "get", "emberforge-core", "{odd}"},
			want: prints("{odd}")},
		{name: "versions get, unknown", user: "alice", args: []string{"versions", "get", "lumen", "9.9.9"}, want: fails(ExitFailure, "9.9.9")},
		{name: "versions download", user: "alice", args: []string{"versions", "download", "lumen", "2.4.0", "--dir", "{dir}"},
			want:   says("saved", "sha256 verified"),
			strict: ptr(outcome{codes: []int{ExitOK}, errOut: []string{"saved", "sha512 verified"}, check: noFalseChecksumClaim})},
		{name: "versions download --url", user: "alice", args: []string{"versions", "download", "lumen", "2.4.0", "--url"}, want: prints("/files/")},
		{name: "versions download -o -", user: "alice", args: []string{"versions", "download", "lumen", "2.4.0", "-o", "-"}, want: prints()},

		// versions: changing
		{name: "versions edit", user: "alice", args: []string{"versions", "edit", "lumen", "--ids", "EEeBM181,e0tZCjLS", "--add-platform", "folia", "--yes", "--json"},
			want: prints("EEeBM181", "e0tZCjLS")},
		{name: "versions edit --dry-run", user: "alice", args: []string{"versions", "edit", "lumen", "--ids", "EEeBM181", "--name", "Renamed", "--dry-run"},
			want: outcome{codes: []int{ExitOK}}},
		{name: "versions edit, an ID of the server's alphabet", user: "bob", args: []string{"versions", "edit", "emberforge-core", "--ids", "{odd}", "--name", "Odd", "--yes"},
			want: says()},
		{name: "versions edit --channel lts", user: "bob", args: []string{"versions", "edit", "emberforge-core", "--ids", "{plain}", "--channel", "lts", "--yes"},
			want: says()},
		{name: "versions edit, too long a game version", user: "alice",
			args: []string{"versions", "edit", "lumen", "--ids", "EEeBM181", "--add-game-version", long(33), "--yes"},
			want: refused("32"), strict: ptr(says())},
		{name: "versions undo", user: "alice", before: [][]string{{"versions", "edit", "lumen", "--ids", "EEeBM181", "--name", "Renamed", "--yes"}},
			args: []string{"versions", "undo", "lumen", "--yes"}, want: says()},
		{name: "versions undo, nothing to undo", user: "alice", args: []string{"versions", "undo", "lumen", "--yes"}, want: fails(ExitFailure, "nothing to undo")},
		{name: "versions delete", user: "alice", args: []string{"versions", "delete", "lumen", "--ids", "e0tZCjLS", "--yes"}, want: prints("deleted", "e0tZCjLS")},
		{name: "versions delete without --yes", user: "alice", args: []string{"versions", "delete", "lumen", "--ids", "e0tZCjLS"},
			want: fails(ExitCancel, "--yes")},
		{name: "versions create", user: "alice", args: []string{"versions", "create", "lumen", "--version", "3.0.0", "--name", "Three",
			"--channel", "release", "--file", "{jar}", "--json", "--yes"}, want: prints(`"3.0.0"`, `"checksums"`)},
		{name: "versions create --dry-run", user: "alice", args: []string{"versions", "create", "lumen", "--version", "3.0.0", "--name", "Three",
			"--channel", "release", "--file", "{jar}", "--dry-run"}, want: outcome{codes: []int{ExitOK}}},
		{name: "versions create, 101 files", user: "alice", args: []string{"versions", "create", "lumen", "--version", "3.0.1", "--name", "Many",
			"--channel", "release", "{101 files}", "--yes"}, want: refused("100"), strict: ptr(says())},
		{name: "versions update", user: "alice", args: []string{"versions", "update", "lumen", "2.4.0", "--name", "Lumen 2.4.0 (hotfix)", "--yes"}, want: says()},
		{name: "versions update --dry-run", user: "alice", args: []string{"versions", "update", "lumen", "2.4.0", "--name", "X", "--dry-run"},
			want: outcome{codes: []int{ExitOK}}},
		{name: "versions update, a file", user: "alice", args: []string{"versions", "update", "lumen", "2.4.0", "--file", "{jar}", "--yes"}, want: says()},

		// invitations
		{name: "invitations list", user: "alice", args: []string{"invitations", "list", "emberforge"}, want: prints("dave")},
		{name: "invitations list --json", user: "alice", args: []string{"invitations", "list", "emberforge", "--json"}, want: prints(`"dave"`)},
		{name: "invitations list, no MEMBER_CREATE", user: "carol", args: []string{"invitations", "list", "emberforge"}, want: fails(ExitFailure, "MEMBER_CREATE")},
		{name: "invitations send", user: "alice", args: []string{"invitations", "send", "emberforge", "erin", "--role", "Tester", "--yes"}, want: says("erin")},
		{name: "invitations send, a permission rdash does not know", user: "alice",
			args: []string{"invitations", "send", "emberforge", "erin", "--permission", "PROJECT_ADMIN", "--yes"},
			want: refused("PROJECT_ADMIN"), strict: ptr(says("erin"))},
		{name: "invitations send, a long role", user: "alice", args: []string{"invitations", "send", "emberforge", "erin", "--role", long(65), "--yes"},
			want: refused("64"), strict: ptr(says("erin"))},
		{name: "invitations cancel", user: "alice", args: []string{"invitations", "cancel", "emberforge", "dave", "--yes"}, want: says("dave")},
		{name: "invitations accept", user: "dave", env: map[string]string{"RDASH_USERNAME": "dave"},
			args: []string{"invitations", "accept", "emberforge", "--yes"}, want: says("accepted:", "invitation to emberforge")},
		{name: "invitations accept, no username known", user: "dave", args: []string{"invitations", "accept", "emberforge", "--yes"},
			want: says("accepted:", "invitation to emberforge"), strict: ptr(fails(ExitCancel, "RDASH_USERNAME"))},
		{name: "invitations accept a link", user: "dave", args: []string{"invitations", "accept", "https://example.com/orgs/emberforge/invitations/dave", "--yes"},
			want: says("Answering as dave", "accepted:", "invitation to emberforge")},
		{name: "invitations reject", user: "dave", env: map[string]string{"RDASH_USERNAME": "dave"},
			args: []string{"invitations", "reject", "quartz", "--yes"}, want: says()},

		// the rest of the tree
		{name: "dashboard without a terminal", user: "alice", args: []string{}, want: fails(ExitCancel, "terminal")},
		{name: "demo without a terminal", args: []string{"demo", "--strict"}, want: fails(ExitCancel, "terminal")},
		{name: "sandbox --strict --require-pkce", args: []string{"sandbox", "--strict", "--require-pkce"}, want: fails(ExitCancel, "--strict")},
	}
}

func ptr[T any](v T) *T { return &v }

// goErrorText is what an error meant for a programmer looks like: a
// message of encoding/json, strconv or net/http left as it was, a
// formatting slip, a panic.
var goErrorText = regexp.MustCompile(`json: |cannot unmarshal|invalid character|unexpected end of JSON|strconv\.|%!|<nil>|runtime error|panic:|goroutine \d|unexpected EOF|dial tcp|: EOF\b`)

func TestContractCLI(t *testing.T) {
	t.Parallel()
	for _, p := range sandboxtest.Profiles() {
		for _, tc := range contractCases() {
			t.Run(p.Name+"/"+tc.name, func(t *testing.T) {
				t.Parallel()
				want := tc.want
				if tc.strict != nil && p.Options.Strict {
					want = *tc.strict
				}
				runContract(t, p.Options, tc, want)
			})
		}
	}
}

func runContract(t *testing.T, opts sandbox.Options, tc contractCase, want outcome) {
	c := newCLI(t, tc.user, opts)
	c.env["XDG_RUNTIME_DIR"] = t.TempDir() // no keyring: tests never touch the user's
	for k, v := range tc.env {
		c.env[k] = v
	}
	x := &expander{t: t, c: c}
	for _, before := range tc.before {
		c.ok(x.expand(before)...)
	}
	r := c.run(x.expandOne(tc.stdin), x.expand(tc.args)...)
	want = x.expandOutcome(want)
	if !slices.Contains(want.codes, r.code) {
		t.Fatalf("exit %d, want one of %v\nstdout:\n%.2000s\nstderr:\n%.2000s", r.code, want.codes, r.out, r.err)
	}
	honest(t, r, tc.args)
	for _, s := range want.out {
		if !strings.Contains(r.out, s) {
			t.Errorf("stdout lacks %q:\n%.2000s", s, r.out)
		}
	}
	for _, s := range want.errOut {
		if !strings.Contains(r.err, s) {
			t.Errorf("stderr lacks %q:\n%.2000s", s, r.err)
		}
	}
	if want.check != nil {
		want.check(t, r)
	}
}

// honest checks what every answer owes: a success says something, JSON
// output is JSON, a failure says why in words meant for the user.
func honest(t *testing.T, r result, args []string) {
	t.Helper()
	if m := goErrorText.FindString(r.err); m != "" {
		t.Errorf("stderr holds a Go error string (%q):\n%s", m, r.err)
	}
	if m := emptyReason.FindString(r.err); m != "" {
		t.Errorf("stderr holds a sentence whose reason is empty (%q):\n%s", m, r.err)
	}
	if strings.Contains(r.err, "sbx_at_") || strings.Contains(r.err, "sbx_rt_") {
		t.Errorf("stderr holds a token:\n%s", r.err)
	}
	switch {
	case r.code == ExitOK && strings.TrimSpace(r.out+r.err) == "":
		t.Errorf("a silent success: nothing on stdout or stderr")
	case r.code == ExitOK && slices.Contains(args, "--json") && !json.Valid([]byte(r.out)):
		t.Errorf("--json printed no JSON:\n%.2000s", r.out)
	case r.code != ExitOK && !strings.HasPrefix(r.err, "rdash: ") && !strings.Contains(r.err, "\nrdash: "):
		t.Errorf("a failure without an rdash: message:\n%s", r.err)
	}
}

// emptyReason is a sentence with nothing where the server's words go, as
// an error answer without a body once left: "(400 Bad Request): " at the
// end, "()" or ": ;".
var emptyReason = regexp.MustCompile(`: $|: \n|\(\)|: ;|: \)|:  `)

// noFalseChecksumClaim fails when rdash says no checksum was given while
// the version's file has one.
func noFalseChecksumClaim(t *testing.T, r result) {
	t.Helper()
	if strings.Contains(r.err, "no checksum given") {
		t.Errorf("the service gave a checksum (sha1, sha512), but rdash says none was given:\n%s", r.err)
	}
}

// expander fills the placeholders of a case from its sandbox.
type expander struct {
	t   *testing.T
	c   *cli
	dir string
	ids []string // emberIDs
}

func (x *expander) expand(args []string) []string {
	var out []string
	for _, a := range args {
		if a == "{101 files}" {
			for i := range 101 {
				out = append(out, "--file", x.file(fmt.Sprintf("part-%03d.jar", i)))
			}
			continue
		}
		out = append(out, x.expandOne(a))
	}
	return out
}

func (x *expander) expandOne(s string) string {
	if user, ok := strings.CutPrefix(s, "{token "); ok {
		tok, err := x.c.srv.MintToken(strings.TrimSuffix(user, "}"))
		if err != nil {
			x.t.Fatal(err)
		}
		return tok
	}
	for name, value := range map[string]func() string{
		"{dir}": x.tempDir, "{jar}": func() string { return x.file("rdash-contract.jar") },
		"{odd}": func() string { return x.emberIDs()[0] }, "{plain}": func() string { return x.emberIDs()[1] },
	} {
		if strings.Contains(s, name) {
			s = strings.ReplaceAll(s, name, value())
		}
	}
	return s
}

func (x *expander) expandOutcome(o outcome) outcome {
	o.out = x.expand(o.out)
	o.errOut = x.expand(o.errOut)
	return o
}

func (x *expander) tempDir() string {
	if x.dir == "" {
		x.dir = x.t.TempDir()
	}
	return x.dir
}

func (x *expander) file(name string) string {
	path := filepath.Join(x.tempDir(), name)
	if err := os.WriteFile(path, []byte("PK\x03\x04 "+name), 0o644); err != nil {
		x.t.Fatal(err)
	}
	return path
}

// emberIDs returns two emberforge-core version IDs: one holding - or _
// (not first, where a shell argument would read as a flag) when the server
// makes such IDs, and one of A-Z a-z 0-9 alone.
func (x *expander) emberIDs() []string {
	x.t.Helper()
	if x.ids != nil {
		return x.ids
	}
	tok, err := x.c.srv.MintToken("bob")
	if err != nil {
		x.t.Fatal(err)
	}
	client, err := api.New(x.c.env["RDASH_BASE_URL"], api.WithHTTPClient(
		&http.Client{Timeout: 20 * time.Second, Transport: sandboxtest.Bearer{Token: tok}}))
	if err != nil {
		x.t.Fatal(err)
	}
	vs, _, err := client.ListVersions(x.t.Context(), "emberforge-core", &api.ListVersionsOptions{PageSize: 100})
	if err != nil {
		x.t.Fatal(err)
	}
	plain := slices.IndexFunc(vs, func(v api.Version) bool { return !strings.ContainsAny(v.ID, "-_") })
	odd := slices.IndexFunc(vs, func(v api.Version) bool {
		return strings.ContainsAny(v.ID[1:], "-_") && !strings.ContainsAny(v.ID[:1], "-_")
	})
	if odd < 0 {
		odd = plain
	}
	x.ids = []string{vs[odd].ID, vs[plain].ID}
	return x.ids
}

// TestContractSignIn signs in through the pasted-code flow against each
// profile: approved, then auth status; denied, pasting the address the
// browser ended on (which the strict profile sends without state).
func TestContractSignIn(t *testing.T) {
	t.Parallel()
	for _, p := range sandboxtest.Profiles() {
		t.Run(p.Name+"/approved", func(t *testing.T) {
			t.Parallel()
			c := authCLI(t, "", p.Options)
			s := c.start(nil, "auth", "login", "--no-browser", "--insecure-storage")
			io.WriteString(s.in, consent(t, s.waitFor(authorizeURL), "dave")+"\n")
			code := s.exit() // first: stderr is whole once rdash has exited
			r := result{err: s.stderr(), code: code}
			if r.code != ExitOK {
				t.Fatalf("login: exit %d:\n%s", r.code, r.err)
			}
			honest(t, r, nil)
			rep, st := c.status()
			wantExit(t, st, ExitOK)
			if want := map[bool]string{false: "dave", true: "unknown"}[p.Options.Strict]; !rep.SignedIn || string(rep.Account) != want {
				t.Fatalf("status = %+v, want signed in as %s", rep, want)
			}
		})
		t.Run(p.Name+"/denied", func(t *testing.T) {
			t.Parallel()
			c := authCLI(t, "", p.Options)
			s := c.start(nil, "auth", "login", "--no-browser", "--insecure-storage")
			io.WriteString(s.in, deny(t, s.waitFor(authorizeURL), "dave")+"\n")
			code := s.exit() // first: stderr is whole once rdash has exited
			r := result{err: s.stderr(), code: code}
			if r.code == ExitOK || !strings.Contains(r.err, "the user denied access") || strings.Contains(r.err, "forged") {
				t.Fatalf("a denial: exit %d:\n%s", r.code, r.err)
			}
			honest(t, r, nil)
		})
	}
}

// deny plays the user's browser pressing Deny, and returns the address it
// ends on (the configured callback page, with code and message).
func deny(t *testing.T, authorize, user string) string {
	t.Helper()
	hc := &http.Client{Timeout: 10 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := hc.Get(authorize)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	form := url.Values{"user": {user}, "decision": {"deny"}}
	for _, m := range hiddenInput.FindAllStringSubmatch(string(page), -1) {
		form.Set(html.UnescapeString(m[1]), html.UnescapeString(m[2]))
	}
	resp, err = hc.PostForm(authorize, form)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	loc := resp.Header.Get("Location")
	if loc == "" {
		t.Fatalf("the denial did not redirect: %s", resp.Status)
	}
	return loc
}
