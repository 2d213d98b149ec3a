package e2e

import (
	"bufio"
	"bytes"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"rdash/api/sandbox"
	"rdash/api/sandbox/sandboxtest"
)

// TestVariedServers runs the real binary against `rdash sandbox --vary
// SEED` for each seed of the contract tests (sandboxtest.Varied): it
// signs in through the loopback flow (BROWSER is curl, the sandbox
// approves as alice at once), lists a project's versions on the command
// line, then opens the project in the dashboard and a version's page. A
// failure logs the choices drawn.
func TestVariedServers(t *testing.T) {
	requireE2E(t)
	for _, p := range sandboxtest.Varied(t) {
		c := *p.Options.Choices
		t.Run(p.Name, func(t *testing.T) { // one at a time: each runs a sandbox and a dashboard
			sandboxtest.Explain(t, p.Options)
			dir := t.TempDir()
			env := append(varySandbox(t, c.Seed), "RDASH_CONFIG_DIR="+dir, "RDASH_STATE_DIR="+dir, "HOME="+dir,
				"XDG_RUNTIME_DIR="+t.TempDir(), "DISPLAY=:e2e", "BROWSER=curl -sSfL -o /dev/null")
			// First time, whatever the server's order of checks: the
			// token is its own answer, kept, and said not verified where
			// nothing it answers can show the token is accepted.
			login := runErr(t, env, "auth", "login", "--insecure-storage")
			unchecked := c.LookupFirst && c.Users == sandbox.UsersNone
			if said := strings.Contains(login, "(not verified)"); said != unchecked {
				t.Errorf("auth login says not verified: %v, want %v:\n%s", said, unchecked, login)
			}
			list := run(t, env, "versions", "list", "lumen")
			first := map[bool]string{true: "2.4.0", false: "1.0.0"}[c.NewestFirst]
			if !strings.Contains(list, first) {
				t.Fatalf("versions list lumen lacks %s:\n%s", first, list)
			}

			tm := startTerm(t, 100, 30, env, bin, "--project", "lumen")
			tm.waitFor("projects › lumen", "VERSION", first)
			tm.send("Enter")
			tm.waitFor("projects › lumen › "+first, "FILES")
			tm.send("q")
			tm.waitFor("EXIT=0")
		})
	}
}

// varySandbox starts `rdash sandbox --vary seed`, approving every sign-in
// as alice, and returns the settings it prints; it is stopped when the
// test ends.
func varySandbox(t *testing.T, seed uint64) []string {
	t.Helper()
	cmd := exec.Command(bin, "sandbox", "--vary", strconv.FormatUint(seed, 10), "--approve-as", "alice")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
	var env []string
	lines := bufio.NewScanner(out)
	for len(env) < 4 && lines.Scan() {
		env = append(env, lines.Text())
	}
	if len(env) < 4 || !strings.HasPrefix(env[0], "RDASH_BASE_URL=") {
		t.Fatalf("rdash sandbox --vary %d printed %q:\n%s", seed, env, stderr.String())
	}
	return env
}

// run runs the binary with env alone and returns its standard output;
// it must succeed.
func run(t *testing.T, env []string, args ...string) string {
	t.Helper()
	out, _ := runBoth(t, env, args...)
	return out
}

// runErr is run returning standard error.
func runErr(t *testing.T, env []string, args ...string) string {
	t.Helper()
	_, errOut := runBoth(t, env, args...)
	return errOut
}

func runBoth(t *testing.T, env []string, args ...string) (stdout, stderr string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(env, "PATH=/usr/bin:/bin")
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		t.Fatalf("rdash %s: %v\nstdout:\n%s\nstderr:\n%s", strings.Join(args, " "), err, out.String(), errOut.String())
	}
	return out.String(), errOut.String()
}
