package cmd

import (
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"rdash/api/sandbox"
)

// completions runs cobra's __complete and returns the values offered
// (descriptions cut off) and the directive line.
func (c *cli) completions(args ...string) (values []string, directive string) {
	c.t.Helper()
	r := c.run("", append([]string{"__complete"}, args...)...)
	if r.code != 0 {
		c.t.Fatalf("__complete %v: exit %d\n%s", args, r.code, r.err)
	}
	for _, line := range strings.Split(strings.TrimSuffix(r.out, "\n"), "\n") {
		if strings.HasPrefix(line, ":") {
			directive = line
			continue
		}
		v, _, _ := strings.Cut(line, "\t")
		values = append(values, v)
	}
	return values, directive
}

func (c *cli) writeState(state string) {
	c.t.Helper()
	if err := os.WriteFile(filepath.Join(c.env["RDASH_STATE_DIR"], "state.json"), []byte(state), 0o600); err != nil {
		c.t.Fatal(err)
	}
}

// Shell completion offers the pinned and recent projects, then the user's
// own from the server; the versions of the project given; its channels;
// its version IDs for --ids; organizations and invitees.
func TestCompletionFromTheSandbox(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	// The server's answers are what is tested: no giving up on a loaded machine.
	c.env["RDASH_COMPLETION_TIMEOUT"] = "1m"
	c.writeState(`{"pinned": ["quartz-tools"], "recent": ["old-thing"], "orgs": ["quartz"]}`)
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"versions", "list", ""}, []string{"quartz-tools", "old-thing", "lumen", "emberforge-core"}},
		{[]string{"versions", "list", "lu"}, []string{"lumen"}},
		{[]string{"--project", ""}, []string{"quartz-tools", "old-thing", "lumen", "emberforge-core"}},
		{[]string{"versions", "get", "lumen", "2.4"}, []string{"2.4.0", "2.4.0-beta.1"}},
		{[]string{"versions", "download", "lumen", "2.4.0", "--file", ""}, []string{"lumen-2.4.0.jar",
			"https://github.com/lumen-mc/lumen/releases/download/v2.4.0/lumen-fabric-2.4.0.jar"}},
		{[]string{"versions", "list", "lumen", "--channel", ""}, []string{"release", "beta", "snapshot"}},
		{[]string{"versions", "edit", "lumen", "--ids", "EEeBM181,7Dph"}, []string{"EEeBM181,7DphVbkW"}},
		{[]string{"versions", "edit", "lumen", "--add-platform", "fo"}, []string{"folia", "forge"}},
		{[]string{"invitations", "list", ""}, []string{"quartz", "emberforge"}},
		{[]string{"invitations", "cancel", "emberforge", ""}, []string{"dave"}},
		{[]string{"versions", "list", "lumen", "--json="}, []string{"id", "version", "name", "channel"}},
		// --json alone takes no value, yet the word after it completes
		// to fields; flags of values complete to values, not file names.
		{[]string{"versions", "list", "lumen", "--json", ""}, []string{"id", "version", "name", "channel"}},
		{[]string{"auth", "status", "--json", ""}, []string{"host", "server", "auth_url"}},
		{[]string{"versions", "list", "lumen", "--game-version", ""}, []string{"1.21.4", "1.21.3"}},
		{[]string{"versions", "create", "lumen", "--game-version", "1.21.4,"}, []string{"1.21.4,1.21.3"}},
		{[]string{"versions", "edit", "lumen", "--add-game-version", "1.21.3"}, []string{"1.21.3"}},
		{[]string{"auth", "login", "--scopes", "user:read,project:"}, []string{"user:read,project:read", "user:read,project:version:create"}},
	} {
		got, dir := c.completions(tc.args...)
		if !slices.Equal(got[:min(len(tc.want), len(got))], tc.want) {
			t.Errorf("complete %q = %q, want %q first", tc.args, got, tc.want)
		}
		if !strings.HasPrefix(dir, ":") {
			t.Errorf("complete %q: no directive in the output", tc.args)
		}
	}
}

// A server that does not answer holds completion no longer than
// completion_timeout: the shell gets what rdash remembers. The server's
// reply is held until the test ends, so the command can only have
// returned by giving up on it. (Whether the request reached the server
// within the 50 ms depends on the machine's load, so it is not checked;
// the test above shows completion asks a server that answers.)
func TestCompletionDoesNotWaitForTheServer(t *testing.T) {
	t.Parallel()
	hold := func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasPrefix(r.URL.Path, sandbox.APIPrefix) {
				<-r.Context().Done()
				return
			}
			h.ServeHTTP(w, r)
		})
	}
	c := newCLIBehind(t, "alice", sandbox.Options{}, hold)
	if err := os.WriteFile(filepath.Join(c.env["RDASH_CONFIG_DIR"], "config.yml"), []byte("completion_timeout: 50ms\nprojects: [lumen]\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	c.writeState(`{"recent": ["emberforge-core"]}`)
	got, _ := c.completions("versions", "list", "")
	if !slices.Equal(got, []string{"lumen", "emberforge-core"}) {
		t.Errorf("completion with a silent server = %q; want the remembered projects", got)
	}
	c.env["RDASH_COMPLETION_TIMEOUT"] = "20ms"
	if got, _ := c.completions("versions", "get", "lumen", ""); len(got) != 0 {
		t.Errorf("versions from a silent server = %q, want none", got)
	}
}

// rdash completion writes bash, zsh and fish scripts that ask rdash
// itself (__complete), so the dynamic completion above reaches every shell.
func TestCompletionScripts(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "", sandbox.Options{})
	for _, sh := range []string{"bash", "zsh", "fish"} {
		if out := c.ok("completion", sh); !strings.Contains(out, "__complete") || !strings.Contains(out, "rdash") {
			t.Errorf("rdash completion %s does not call rdash __complete:\n%.300s", sh, out)
		}
	}
}

// TestFromCompletesFiles: --from's value and the words after it are files
// (the shell's own completion, directive 0); before --from, a second
// argument is not offered anything.
func TestFromCompletesFiles(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	for _, args := range [][]string{
		{"versions", "create", "lumen", "--from", ""},
		{"versions", "create", "lumen", "--from", "a.jar", ""},
		{"versions", "create", "lumen", "--from", "a.jar", "b.jar", ""},
	} {
		if values, dir := c.completions(args...); dir != ":0" || len(values) != 0 {
			t.Errorf("%q: %q %s, want the shell's files (:0)", args, values, dir)
		}
	}
	if _, dir := c.completions("versions", "create", "lumen", ""); dir != ":4" {
		t.Errorf("a second argument without --from: %s, want no files (:4)", dir)
	}
}
