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
