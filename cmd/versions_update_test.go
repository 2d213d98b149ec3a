package cmd

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"rdash/api"
	"rdash/api/sandbox"
	"rdash/api/sandbox/sandboxtest"
)

// runCtx is cli.run with a context the test controls.
func (c *cli) runCtx(ctx context.Context, args ...string) result {
	c.t.Helper()
	var out, errOut bytes.Buffer
	f := &Factory{
		IO:     IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &errOut},
		Lookup: func(k string) (string, bool) { v, ok := c.env[k]; return v, ok },
	}
	code := Main(ctx, args, f)
	return result{out.String(), errOut.String(), code}
}

func writeTemp(t *testing.T, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// getVersion reads a version as the server has it, through the API.
func getVersion(t *testing.T, c *cli, project, version string) api.Version {
	t.Helper()
	client, err := api.New(c.env["RDASH_BASE_URL"], api.WithHTTPClient(
		&http.Client{Timeout: 20 * time.Second, Transport: sandboxtest.Bearer{Token: c.env["RDASH_TOKEN"]}}))
	if err != nil {
		t.Fatal(err)
	}
	v, _, err := client.GetVersion(t.Context(), project, version)
	if err != nil {
		t.Fatal(err)
	}
	return *v
}

func files(v api.Version) string {
	var out []string
	for _, f := range v.Files {
		s := f.Name
		if f.IsPrimary {
			s += "*"
		}
		out = append(out, s)
	}
	return strings.Join(out, ",")
}

func writes(c *cli) int { return c.srv.InFlight(sandbox.ClassWrite).Total }

func TestVersionsCreatePrimaryAndDryRun(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	dir := t.TempDir()
	a := writeTemp(t, dir, "a.jar", "AAA")
	b := writeTemp(t, dir, "b-sources.jar", "BB")
	ext := "https://cdn.example.org/a-fabric.jar"
	args := []string{"versions", "create", "lumen", "--version", "3.1.0", "--name", "Three one", "--channel", "beta",
		"--file", a, "--file", b, "--url", ext, "--primary", ext, "--changelog", "# Hi"}
	out := c.ok(append(args, "--dry-run")...)
	for _, want := range []string{"would publish in lumen", ext + " (external) [primary]", "a.jar (upload of", "3 files, 2 uploaded (5 B)", "nothing sent"} {
		if !strings.Contains(out, want) {
			t.Errorf("dry run lacks %q:\n%s", want, out)
		}
	}
	if n := writes(c); n != 0 {
		t.Fatalf("--dry-run sent %d requests", n)
	}
	c.ok(append(args, "--yes")...)
	v := getVersion(t, c, "lumen", "3.1.0")
	if got := files(v); got != ext+"*,a.jar,b-sources.jar" || v.Changelog != "# Hi" {
		t.Errorf("created files %s, changelog %q", got, v.Changelog)
	}
}

func TestVersionsUpdateFiles(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	dir := t.TempDir()
	c.ok("versions", "create", "--yes", "lumen", "--version", "3.2.0", "--name", "Three two", "--channel", "beta",
		"--file", writeTemp(t, dir, "a.jar", "A1"), "--file", writeTemp(t, dir, "b.jar", "B1"))
	before := getVersion(t, c, "lumen", "3.2.0")

	upd := t.TempDir()
	newA := writeTemp(t, upd, "a.jar", "A2 is longer")
	newC := writeTemp(t, upd, "c.jar", "C")
	ext := "https://cdn.example.org/c-fabric.jar"
	args := []string{"versions", "update", "lumen", "3.2.0", "--file", newA, "--file", newC, "--url", ext,
		"--remove-file", "b.jar", "--primary", "c.jar", "--name", "Three two, again"}
	out := c.ok(append(args, "--dry-run")...)
	for _, want := range []string{"would update lumen 3.2.0", "- Three two", "+ Three two, again",
		"add c.jar (upload of", "[primary]", "replace a.jar", "add " + ext + " (external)", "remove b.jar", "not undoable", "nothing sent"} {
		if !strings.Contains(out, want) {
			t.Errorf("dry run lacks %q:\n%s", want, out)
		}
	}
	var plan struct {
		Changes []struct{ Field, Before, After string }
		Files   []struct{ Name, Action string }
		Removed []string
	}
	if err := json.Unmarshal([]byte(c.ok(append(args, "--dry-run", "--json")...)), &plan); err != nil {
		t.Fatal(err)
	}
	if len(plan.Changes) != 1 || plan.Changes[0].After != "Three two, again" || len(plan.Files) != 3 ||
		plan.Files[0].Name != "c.jar" || plan.Files[0].Action != "add" || strings.Join(plan.Removed, ",") != "b.jar" {
		t.Errorf("dry-run JSON %+v", plan)
	}
	if n := writes(c); n != 1 { // the create
		t.Fatalf("%d writes, want only the create's", n)
	}

	r := c.run("", append(args, "--yes")...)
	if r.code != 0 || !strings.Contains(r.err, "not undoable") {
		t.Fatalf("exit %d: %s", r.code, r.err)
	}
	v := getVersion(t, c, "lumen", "3.2.0")
	if got := files(v); got != "c.jar*,a.jar,"+ext || v.Name != "Three two, again" {
		t.Fatalf("after update: %s %q", got, v.Name)
	}
	if v.Files[1].ID == before.Files[0].ID || v.Files[1].Size != int64(len("A2 is longer")) {
		t.Errorf("a.jar not replaced: %+v", v.Files[1])
	}
	// By ID and by URL.
	c.ok("versions", "update", "--yes", "lumen", v.ID, "--remove-file", v.Files[2].ID, "--primary", v.Files[1].ID)
	if got := files(getVersion(t, c, "lumen", "3.2.0")); got != "a.jar*,c.jar" {
		t.Errorf("after removing by ID: %s", got)
	}
}

func TestVersionsUpdateUndo(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	before := getVersion(t, c, "lumen", "2.4.0")
	r := c.run("", "versions", "update", "--yes", "lumen", "2.4.0", "--name", "Renamed", "--platform", "paper", "--channel", "beta")
	if r.code != 0 || !strings.Contains(r.err, "undoable with rdash versions undo") {
		t.Fatalf("exit %d: %s", r.code, r.err)
	}
	mid := getVersion(t, c, "lumen", "2.4.0")
	if mid.Name != "Renamed" || mid.Channel.Slug != "beta" || strings.Join(mid.Platforms, ",") != "paper" {
		t.Fatalf("update did not apply: %+v", mid)
	}
	c.ok("versions", "undo", "--yes")
	after := getVersion(t, c, "lumen", "2.4.0")
	if after.Name != before.Name || after.Channel.ID != before.Channel.ID || strings.Join(after.Platforms, ",") != strings.Join(before.Platforms, ",") {
		t.Errorf("undo left %q %s %v, want %q %s %v", after.Name, after.Channel.Slug, after.Platforms, before.Name, before.Channel.Slug, before.Platforms)
	}
}

func TestVersionsUpdateRefusesBeforeSending(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	long := strings.Repeat("n", api.MaxNameLength+1)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--name", long}, "--name: must be at most 64"},
		{[]string{"--version", strings.Repeat("v", api.MaxVersionLength+1)}, "--version: must be at most 32"},
		{[]string{"--url", "ftp://x.example/lumen.jar"}, "--file or --url value 3: must be an http(s) URL"},
		{[]string{"--remove-file", "nope.jar"}, "--remove-file"},
		{[]string{"--primary", "nope.jar"}, "--primary"},
		{[]string{"--platform", "bukkit2"}, "--platform value 1: must be one of"},
	} {
		r := c.run("", append([]string{"versions", "update", "lumen", "2.4.0"}, tc.args...)...)
		if r.code != ExitCancel || !strings.Contains(r.err, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 naming %s", tc.args, r.code, r.err, tc.want)
		}
	}
	r := c.run("", "versions", "create", "lumen", "--version", "9.9.9", "--name", long, "--channel", "beta", "--url", "https://x.example/a.jar")
	if r.code != ExitCancel || !strings.Contains(r.err, "--name: must be at most 64") {
		t.Errorf("create with a name over the limit: exit %d, %q", r.code, r.err)
	}
	if n := writes(c); n != 0 {
		t.Errorf("refused changes sent %d requests", n)
	}
}

// TestVersionsCreateInterrupted: Ctrl+C while the upload is under way
// ends with a report that says the version may or may not exist and how
// to check. The create is held at the server and cancelled once it is
// there, so it is surely under way.
func TestVersionsCreateInterrupted(t *testing.T) {
	t.Parallel()
	arrived := make(chan struct{})
	c := newCLIBehind(t, "alice", sandbox.Options{}, func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method != http.MethodPost {
				next.ServeHTTP(w, r)
				return
			}
			close(arrived)
			<-r.Context().Done()
		})
	})
	jar := writeTemp(t, t.TempDir(), "slow.jar", strings.Repeat("x", 1<<20))
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	go func() {
		<-arrived
		cancel()
	}()
	r := c.runCtx(ctx, "versions", "create", "--yes", "lumen", "--version", "3.3.0", "--name", "n", "--channel", "beta", "--file", jar)
	if r.code != ExitCancel {
		t.Fatalf("exit %d, want 2; stderr %q", r.code, r.err)
	}
	for _, want := range []string{"interrupted during the upload", "version 3.3.0 may or may not exist", "rdash versions get lumen 3.3.0"} {
		if !strings.Contains(r.err, want) {
			t.Errorf("report lacks %q: %q", want, r.err)
		}
	}
}
