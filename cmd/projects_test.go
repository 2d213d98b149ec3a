package cmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rdash/api/sandbox"
)

// A corrupt state.json is set aside with a warning; the server's list of
// projects does not depend on it, so the command still succeeds.
func TestProjectsListSurvivesACorruptState(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	state := filepath.Join(c.env["RDASH_STATE_DIR"], "state.json")
	if err := os.WriteFile(state, []byte("{not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	r := c.run("", "projects", "list")
	if r.code != 0 {
		t.Fatalf("exit %d, want 0\nstderr:\n%s", r.code, r.err)
	}
	if !strings.Contains(r.err, "warning") || !strings.Contains(r.err, "state.json") {
		t.Errorf("stderr does not warn about state.json:\n%s", r.err)
	}
	if !strings.Contains(r.out, "lumen") {
		t.Errorf("stdout lacks alice's projects:\n%s", r.out)
	}
}
