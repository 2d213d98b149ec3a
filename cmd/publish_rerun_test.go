package cmd

import (
	"path/filepath"
	"strings"
	"testing"

	"rdash/api/sandbox/sandboxtest"
	"rdash/internal/artifact"
)

// TestCreateFromRerun: a CI job run again publishes nothing. Against each
// profile, a second run with the same build finds the version, compares
// its files as artifact.Compare does, and sends nothing: the same files
// exit 0 saying it is already published, with the version in the JSON;
// files Compare cannot show to be the same exit 1 listing each
// difference. A rebuilt jar under the same version string is such a
// difference in every profile.
func TestCreateFromRerun(t *testing.T) {
	t.Parallel()
	for _, prof := range sandboxtest.Profiles() {
		t.Run(prof.Name, func(t *testing.T) {
			t.Parallel()
			c := newCLI(t, "alice", prof.Options)
			dir := lumenBuild(t, "")
			args := []string{"versions", "create", "lumen", "--from", filepath.Join(dir, "lumen-2.7.0-beta.1.jar"),
				filepath.Join(dir, "lumen-2.7.0-beta.1-sources.jar"), "--yes", "--json"}
			first := decodeFrom(t, c.ok(args...))
			sent := writes(c)

			r := c.run("", args...)
			published := getVersion(t, c, "lumen", first.Result.ID)
			sums, err := itemSums([]fileItem{
				{Name: "lumen-2.7.0-beta.1.jar", Path: filepath.Join(dir, "lumen-2.7.0-beta.1.jar")},
				{Name: "lumen-2.7.0-beta.1-sources.jar", Path: filepath.Join(dir, "lumen-2.7.0-beta.1-sources.jar")}})
			if err != nil {
				t.Fatal(err)
			}
			if cmp := artifact.Compare(sums, published.Files); cmp.Same {
				again := decodeFrom(t, r.out)
				if r.code != 0 || !again.AlreadyPublished || again.Result == nil || again.Result.ID != first.Result.ID ||
					!strings.Contains(r.err, "lumen already has version 2.7.0-beta.1 ("+first.Result.ID+") with these same files: it is already published; nothing was sent") {
					t.Errorf("re-run: exit %d, stdout:\n%s\nstderr:\n%s", r.code, r.out, r.err)
				}
			} else {
				checkDiffers(t, r, first.Result.ID, cmp.Differences)
			}

			rebuilt := lumenBuild(t, " rebuilt")
			r = c.run("", "versions", "create", "lumen", "--from", filepath.Join(rebuilt, "*.jar"), "--yes", "--json")
			checkDiffers(t, r, first.Result.ID, []string{`"lumen-2.7.0-beta.1.jar" has `})
			if n := writes(c); n != sent {
				t.Errorf("%d writes after the first run, want none", n-sent)
			}
		})
	}
}

// checkDiffers checks a re-run refused: exit 1, nothing on standard
// output, and standard error listing the differences.
func checkDiffers(t *testing.T, r result, id string, diffs []string) {
	t.Helper()
	head := "rdash: lumen already has version 2.7.0-beta.1 (" + id + "), and rdash cannot show that its files are these:\n"
	if r.code != ExitFailure || r.out != "" || !strings.HasPrefix(r.err, head) ||
		!strings.Contains(r.err, "nothing was sent: the server takes a version string once") {
		t.Fatalf("exit %d, stdout %q, stderr:\n%s\nwant exit 1 and %q", r.code, r.out, r.err, head)
	}
	for _, d := range diffs {
		if !strings.Contains(r.err, "\n  - "+d) {
			t.Errorf("stderr lacks the difference %q:\n%s", d, r.err)
		}
	}
}

// TestCreateFromRerunDryRun: a dry run says so too, and exits 0.
func TestCreateFromRerunDryRun(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandboxtest.Profiles()[0].Options)
	jar := filepath.Join(lumenBuild(t, ""), "lumen-2.7.0-beta.1.jar")
	c.ok("versions", "create", "lumen", "--from", jar, "--yes")
	r := c.run("", "versions", "create", "lumen", "--from", jar, "--dry-run")
	if r.code != 0 || r.out != "" || !strings.Contains(r.err, "it is already published; nothing was sent") {
		t.Errorf("exit %d, stdout %q, stderr:\n%s", r.code, r.out, r.err)
	}
}
