package cmd

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"
	"github.com/spf13/cobra"

	"rdash/api/sandbox"
	"rdash/internal/buildinfo"
)

// The golden tests hold the JSON contract (docs/json.md): each command's
// --json output over the sandbox, with a fixed clock, is kept in
// testdata/TestJSONGolden/<case>.golden, so a change of shape fails here
// until the golden file, and docs/json.md with it, is updated on purpose
// (go test ./cmd -run TestJSONGolden -update).

// goldenCase is one command's JSON. Placeholders in args and stdin are
// the contract test's (see expander); mask names the values the sandbox
// makes at random (new IDs), as paths into the JSON with * for every
// element.
type goldenCase struct {
	name   string
	user   string
	state  string            // state.json, when set
	files  map[string]string // files to write in {dir}, by name
	before [][]string
	stdin  string
	args   []string
	mask   []string
}

func goldenCases() []goldenCase {
	return []goldenCase{
		{name: "versions_list", user: "alice", args: []string{"versions", "list", "lumen", "--page-size", "2", "--json"}},
		{name: "versions_list_all_fields", user: "alice",
			args: []string{"versions", "list", "lumen", "--all", "--page", "2", "--page-size", "10", "--json", "id,version,channel"}},
		{name: "versions_list_past_the_end", user: "alice", args: []string{"versions", "list", "lumen", "--page", "999", "--json"}},
		{name: "versions_get", user: "alice", args: []string{"versions", "get", "lumen", "2.4.0", "--json"}},
		{name: "versions_edit_dry_run", user: "alice",
			args: []string{"versions", "edit", "lumen", "--ids", "EEeBM181,7DphVbkW", "--add-platform", "folia", "--set-game-versions", "1.21.4,1.21.5",
				"--add-dependency", "optional:name:LuckPerms=https://luckperms.net", "--dry-run", "--json"}},
		{name: "versions_edit", user: "alice", args: []string{"versions", "edit", "lumen", "--ids", "EEeBM181", "--channel", "beta", "--yes", "--json"}},
		{name: "versions_undo", user: "alice", before: [][]string{{"versions", "edit", "lumen", "--ids", "EEeBM181", "--name", "Renamed", "--yes"}},
			args: []string{"versions", "undo", "lumen", "--yes", "--json"}},
		{name: "versions_delete", user: "alice", args: []string{"versions", "delete", "lumen", "--ids", "e0tZCjLS", "--yes", "--json"}},
		{name: "versions_create_dry_run", user: "alice", args: []string{"versions", "create", "lumen", "--version", "3.0.0", "--name", "Three",
			"--channel", "release", "--file", "{jar}", "--url", "https://cdn.example.org/three.jar", "--dry-run", "--json"}},
		{name: "versions_create", user: "alice", args: []string{"versions", "create", "lumen", "--version", "3.0.0", "--name", "Three",
			"--channel", "release", "--file", "{jar}", "--platform", "paper", "--yes", "--json"},
			mask: []string{"result.id", "result.files.*.id"}},
		{name: "versions_create_from_dry_run", user: "alice", files: map[string]string{"lumen-2.7.0-beta.1.jar": fabricJar(), "CHANGELOG.md": lumenChangelog},
			args: []string{"versions", "create", "lumen", "--from", "{dir}/lumen-2.7.0-beta.1.jar", "--changelog-file", "{dir}/CHANGELOG.md", "--dry-run", "--json"}},
		{name: "versions_create_from_again", user: "alice", files: map[string]string{"lumen-2.7.0-beta.1.jar": fabricJar()},
			before: [][]string{{"versions", "create", "lumen", "--from", "{dir}/lumen-2.7.0-beta.1.jar", "--yes"}},
			args:   []string{"versions", "create", "lumen", "--from", "{dir}/lumen-2.7.0-beta.1.jar", "--yes", "--json"},
			mask:   []string{"result.id", "result.files.*.id"}},
		{name: "versions_update_dry_run", user: "alice", args: []string{"versions", "update", "lumen", "1.3.0", "--name", "Slim",
			"--remove-file", "lumen-1.3.0-sources.jar", "--platform", "paper,folia", "--dry-run", "--json"}},
		{name: "versions_update", user: "alice", args: []string{"versions", "update", "lumen", "1.3.0", "--name", "Slim", "--yes", "--json"}},
		{name: "versions_download", user: "alice", args: []string{"versions", "download", "lumen", "2.4.0", "--dir", "{dir}", "--json"}},
		{name: "versions_download_url", user: "alice", args: []string{"versions", "download", "lumen", "2.4.0", "--url", "--json"}},
		{name: "stats", user: "alice", args: []string{"stats", "lumen", "--json"}},
		{name: "stats_by_month_filtered", user: "alice", args: []string{"stats", "lumen", "--by", "month", "--channel", "beta", "--json"}},
		{name: "projects_list", user: "alice", state: `{"pinned": ["lumen", "quartz-tools"], "recent": ["emberforge-core", "old-thing"]}`,
			args: []string{"projects", "list", "--json"}},
		{name: "invitations_list", user: "alice", args: []string{"invitations", "list", "emberforge", "--json"}},
		{name: "invitations_send", user: "alice", args: []string{"invitations", "send", "emberforge", "erin", "--role", "Tester",
			"--permission", "project:version:update", "--yes", "--json"}},
		{name: "invitations_cancel", user: "alice", args: []string{"invitations", "cancel", "emberforge", "dave", "--yes", "--json"}},
		{name: "invitations_accept", user: "dave", args: []string{"invitations", "accept", "emberforge", "--yes", "--json"}},
		{name: "invitations_reject", user: "dave", args: []string{"invitations", "reject", "quartz", "--yes", "--json"}},
		{name: "auth_status", user: "alice", args: []string{"auth", "status", "--json"}},
		{name: "auth_token", user: "alice", args: []string{"auth", "token", "--json"}},
		{name: "auth_login", stdin: "{token alice}", args: []string{"auth", "login", "--with-token", "--insecure-storage", "--json"}},
		{name: "auth_logout", before: [][]string{{"auth", "login", "--with-token", "--insecure-storage"}}, stdin: "{token alice}",
			args: []string{"auth", "logout", "--json"}},
		{name: "version", args: []string{"version", "--json"}},
		{name: "sandbox", args: []string{"sandbox", "--json"}},
		{name: "serve_forget", files: map[string]string{"authorized_keys": ""},
			args: []string{"serve", "forget", "SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8", "--authorized-keys", "{dir}/authorized_keys", "--json"}},
	}
}

// goldenBuild is the build the golden tests' version reports.
func goldenBuild() buildinfo.Info {
	return buildinfo.Info{Version: "1.2.3", Commit: "0123456789abcdef0123456789abcdef01234567", Date: "2026-03-14T15:09:26Z",
		GoVersion: "go1.26.8", Platform: "linux/amd64"}
}

// goldenNow is the sandbox's clock in the golden tests.
var goldenNow = time.Date(2026, 3, 14, 15, 9, 26, 0, time.UTC)

func TestJSONGolden(t *testing.T) {
	t.Parallel()
	for _, gc := range goldenCases() {
		t.Run(gc.name, func(t *testing.T) {
			t.Parallel()
			c := newCLI(t, gc.user, sandbox.Options{Now: func() time.Time { return goldenNow }})
			c.env["XDG_RUNTIME_DIR"] = t.TempDir() // no keyring
			c.build = goldenBuild
			if gc.state != "" {
				if err := os.WriteFile(filepath.Join(c.env["RDASH_STATE_DIR"], "state.json"), []byte(gc.state), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			x := &expander{t: t, c: c}
			for name, body := range gc.files {
				if err := os.WriteFile(filepath.Join(x.tempDir(), name), []byte(body), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			stdin := x.expandOne(gc.stdin)
			for _, b := range gc.before {
				if r := c.run(stdin, x.expand(b)...); r.code != 0 {
					t.Fatalf("rdash %v: exit %d\n%s", b, r.code, r.err)
				}
			}
			r := c.goldenRun(stdin, x.expand(gc.args))
			if r.code != 0 || !json.Valid([]byte(r.out)) {
				t.Fatalf("exit %d, stdout not JSON:\n%s\nstderr:\n%s", r.code, r.out, r.err)
			}
			golden.RequireEqual(t, normalizeGolden(t, c, x, r.out, gc.mask))
		})
	}
}

// goldenRun runs a command; the sandbox command, which serves until
// interrupted, is interrupted once it has printed.
func (c *cli) goldenRun(stdin string, args []string) result {
	if args[0] != "sandbox" {
		return c.run(stdin, args...)
	}
	ctx, cancel := context.WithCancel(c.t.Context())
	defer cancel()
	var out, errOut bytes.Buffer
	f := &Factory{IO: IOStreams{In: strings.NewReader(stdin), Out: writeThen{&out, cancel}, ErrOut: &errOut},
		Lookup: func(k string) (string, bool) { v, ok := c.env[k]; return v, ok }}
	code := Main(ctx, args, f)
	return result{out.String(), errOut.String(), code}
}

// writeThen writes, then calls then.
type writeThen struct {
	w    *bytes.Buffer
	then func()
}

func (w writeThen) Write(b []byte) (int, error) {
	defer w.then()
	return w.w.Write(b)
}

var (
	loopback  = regexp.MustCompile(`127\.0\.0\.1:\d+`)
	tokenText = regexp.MustCompile(`sbx_at_[A-Za-z0-9_-]+`)
	journalID = regexp.MustCompile(`"journal": "[^"]+"`)
)

// normalizeGolden replaces what differs from run to run: directories,
// the server's port, tokens, journal IDs and the values mask names.
func normalizeGolden(t *testing.T, c *cli, x *expander, out string, mask []string) string {
	t.Helper()
	var doc any
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	for i, path := range mask {
		for _, v := range lookupPath(doc, strings.Split(path, ".")) {
			s, ok := v.(string)
			if !ok || s == "" {
				t.Fatalf("mask %s: %v is not a string", path, v)
			}
			out = strings.ReplaceAll(out, `"`+s+`"`, `"{masked `+string(rune('a'+i))+`}"`)
		}
	}
	if x.dir != "" {
		out = strings.ReplaceAll(out, x.dir, "{dir}")
	}
	for _, k := range []string{"RDASH_STATE_DIR", "RDASH_CONFIG_DIR", "XDG_RUNTIME_DIR", "HOME"} {
		out = strings.ReplaceAll(out, c.env[k], "{"+k+"}")
	}
	out = loopback.ReplaceAllString(out, "{server}")
	out = tokenText.ReplaceAllString(out, "{token}")
	return journalID.ReplaceAllString(out, `"journal": "{journal}"`)
}

// lookupPath returns the values at path in doc; * is every element.
func lookupPath(doc any, path []string) []any {
	if len(path) == 0 {
		return []any{doc}
	}
	var out []any
	switch d := doc.(type) {
	case map[string]any:
		out = lookupPath(d[path[0]], path[1:])
	case []any:
		for _, e := range d {
			out = append(out, lookupPath(e, path[1:])...)
		}
	}
	return out
}

// Every command that prints JSON has a golden case, and a section in
// docs/json.md.
func TestJSONGoldenCoversEveryCommand(t *testing.T) {
	t.Parallel()
	doc, err := os.ReadFile("../docs/json.md")
	if err != nil {
		t.Fatal(err)
	}
	var covered []string
	for _, gc := range goldenCases() {
		covered = append(covered, strings.Join(gc.args[:len(gc.args)-1], " "))
	}
	walkCommands(NewRoot(&Factory{}), func(c *cobra.Command) {
		if c.Flags().Lookup("json") == nil {
			return
		}
		path := strings.TrimPrefix(c.CommandPath(), "rdash ")
		if !slices.ContainsFunc(covered, func(s string) bool { return strings.HasPrefix(s, path+" ") || s == path }) {
			t.Errorf("%s prints JSON but has no golden case", path)
		}
		if !bytes.Contains(doc, []byte("\n## rdash "+path+"\n")) {
			t.Errorf("docs/json.md has no section ## rdash %s", path)
		}
	})
}
