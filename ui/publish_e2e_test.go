package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPublishFromTheDashboard publishes a version with a file from the
// versions screen (n), and the list shows it once the results are left.
func TestPublishFromTheDashboard(t *testing.T) {
	t.Parallel()
	d, m := start(t, setup{project: "lumen", w: 100, h: 30})
	ready(d, m, "lumen")
	path := filepath.Join(t.TempDir(), "lumen-9.0.0.jar")
	if err := os.WriteFile(path, []byte(strings.Repeat("z", 4096)), 0o600); err != nil {
		t.Fatal(err)
	}
	d.Press("n")
	d.WaitForText("New version of lumen")
	d.WaitForText("release") // the project's channels are read
	d.Press("tab")
	d.Type("9.0.0")
	d.Press("tab")
	d.Type("Lumen 9 quartz")
	d.Press("tab", "tab", "tab", "tab", "tab")
	d.Type(path)
	d.Press("enter")
	d.WaitForText("4.0 KiB primary")
	d.Press("tab", "tab", "enter")
	d.WaitForText("enter publishes it")
	d.Press("enter")
	d.WaitForText("1 published")
	d.Press("esc")
	d.WaitForText("Lumen 9 quartz")
	if !strings.Contains(d.Screen(), "  9.0.0 ") {
		t.Errorf("the list does not show 9.0.0:\n%s", d.Screen())
	}
}

// TestPublishDraftIsGuarded: through the root, a screen holding a draft
// (common.Guard) gets the keys that would drop it. esc on the preview
// goes back to the form rather than closing the screen; ctrl+c on a
// filled form asks, and only the second quits.
func TestPublishDraftIsGuarded(t *testing.T) {
	t.Parallel()
	d, m := start(t, setup{project: "lumen", w: 100, h: 30})
	ready(d, m, "lumen")
	path := filepath.Join(t.TempDir(), "lumen-9.1.0.jar")
	if err := os.WriteFile(path, []byte("jar"), 0o600); err != nil {
		t.Fatal(err)
	}
	d.Press("n")
	d.WaitForText("New version of lumen")
	d.WaitForText("release")
	d.Press("tab")
	d.Type("9.1.0")
	d.Press("tab")
	d.Type("Lumen 9.1")
	d.Press("tab", "tab", "tab", "tab", "tab")
	d.Type(path)
	d.Press("enter")
	d.WaitForText("3 B primary")
	d.Press("tab", "tab", "enter")
	d.WaitForText("enter publishes it")
	d.Press("esc")
	if !strings.Contains(d.Screen(), "New version of lumen") || len(m.stack) != 3 {
		t.Fatalf("esc on the preview left the screen:\n%s", d.Screen())
	}
	d.Press("ctrl+c")
	if d.Quit() || !strings.Contains(d.Screen(), "Press ctrl+c again to quit rdash") {
		t.Fatalf("ctrl+c on a filled form quit without asking:\n%s", d.Screen())
	}
	d.Press("ctrl+c")
	d.WaitFor("the quit", d.Quit)
}
