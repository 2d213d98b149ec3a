package cmd

import (
	"encoding/json"
	"strings"
	"testing"

	"rdash/api/sandbox"
)

// TestBlankValuesRefusedBeforeTheServer: a blank name, version string or
// channel, or a blank value in a list, is refused (exit 2, naming the
// flag) before anything is read or sent, dry run or not: the preview used
// to show "→ (none)" and exit 0.
func TestBlankValuesRefusedBeforeTheServer(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"versions", "edit", "lumen", "--ids", "EEeBM181", "--name", "", "--dry-run"}, "--name: must not be blank"},
		{[]string{"versions", "edit", "lumen", "--ids", "EEeBM181", "--name", " \t", "--yes"}, "--name: must not be blank"},
		{[]string{"versions", "edit", "lumen", "--ids", "EEeBM181", "--channel", " ", "--yes"}, "--channel: must not be blank"},
		{[]string{"versions", "edit", "lumen", "--ids", "EEeBM181", "--add-game-version", "1.21.4, ", "--yes"}, "--add-game-version value 2: must not be blank"},
		{[]string{"versions", "update", "lumen", "2.4.0", "--name", "", "--yes"}, "--name: must not be blank"},
		{[]string{"versions", "update", "lumen", "2.4.0", "--version", "", "--dry-run"}, "--version: must not be blank"},
		{[]string{"versions", "update", "lumen", "2.4.0", "--platform", "paper,,folia", "--yes"}, "--platform value 2: must not be blank"},
		{[]string{"versions", "create", "lumen", "--version", " ", "--name", " ", "--channel", "beta", "--url", "https://x.example/a.jar", "--dry-run"},
			"--version: must not be blank"},
		{[]string{"versions", "create", "lumen", "--version", "9.9.9", "--name", "  ", "--channel", "beta", "--url", "https://x.example/a.jar", "--dry-run"},
			"--name: must not be blank"},
		{[]string{"versions", "list", " "}, "PROJECT: must not be blank"},
		{[]string{"versions", "list", "lumen", "--channel", ""}, "--channel value 1: must not be blank"},
		{[]string{"invitations", "send", "emberforge", " ", "--yes"}, "INVITEE: must not be blank"},
	} {
		r := c.run("", tc.args...)
		if r.code != ExitCancel || !strings.HasPrefix(r.err, "rdash: "+tc.want) || r.out != "" {
			t.Errorf("rdash %q: exit %d, stdout %q, stderr %q; want exit 2 and %q", tc.args, r.code, r.out, r.err, tc.want)
		}
	}
	if n := reads(c) + writes(c) + bulkWrites(c); n != 0 {
		t.Errorf("refused command lines made %d requests", n)
	}
	// An empty list asks for none: not a blank value.
	if r := c.run("", "versions", "edit", "lumen", "--ids", "EEeBM181", "--set-platforms", "", "--dry-run"); r.code != ExitOK {
		t.Errorf("--set-platforms '': exit %d, %q", r.code, r.err)
	}
}

func reads(c *cli) int { return c.srv.InFlight(sandbox.ClassRead).Total }

// TestRepeatedIDCountedOnce: --ids X,X is the version X once, said so in
// a note: previewed once, sent once, counted once in the results, and
// undone once.
func TestRepeatedIDCountedOnce(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	r := c.run("", "versions", "edit", "lumen", "--ids", "EEeBM181,EEeBM181", "--name", "Twice", "--yes", "--json")
	if r.code != ExitOK || !strings.Contains(r.err, "rdash: note: --ids gives EEeBM181 more than once: counted once") {
		t.Fatalf("exit %d, stderr %q", r.code, r.err)
	}
	var out bulkJSON
	if err := json.Unmarshal([]byte(r.out), &out); err != nil {
		t.Fatal(err)
	}
	if len(out.Preview) != 1 || len(out.Outcomes) != 1 {
		t.Errorf("preview %d, outcomes %d; want the version once in each", len(out.Preview), len(out.Outcomes))
	}
	r = c.run("", "versions", "undo", "lumen", "--yes", "--json")
	if err := json.Unmarshal([]byte(r.out), &out); err != nil || r.code != ExitOK {
		t.Fatalf("undo: exit %d, %v, %q", r.code, err, r.err)
	}
	if len(out.Preview) != 1 || len(out.Outcomes) != 1 {
		t.Errorf("undo: preview %d, outcomes %d; want the version once in each", len(out.Preview), len(out.Outcomes))
	}
	r = c.run("", "versions", "delete", "lumen", "--ids", "NMpyYgF1,NMpyYgF1", "--yes")
	if r.code != ExitOK || !strings.Contains(r.out, "1 version: 1 deleted, 0 failed") {
		t.Errorf("delete X,X: exit %d, stdout %q, stderr %q", r.code, r.out, r.err)
	}
}
