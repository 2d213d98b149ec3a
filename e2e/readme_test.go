package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadmeCurlScript runs the README's curl walk-through against the
// real binary, so the documented calls stay true.
func TestReadmeCurlScript(t *testing.T) {
	requireE2E(t)
	if _, err := exec.LookPath("curl"); err != nil {
		t.Fatal("curl is required: apt-get install curl")
	}
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(readme), "<!-- curl-script -->\n```sh\n")
	script, _, ok2 := strings.Cut(rest, "```\n<!-- /curl-script -->")
	if !ok || !ok2 {
		t.Fatal("README.md has no curl-script block")
	}
	script = strings.ReplaceAll(script, "8765", fmt.Sprint(freePort(t)))
	script = strings.ReplaceAll(script, "8766", fmt.Sprint(freePort(t)))
	cmd := exec.Command("bash", "-c", script)
	cmd.Env = append(os.Environ(), "PATH="+filepath.Dir(bin)+":"+os.Getenv("PATH"))
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the README script failed: %v\n%s", err, out)
	}
	for _, want := range []string{
		`"username":"alice"`, `"slug":"lumen"`, `"pagination"`, `"project_id":"prjLumen"`, "302 http",
		`"version":"9.9.9"`, `(fixed)`, `"1.21.5"`, "204", `"username":"erin"`, `{"data":{"accepted":true}}`,
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("the README script's output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(string(out), `"error"`) {
		t.Errorf("a call in the README script failed:\n%s", out)
	}
}
