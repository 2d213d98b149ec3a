package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rdash/ui/internal/uitest"
)

// footer is the screen's last line: the keys that work.
func footer(d *uitest.Driver) string {
	l := lines(d.Screen())
	return l[len(l)-1]
}

// requireHints fails when the footer lists a key twice, or lists what
// does nothing where it is: no "esc back • esc back", no "enter apply"
// on results.
func requireHints(t *testing.T, d *uitest.Driver, where string, absent ...string) {
	t.Helper()
	f := footer(d)
	seen := map[string]bool{}
	for _, h := range strings.Split(f, " • ") {
		if seen[h] {
			t.Errorf("%s: %q twice in the footer %q", where, h, f)
		}
		seen[h] = true
	}
	if n := strings.Count(f, "esc "); n > 1 {
		t.Errorf("%s: esc %d times in the footer %q", where, n, f)
	}
	for _, a := range absent {
		if strings.Contains(f, a) {
			t.Errorf("%s: %q in the footer %q, where it does nothing", where, a, f)
		}
	}
}

// TestFootersSayEachKeyOnceAndTruly walks the publish preview and results,
// the download screen and its results, and the bulk edit's preview and
// results: each key is listed once, and enter only where it does
// something.
func TestFootersSayEachKeyOnceAndTruly(t *testing.T) {
	t.Parallel()
	cfg := uitest.Config()
	cfg.Env.StateDir = t.TempDir()
	d, m := start(t, setup{project: "lumen", config: cfg, w: 140, h: 30})
	ready(d, m, "lumen")

	d.Press("d")
	d.WaitForText("Into")
	requireHints(t, d, "download")
	d.Press("tab", "backspace")
	d.Type(t.TempDir())
	d.Press("enter")
	d.WaitForText("Saved ")
	requireHints(t, d, "download saved", "enter download")
	d.Press("esc")

	path := filepath.Join(t.TempDir(), "lumen-9.2.0.jar")
	if err := os.WriteFile(path, []byte("jar"), 0o600); err != nil {
		t.Fatal(err)
	}
	d.Press("n")
	d.WaitForText("New version of lumen")
	d.WaitForText("release")
	d.Press("tab")
	d.Type("9.2.0")
	d.Press("tab")
	d.Type("Lumen 9.2")
	d.Press("tab", "tab", "tab", "tab", "tab")
	d.Type(path)
	d.Press("enter")
	d.WaitForText("3 B primary")
	d.Press("tab", "tab", "enter")
	d.WaitForText("enter publishes it")
	requireHints(t, d, "publish preview")
	d.Press("enter")
	d.WaitForText("1 published")
	requireHints(t, d, "publish results", "enter apply", "down", "scroll")
	d.Press("esc")

	d.WaitForText("9.2.0")
	d.Press("space", "e")
	d.WaitForText("Edit 1 version of lumen")
	d.WaitForText("release · beta")
	d.Press("right", "right", "enter")
	d.WaitForText("enter applies the edit")
	requireHints(t, d, "bulk preview")
	d.Press("enter")
	d.WaitForText("1 updated")
	requireHints(t, d, "bulk results", "enter apply", "down", "scroll")
}
