package cmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rdash/api/sandbox/sandboxtest"
)

// A download is checked against the strongest checksum the server gives,
// and says which: the default sandbox gives {"sha256"}, the strict one
// {"sha1", "sha512"}. Before, the strict one's download said "no
// checksum given", which was untrue, and checked nothing.
func TestVersionsDownloadChecksTheStrongestChecksum(t *testing.T) {
	t.Parallel()
	for _, p := range sandboxtest.Profiles() {
		t.Run(p.Name, func(t *testing.T) {
			t.Parallel()
			c := newCLI(t, "alice", p.Options)
			c.ok("versions", "create", "--yes", "lumen", "--version", "3.4.0", "--name", "n", "--channel", "beta",
				"--file", writeTemp(t, t.TempDir(), "lumen-3.4.0.jar", "primary bytes"))
			want := "sha256 verified"
			if p.Options.Strict {
				want = "sha512 verified"
			}
			dir := t.TempDir()
			r := c.run("", "versions", "download", "lumen", "3.4.0", "--dir", dir)
			if r.code != 0 || !strings.Contains(r.err, want) {
				t.Fatalf("exit %d, %q; want %q", r.code, r.err, want)
			}
			if got, _ := os.ReadFile(filepath.Join(dir, "lumen-3.4.0.jar")); string(got) != "primary bytes" {
				t.Errorf("saved %q", got)
			}
			if r := c.run("", "versions", "download", "lumen", "3.4.0", "-o", "-"); r.code != 0 || r.out != "primary bytes" {
				t.Errorf("-o -: exit %d, %q, %q", r.code, r.out, r.err)
			}
		})
	}
}
