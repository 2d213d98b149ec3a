package e2e

import (
	"encoding/json"
	"os/exec"
	"testing"

	"github.com/dustin/go-humanize"

	"rdash/api/sandbox"
	"rdash/api/sandbox/sandboxtest"
)

// TestStatsMatchesTheCLI opens the stats screen of emberforge-core's
// 1,500 versions in the real binary (the list's first page loaded, the
// rest loaded by the screen) and finds on it the totals and the channel
// bars `rdash stats --by channel --json` prints; enter on a channel's bar
// opens the versions list filtered to it.
func TestStatsMatchesTheCLI(t *testing.T) {
	requireE2E(t)
	srv, run := sandboxtest.Start(t, sandbox.Options{})
	token, err := srv.MintToken("alice")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	env := append(run.Env(), "RDASH_TOKEN="+token, "RDASH_CONFIG_DIR="+dir, "RDASH_STATE_DIR="+dir)

	cli := exec.Command(bin, "stats", "emberforge-core", "--by", "channel", "--json")
	cli.Env = env
	out, err := cli.Output()
	if err != nil {
		t.Fatalf("rdash stats: %v", err)
	}
	var s struct {
		Versions  int   `json:"versions"`
		Downloads int64 `json:"downloads"`
		Groups    []struct {
			Label     string `json:"label"`
			Downloads int64  `json:"downloads"`
		} `json:"groups"`
	}
	if err := json.Unmarshal(out, &s); err != nil || s.Versions != 1500 || len(s.Groups) == 0 {
		t.Fatalf("rdash stats gave %d versions, %d channels: %v", s.Versions, len(s.Groups), err)
	}

	tm := startTerm(t, 120, 40, env, bin, "--project", "emberforge-core")
	tm.waitFor("of 1,500", "server order")
	tm.send("i")
	tm.waitFor("1,500 versions · "+humanize.Comma(s.Downloads)+" downloads in all", "Downloads by game version")
	tm.send("Tab")
	want := []string{"Downloads by channel"}
	for _, g := range s.Groups {
		want = append(want, humanize.Comma(g.Downloads))
	}
	tm.waitFor(want...)
	tm.send("Enter")
	tm.waitFor("channel: "+s.Groups[0].Label, "(F clears)")
	tm.send("q")
	tm.waitFor("EXIT=0")
}
