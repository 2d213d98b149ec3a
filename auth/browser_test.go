package auth

import (
	"os"
	"path/filepath"
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
