package cmd

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"rdash/api/sandbox"
)

// emberRelease is the newest release of emberforge-core, whose lts
// channel has no version in the seed.
func emberRelease(t *testing.T, c *cli) string {
	t.Helper()
	for _, v := range listIDs(t, c, "emberforge-core", "--channel", "release", "--page-size", "1") {
		return v.ID
	}
	t.Fatal("emberforge-core has no release")
	return ""
}

// TestMoveToAChannelWithNoVersions: lts exists but no version is in it,
// so rdash cannot see it; edit and update send it all the same, with a
// note that it could not be checked, the server moves the version, and
// undo moves it back.
func TestMoveToAChannelWithNoVersions(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		args func(id string) []string
	}{
		{"edit", func(id string) []string {
			return []string{"versions", "edit", "emberforge-core", "--ids", id, "--channel", "lts", "--yes"}
		}},
		{"update", func(id string) []string {
			return []string{"versions", "update", "emberforge-core", id, "--channel", "lts", "--yes"}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			c := newCLI(t, "alice", sandbox.Options{})
			id := emberRelease(t, c)
			r := c.run("", tc.args(id)...)
			if r.code != 0 || !strings.Contains(r.err, `note: channel "lts" has no version in emberforge-core that rdash can see (seen: alpha, beta, release)`) {
				t.Fatalf("exit %d\n%s\n%s", r.code, r.out, r.err)
			}
			if v := getVersion(t, c, "emberforge-core", id); v.Channel.ID != "chEmbLts" {
				t.Fatalf("after the move: channel %+v", v.Channel)
			}
			c.ok("versions", "undo", "--yes")
			if v := getVersion(t, c, "emberforge-core", id); v.Channel.Slug != "release" {
				t.Fatalf("after the undo: channel %+v", v.Channel)
			}
		})
	}
}

// TestCreateChecksBeforeUploading: a channel the server does not know
// and a file rdash may not read are refused before anything is sent, at a
// dry run as at a real one; a channel no version is in is published to
// after a note.
func TestCreateChecksBeforeUploading(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	jar := writeTemp(t, t.TempDir(), "lumen-9.1.0.jar", strings.Repeat("j", 64<<10))
	create := func(extra ...string) result {
		return c.run("", append([]string{"versions", "create", "lumen", "--version", "9.1.0", "--name", "n"}, extra...)...)
	}
	unreadable := unreadableFile(t)
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"unknown channel", []string{"--channel", "nightly", "--file", jar, "--yes"}, `--channel: the server does not know channel "nightly" in lumen`},
		{"unknown channel, dry run", []string{"--channel", "nightly", "--file", jar, "--dry-run"}, `--channel: the server does not know channel "nightly"`},
		{"unreadable file, dry run", []string{"--channel", "beta", "--file", unreadable, "--dry-run"}, "--file: open " + unreadable + ": permission denied"},
		{"unreadable file", []string{"--channel", "beta", "--file", unreadable, "--yes"}, "--file: open " + unreadable + ": permission denied"},
	} {
		if r := create(tc.args...); r.code != ExitCancel || !strings.Contains(r.err, tc.want) {
			t.Errorf("%s: exit %d, stderr %q; want exit 2 and %q", tc.name, r.code, r.err, tc.want)
		}
	}
	if n := writes(c); n != 0 {
		t.Fatalf("refused creates sent %d requests", n)
	}
	r := c.run("", "versions", "create", "emberforge-core", "--version", "9.1.0", "--name", "n", "--channel", "lts", "--file", jar, "--yes")
	if r.code != 0 || !strings.Contains(r.err, `note: channel "lts" has no version in emberforge-core`) {
		t.Fatalf("create in lts: exit %d\n%s", r.code, r.err)
	}
	if v := getVersion(t, c, "emberforge-core", "9.1.0"); v.Channel.ID != "chEmbLts" {
		t.Fatalf("created in %+v", v.Channel)
	}
}

// unreadableFile is a regular file this process may not read: a file
// with no permissions, or, for root, whom file permissions do not stop,
// a write-only file of Linux's /proc/sys (root is refused a read there
// too).
func unreadableFile(t *testing.T) string {
	t.Helper()
	if os.Geteuid() != 0 {
		p := filepath.Join(t.TempDir(), "locked.jar")
		if err := os.WriteFile(p, []byte("x"), 0o000); err != nil {
			t.Fatal(err)
		}
		return p
	}
	const p = "/proc/sys/vm/drop_caches"
	if runtime.GOOS != "linux" {
		t.Fatalf("running as root on %s: no file root may not read is known here; run the tests as another user", runtime.GOOS)
	}
	if _, err := os.ReadFile(p); err == nil {
		t.Fatalf("%s is readable: the test needs a file root may not read", p)
	}
	return p
}
