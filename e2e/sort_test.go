package e2e

import (
	"encoding/json"
	"os/exec"
	"slices"
	"testing"

	"rdash/api/sandbox"
	"rdash/api/sandbox/sandboxtest"
)

// TestSortMatchesTheCLI sorts emberforge-core's 1,500 versions by
// downloads in the dashboard and compares the rows at the top with what
// `rdash versions list --all` gives sorted the same way: the sort covers
// every version, not the pages loaded (it put 6.17.20 on top, where the
// most downloaded of all is 1.1.17). Both talk to one sandbox, signed in
// as alice with a token it mints.
func TestSortMatchesTheCLI(t *testing.T) {
	requireE2E(t)
	srv, run := sandboxtest.Start(t, sandbox.Options{})
	token, err := srv.MintToken("alice")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	env := append(run.Env(), "RDASH_TOKEN="+token, "RDASH_CONFIG_DIR="+dir, "RDASH_STATE_DIR="+dir)

	cli := exec.Command(bin, "versions", "list", "emberforge-core", "--all", "--json")
	cli.Env = env
	out, err := cli.Output()
	if err != nil {
		t.Fatalf("rdash versions list --all: %v", err)
	}
	var list struct {
		Versions []struct {
			Version   string `json:"version"`
			Downloads int64  `json:"downloads"`
		} `json:"items"` // docs/json.md: every list is {"items": …}
	}
	if err := json.Unmarshal(out, &list); err != nil || len(list.Versions) != 1500 {
		t.Fatalf("versions list --all gave %d versions: %v", len(list.Versions), err)
	}
	// Most downloaded first; ties in the server's order, as the dashboard.
	slices.SortStableFunc(list.Versions, func(a, b struct {
		Version   string `json:"version"`
		Downloads int64  `json:"downloads"`
	}) int {
		return int(b.Downloads - a.Downloads)
	})

	tm := startTerm(t, 120, 40, env, bin, "--project", "emberforge-core")
	tm.waitFor("of 1,500", "server order") // 50 or 100: page 2 follows page 1 at once
	tm.send("s", "s", "s", "s")            // version, name, channel, downloads: the load starts at the first
	tm.waitFor("1,500 of 1,500", "sort: downloads ↓", "DOWNLOADS ↓")
	tm.send("g") // the cursor stayed on its version; the top of the list
	rows := versionRows(tm.waitFor("1,500 of 1,500", list.Versions[0].Version))
	if len(rows) < 30 {
		t.Fatalf("only %d rows on screen:\n%s", len(rows), tm.screen())
	}
	for i, v := range rows {
		if want := list.Versions[i].Version; v != want {
			t.Fatalf("row %d is %s, the CLI's list sorted by downloads has %s (top: %s):\n%s", i+1, v, want, list.Versions[0].Version, tm.screen())
		}
	}
	tm.send("q")
	tm.waitFor("EXIT=0")
}
