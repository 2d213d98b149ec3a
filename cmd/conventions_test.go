package cmd

import (
	"regexp"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"rdash/api/sandbox"
)

// rdash --version and rdash version print the version, the commit and
// the Go version; version is a command of its own, not an alias of
// versions.
func TestVersionCommandAndFlag(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "", sandbox.Options{})
	c.build = goldenBuild
	want := "rdash version 1.2.3 (2026-03-14)\ncommit 0123456789abcdef0123456789abcdef01234567, go1.26.8, linux/amd64\n"
	for _, args := range [][]string{{"--version"}, {"version"}} {
		if out := c.ok(args...); out != want {
			t.Errorf("rdash %s = %q, want %q", args[0], out, want)
		}
	}
	// Without a stamp, the toolchain's record: at least the Go version.
	c.build = nil
	if out := c.ok("version"); !regexp.MustCompile(`^rdash version \S+( \(\S+\))?\n(commit \S+( \(modified\))?, )?go1\.\d+`).MatchString(out) {
		t.Errorf("rdash version from the toolchain = %q", out)
	}
}

// Every command group suggests its subcommands for a mistyped one, at
// every level, and the mistake is a usage error: exit 2, with the usage.
func TestEveryGroupSuggests(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "", sandbox.Options{})
	groups := 0
	walkCommands(NewRoot(&Factory{}), func(g *cobra.Command) {
		if !g.HasAvailableSubCommands() {
			return
		}
		groups++
		for _, sub := range g.Commands() {
			if !sub.IsAvailableCommand() || len(sub.Name()) < 4 {
				continue
			}
			typo := sub.Name()[:len(sub.Name())-2] + sub.Name()[len(sub.Name())-1:] // "lst" for "list"
			args := append(strings.Fields(strings.TrimPrefix(g.CommandPath(), "rdash")), typo)
			r := c.run("", args...)
			suggested, _, _ := strings.Cut(r.err, "\n\nUsage:")
			_, suggested, _ = strings.Cut(suggested, "Did you mean this?\n")
			if r.code != ExitCancel || !strings.Contains(suggested+"\n", "    "+sub.Name()+"\n") || !strings.Contains(r.err, "Usage:") {
				t.Errorf("rdash %s: exit %d, stderr:\n%s\nwant exit 2 suggesting %s, with the usage", strings.Join(args, " "), r.code, r.err, sub.Name())
			}
		}
	})
	if groups < 6 { // rdash, versions, projects, invitations, auth, serve, completion
		t.Errorf("walked %d command groups; the tree has at least 6", groups)
	}
}

// Every mistake in the command line is a usage error: exit 2 and the
// command's usage; flags that cannot go together included.
func TestUsageErrorsShowUsage(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"versions", "create", "lumen", "--version", "9.0.0", "--name", "n", "--channel", "beta",
			"--url", "https://cdn.example.org/x.jar", "--changelog", "a", "--changelog-file", "b"}, "changelog-file"},
		{[]string{"versions", "update", "lumen", "2.4.0", "--changelog", "a", "--changelog-file", "b"}, "changelog-file"},
		{[]string{"versions", "list"}, "Usage:\n  rdash versions list PROJECT"},
		{[]string{"versions", "list", "lumen", "--bogus"}, "Usage:\n  rdash versions list PROJECT"},
		{[]string{"auth", "status", "extra"}, "Usage:\n  rdash auth status"},
	} {
		r := c.run("", tc.args...)
		if r.code != ExitCancel || !strings.Contains(r.err, tc.want) || !strings.Contains(r.err, "Usage:") {
			t.Errorf("rdash %s: exit %d, stderr:\n%s\nwant exit 2 with %q and the usage", strings.Join(tc.args, " "), r.code, r.err, tc.want)
		}
	}
	if n := c.srv.InFlight(sandbox.ClassWrite).Total; n != 0 {
		t.Errorf("usage errors sent %d changes", n)
	}
}

// Every command has examples.
func TestEveryCommandHasExamples(t *testing.T) {
	t.Parallel()
	n := 0
	walkCommands(NewRoot(&Factory{}), func(c *cobra.Command) {
		if c.Hidden {
			return
		}
		n++
		if strings.TrimSpace(c.Example) == "" {
			t.Errorf("%s has no Example", c.CommandPath())
		}
	})
	if n < 30 {
		t.Errorf("walked %d commands; the tree has more", n)
	}
}

// rdash --help groups the commands as gh's help does.
func TestHelpIsGrouped(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "", sandbox.Options{})
	out := c.ok("--help")
	order := []string{"Core commands:", "  invitations ", "  projects ", "  versions ",
		"Sign-in commands:", "  auth ",
		"Service commands:", "  demo ", "  sandbox ", "  serve ",
		"Additional commands:", "  completion ", "  help ", "  version "}
	at := 0
	for _, w := range order {
		i := strings.Index(out[at:], "\n"+w)
		if i < 0 {
			t.Fatalf("help lacks %q after %q:\n%s", w, out[:at], out)
		}
		at += i + 1
	}
}
