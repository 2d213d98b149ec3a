package auth

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"rdash/config"
)

func TestBrowserOpenerRunsBROWSER(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	out := filepath.Join(dir, "args")
	script := filepath.Join(dir, "fake-browser")
	if err := os.WriteFile(script, []byte("#!/bin/sh\necho \"$@\" > '"+out+"'\n"), 0o700); err != nil {
		t.Fatal(err)
	}
	const u = "http://127.0.0.1:1/auth/oauth/authorize?client_id=x&state=y"
	for _, tc := range []struct{ browser, want string }{
		{script + " --new-tab", "--new-tab " + u},
		{script + " --url=%s --private:other-browser", "--url=" + u + " --private"},
	} {
		if err := BrowserOpener(config.Env{Browser: tc.browser})(t.Context(), u); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(out)
		if err != nil || strings.TrimSpace(string(b)) != tc.want {
			t.Fatalf("BROWSER=%q got args %q, want %q", tc.browser, b, tc.want)
		}
	}
	err := BrowserOpener(config.Env{Browser: filepath.Join(dir, "missing")})(t.Context(), u)
	if err == nil || strings.Contains(err.Error(), "state=y") {
		t.Fatalf("missing browser: %v (and the URL must not be quoted)", err)
	}
}

// TestBrowserOpenerKeepsTheSystemOpenerQuiet runs the system's opener (a
// fake xdg-open or open that talks) in a child process and reads the
// child's terminal: during in-dashboard sign-in that terminal is the
// Bubble Tea screen.
func TestBrowserOpenerKeepsTheSystemOpenerQuiet(t *testing.T) {
	const u = "http://127.0.0.1:1/auth/oauth/authorize?state=y"
	if os.Getenv("RDASH_TEST_OPENER_CHILD") == "1" {
		if err := BrowserOpener(config.Env{})(t.Context(), u); err != nil {
			t.Fatal(err)
		}
		return
	}
	if runtime.GOOS == "windows" {
		t.Skip("github.com/cli/browser opens URLs through ShellExecute on Windows, which prints nothing")
	}
	t.Parallel()
	dir := t.TempDir()
	opened := filepath.Join(dir, "opened")
	script := "#!/bin/sh\necho scribble\necho scribble >&2\necho \"$@\" > '" + opened + "'\n"
	for _, name := range []string{"xdg-open", "open"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(script), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	child := exec.CommandContext(t.Context(), os.Args[0], "-test.run=^TestBrowserOpenerKeepsTheSystemOpenerQuiet$")
	child.Env = append(os.Environ(), "RDASH_TEST_OPENER_CHILD=1", "PATH="+dir)
	out, err := child.CombinedOutput()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	if b, err := os.ReadFile(opened); err != nil || strings.TrimSpace(string(b)) != u {
		t.Fatalf("the opener was not run with the URL: %q, %v", b, err)
	}
	if strings.Contains(string(out), "scribble") {
		t.Fatalf("the opener wrote to the terminal:\n%s", out)
	}
}
