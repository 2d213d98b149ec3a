package cmd

import (
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"rdash/api/sandbox"
)

// change is a command that changes something on the server, run as who
// with args, after the steps before it in the table.
type change struct {
	path, who string
	args      []string
}

// changes are, in an order that makes each possible, every command that
// changes something on the server.
var changes = []change{
	{"versions create", "alice", []string{"lumen", "--version", "9.0.0", "--name", "n", "--channel", "beta", "--url", "https://cdn.example.org/x.jar"}},
	{"versions update", "alice", []string{"lumen", "1.3.0", "--remove-file", "lumen-1.3.0-sources.jar"}},
	{"versions edit", "alice", []string{"lumen", "--ids", "13ubedvV,G4T7DMwW", "--name", "Renamed"}},
	{"versions undo", "alice", []string{"lumen"}},
	{"versions delete", "alice", []string{"lumen", "--ids", "NMpyYgF1"}},
	{"invitations send", "alice", []string{"emberforge", "erin", "--role", "Tester"}},
	{"invitations cancel", "alice", []string{"emberforge", "erin"}},
	{"invitations accept", "dave", []string{"emberforge"}},
	{"invitations reject", "dave", []string{"quartz"}},
}

// readOnly are the other commands, with why they change nothing on the
// server (or, for the interactive ones, ask in their own screens).
var readOnly = map[string]string{
	"":                      "the dashboard: each change has its preview and confirmation on screen",
	"demo":                  "the dashboard against a sandbox of its own",
	"sandbox":               "serves a sandbox",
	"versions list":         "reads",
	"versions get":          "reads",
	"versions download":     "reads",
	"invitations list":      "reads",
	"projects list":         "reads",
	"stats":                 "reads",
	"auth login":            "signs in: a token for rdash, no change to projects or organizations",
	"auth logout":           "removes the local token",
	"auth status":           "reads",
	"auth token":            "prints the local token",
	"serve":                 "serves the dashboard over SSH",
	"serve forget":          "deletes local state",
	"versions":              "a group: prints its help",
	"invitations":           "a group: prints its help",
	"projects":              "a group: prints its help",
	"auth":                  "a group: prints its help",
	"version":               "prints rdash's version",
	"help":                  "prints help",
	"completion":            "a group: prints its help",
	"completion bash":       "prints a completion script",
	"completion zsh":        "prints a completion script",
	"completion fish":       "prints a completion script",
	"completion powershell": "prints a completion script",
}

// TestEveryChangeAsksFirst: every command that changes something on the
// server has --yes; without a terminal and without --yes it sends no
// change and exits 2 saying so, and with --yes it does change. Every other
// command is listed in readOnly with why, so a new command fails here
// until it is placed.
func TestEveryChangeAsksFirst(t *testing.T) {
	t.Parallel()
	alice := newCLI(t, "alice", sandbox.Options{})
	users := map[string]*cli{"alice": alice, "dave": alice.as("dave")}
	var paths, seen []string
	for _, c := range changes {
		paths = append(paths, c.path)
	}
	for _, leaf := range allCommands(NewRoot(&Factory{})) {
		path := strings.TrimPrefix(strings.TrimPrefix(leaf.CommandPath(), "rdash"), " ")
		seen = append(seen, path)
		hasYes := leaf.Flags().Lookup("yes") != nil
		_, listed := readOnly[path]
		switch {
		case slices.Contains(paths, path) && !hasYes:
			t.Errorf("%s changes the server but has no --yes", path)
		case !slices.Contains(paths, path) && !listed:
			t.Errorf("%s is in neither changes nor readOnly: place it", path)
		case listed && hasYes:
			t.Errorf("%s is listed as read-only but has --yes", path)
		}
	}
	for path := range readOnly {
		if !slices.Contains(seen, path) {
			t.Errorf("readOnly lists %s, which is no command", path)
		}
	}
	for _, c := range changes {
		u := users[c.who]
		args := append(strings.Fields(c.path), c.args...)
		before := writes(u) + bulkWrites(u)
		r := u.run("", args...)
		if r.code != ExitCancel || !strings.Contains(r.err, "--yes") {
			t.Errorf("rdash %s without a terminal: exit %d, stderr %q; want exit 2 asking for --yes", c.path, r.code, r.err)
		}
		if n := writes(u) + bulkWrites(u) - before; n != 0 {
			t.Errorf("rdash %s without --yes sent %d changes", c.path, n)
		}
		u.ok(append(args, "--yes")...)
		if writes(u)+bulkWrites(u) == before {
			t.Errorf("rdash %s --yes changed nothing: the row tests nothing", c.path)
		}
	}
}

// allCommands lists c and every command under it.
func allCommands(c *cobra.Command) []*cobra.Command {
	out := []*cobra.Command{c}
	for _, sub := range c.Commands() {
		out = append(out, allCommands(sub)...)
	}
	return out
}

func bulkWrites(c *cli) int { return c.srv.InFlight(sandbox.ClassBulk).Total }

// TestVersionsUpdateShowsThePlanAndAsks: the case. Without a
// terminal and without --yes, update prints its plan (fields before and
// after, every file kept, added, replaced or removed, what an undo cannot
// restore), sends nothing and exits 2; the file is still there.
func TestVersionsUpdateShowsThePlanAndAsks(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	r := c.run("", "versions", "update", "lumen", "1.3.0", "--remove-file", "lumen-1.3.0-sources.jar", "--name", "Lumen 1.3.0 (slim)")
	if r.code != ExitCancel || !strings.Contains(r.err, "pass --yes") {
		t.Fatalf("exit %d, stderr %q; want 2 asking for --yes", r.code, r.err)
	}
	for _, want := range []string{"will update lumen 1.3.0", "+ Lumen 1.3.0 (slim)", "keep lumen-1.3.0.jar [primary]",
		"remove lumen-1.3.0-sources.jar", "not undoable: an undo cannot restore the files"} {
		if !strings.Contains(r.out, want) {
			t.Errorf("plan lacks %q:\n%s", want, r.out)
		}
	}
	if got := files(getVersion(t, c, "lumen", "1.3.0")); got != "lumen-1.3.0.jar*,lumen-1.3.0-sources.jar" {
		t.Errorf("files after a refused update: %s", got)
	}
}
