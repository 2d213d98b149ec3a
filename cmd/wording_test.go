package cmd

import (
	"errors"
	"strings"
	"testing"

	"rdash/api"
	"rdash/api/sandbox"
	"rdash/internal/bulk"
)

// projects list names every owner the same way, users by username as
// organizations by slug, and its piped lines end without a stray tab.
func TestProjectsListOwnersAndLines(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	c.writeState(`{"pinned": ["quartz-tools"]}`)
	out := c.ok("projects", "list")
	want := "lumen\tLumen\tprjLumen\talice\tmine\n" +
		"emberforge-core\tEmberforge Core\tprjEmber\temberforge\tmine\n" +
		"quartz-tools\t\t\t\tpinned\n"
	if out != want {
		t.Errorf("projects list piped =\n%q\nwant\n%q", out, want)
	}
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if strings.HasSuffix(l, "\t") {
			t.Errorf("line %q ends in a tab", l)
		}
	}
}

// Counts read as English: one version, one line, one file.
func TestCountsAreSingularForOne(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	r := c.run("", "versions", "delete", "lumen", "--ids", "e0tZCjLS")
	if !strings.Contains(r.err, "Deleting 1 version cannot be undone") {
		t.Errorf("delete of one version says:\n%s", r.err)
	}
	dir := t.TempDir()
	out := c.ok("versions", "create", "lumen", "--version", "9.0.0", "--name", "n", "--channel", "beta",
		"--file", writeTemp(t, dir, "a.jar", "A"), "--changelog", "x", "--dry-run")
	for _, w := range []string{"changelog:     1 character\n", "1 file, 1 uploaded"} {
		if !strings.Contains(out, w) {
			t.Errorf("create plan lacks %q:\n%s", w, out)
		}
	}
	out = c.ok("versions", "update", "lumen", "2.4.0", "--file", writeTemp(t, dir, "b.jar", "B"), "--dry-run")
	if !strings.Contains(out, "\n1 upload (1 B)") {
		t.Errorf("update plan lacks %q:\n%s", "1 upload (1 B)", out)
	}
	if got := short(strings.Repeat("x", 70)); !strings.HasSuffix(got, "(1 line)") {
		t.Errorf("short(70 x) = %q, want it to end (1 line)", got)
	}
	e := &bulk.Entry{Outcomes: []bulk.Outcome{{ID: "AAAAAAAA", Status: bulk.StatusNotApplied}}}
	if err := notDoneError(e, countRun(e.Outcomes), runWords{retry: "retry"}); err == nil || !strings.HasPrefix(err.Error(), "1 of 1 version did not") {
		t.Errorf("notDoneError of one = %v", err)
	}
	changes := []bulk.Change{{Before: api.Version{ID: "AAAAAAAA"}, Problem: "twice"}}
	var pe *bulk.ProblemError
	if err := bulk.Check(changes); !errors.As(err, &pe) || !strings.Contains(err.Error(), "1 version cannot take this edit") {
		t.Errorf("bulk.Check of one version = %v", err)
	}
}
