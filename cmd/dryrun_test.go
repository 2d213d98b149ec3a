package cmd

import (
	"encoding/json"
	"strings"
	"testing"

	"rdash/api/sandbox"
)

// TestDeleteAndUndoDryRun: versions delete and versions undo take
// --dry-run, as edit, create and update do: the preview, exit 0, nothing
// sent, and for undo nothing recorded, so the real undo still finds the
// edit.
func TestDeleteAndUndoDryRun(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	out := c.ok("versions", "delete", "lumen", "--ids", "NMpyYgF1", "--dry-run")
	if !strings.Contains(out, "NMpyYgF1") || !strings.Contains(out, "1 version would be deleted; nothing sent (--dry-run)") {
		t.Errorf("delete --dry-run printed:\n%s", out)
	}
	var j bulkJSON
	if err := json.Unmarshal([]byte(c.ok("versions", "delete", "lumen", "--ids", "NMpyYgF1", "--dry-run", "--json")), &j); err != nil {
		t.Fatal(err)
	}
	if !j.DryRun || len(j.Preview) != 1 || len(j.Outcomes) != 0 || j.Journal != "" {
		t.Errorf("delete --dry-run --json: %+v", j)
	}
	c.ok("versions", "edit", "lumen", "--ids", "EEeBM181", "--name", "Renamed", "--yes")
	out = c.ok("versions", "undo", "lumen", "--dry-run")
	if !strings.Contains(out, "Renamed → Lumen 2.4.0: Working lights") || !strings.Contains(out, "nothing sent (--dry-run)") {
		t.Errorf("undo --dry-run printed:\n%s", out)
	}
	if n := bulkWrites(c); n != 1 {
		t.Errorf("%d bulk requests; want the edit's alone", n)
	}
	if v := getVersion(t, c, "lumen", "EEeBM181"); v.Name != "Renamed" {
		t.Errorf("after undo --dry-run the name is %q", v.Name)
	}
	c.ok("versions", "undo", "lumen", "--yes")
	if v := getVersion(t, c, "lumen", "EEeBM181"); v.Name != "Lumen 2.4.0: Working lights" {
		t.Errorf("the undo after a dry run left %q", v.Name)
	}
}

// TestCreateDryRunChecksWhatTheRunWould: create --dry-run fails where the
// real run would, before any upload: not signed in (exit 4), and a
// version string the project already has (exit 1; without --from, where
// a re-run is not "already published").
func TestCreateDryRunChecksWhatTheRunWould(t *testing.T) {
	t.Parallel()
	args := []string{"versions", "create", "lumen", "--version", "2.9.0", "--name", "n", "--channel", "beta",
		"--url", "https://cdn.example.org/x.jar", "--dry-run"}
	anon := newCLI(t, "", sandbox.Options{})
	if r := anon.run("", args...); r.code != ExitAuth {
		t.Errorf("not signed in: exit %d, stderr %q; want 4", r.code, r.err)
	}
	c := newCLI(t, "alice", sandbox.Options{})
	c.ok(args...)
	taken := append([]string{}, args...)
	taken[4] = "2.4.0"
	for _, last := range []string{"--dry-run", "--yes"} {
		taken[len(taken)-1] = last
		r := c.run("", taken...)
		if r.code != ExitFailure || !strings.Contains(r.err, "--version 2.4.0: lumen already has this version (EEeBM181)") || r.out != "" {
			t.Errorf("%s of a version string taken: exit %d, stdout %q, stderr %q", last, r.code, r.out, r.err)
		}
	}
	if n := writes(c); n != 0 {
		t.Errorf("%d writes", n)
	}
}
