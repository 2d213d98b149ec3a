package cmd

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"rdash/api"
	"rdash/api/sandbox"
	"rdash/api/sandbox/sandboxtest"
	"rdash/internal/bulk"
)

// listedVersions is versions list --json as the tests read it.
type listedVersions = listJSON[api.Version]

func listIDs(t *testing.T, c *cli, project string, args ...string) []api.Version {
	t.Helper()
	var out listedVersions
	if err := json.Unmarshal([]byte(c.ok(append([]string{"versions", "list", project, "--json"}, args...)...)), &out); err != nil {
		t.Fatal(err)
	}
	return out.Items
}

func TestVersionsListFiltersAndPages(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	var out listedVersions
	raw := c.ok("versions", "list", "emberforge-core", "--channel", "beta", "--page", "2", "--page-size", "30", "--json")
	if err := json.Unmarshal([]byte(raw), &out); err != nil {
		t.Fatal(err)
	}
	if len(out.Items) != 30 || out.Page == nil || *out.Page != 2 || out.NextPage == nil || *out.NextPage != 3 {
		t.Fatalf("got %d versions, page %v, next %v", len(out.Items), out.Page, out.NextPage)
	}
	for _, v := range out.Items {
		if v.Channel.Slug != "beta" {
			t.Fatalf("version %s is in channel %s", v.ID, v.Channel.Slug)
		}
	}
	plain := c.ok("versions", "list", "lumen")
	if lines := strings.Split(strings.TrimSpace(plain), "\n"); len(lines) < 2 || !strings.Contains(lines[0], "\t") {
		t.Fatalf("piped output is not tab-separated rows:\n%s", plain)
	}
}

func TestVersionsGetStripsEscapes(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	for _, v := range listIDs(t, c, "lumen", "--page-size", "100") {
		out := c.ok("versions", "get", "lumen", v.ID)
		if strings.ContainsAny(out, "\x1b\x07\u009b") {
			t.Fatalf("versions get %s printed a control character:\n%q", v.Version, out)
		}
		if !strings.Contains(out, "version:") || !strings.Contains(out, v.Version) {
			t.Fatalf("versions get %s:\n%s", v.Version, out)
		}
	}
}

func TestVersionsEditRejectsBeforeSending(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"replace and add", []string{"--set-platforms", "paper", "--add-platform", "folia"}, "--set-platforms: a --set-… flag cannot be combined"},
		{"bad platform", []string{"--add-platform", "bedrock"}, "--add-platform value 1: must be one of"},
		{"bad dependency id", []string{"--add-dependency", "required:project:short"}, "dependencies[0].project_id"},
		{"bad dependency kind", []string{"--add-dependency", "required:repo:AbCd1234"}, "KIND must be version, project or name"},
		{"nothing", nil, "nothing to change"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := c.run("", append([]string{"versions", "edit", "lumen", "--ids", "AAAAAAAA", "--yes"}, tt.args...)...)
			if r.code != ExitCancel || !strings.Contains(r.err, tt.want) {
				t.Fatalf("exit %d, stderr %q; want exit 2 and %q", r.code, r.err, tt.want)
			}
		})
	}
	// Refused by the one check, before anything was read or sent.
	for _, class := range []sandbox.RouteClass{sandbox.ClassRead, sandbox.ClassBulk, sandbox.ClassWrite} {
		if n := c.srv.InFlight(class).Total; n != 0 {
			t.Errorf("%d %s requests reached the sandbox for edits refused before sending", n, class)
		}
	}
}

func TestVersionsEditDryRunThenApplyThenUndo(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	vs := listIDs(t, c, "lumen", "--page-size", "3")
	ids := []string{vs[0].ID, vs[1].ID, vs[2].ID}
	args := []string{"versions", "edit", "lumen", "--ids", strings.Join(ids, ","), "--add-game-version", "1.99", "--json"}

	var dry bulkJSON
	if err := json.Unmarshal([]byte(c.ok(append(args, "--dry-run")...)), &dry); err != nil {
		t.Fatal(err)
	}
	if dry.Applied || len(dry.Preview) != 3 || dry.Preview[0].Changes[0].Field != "game_versions" {
		t.Fatalf("dry run = %+v", dry)
	}
	if got := listIDs(t, c, "lumen", "--game-version", "1.99"); len(got) != 0 {
		t.Fatalf("dry run changed %d versions", len(got))
	}
	if r := c.run("", args...); r.code != ExitCancel || !strings.Contains(r.err, "--yes") {
		t.Fatalf("without a terminal and --yes: exit %d %q", r.code, r.err)
	}
	var applied bulkJSON
	if err := json.Unmarshal([]byte(c.ok(append(args, "--yes")...)), &applied); err != nil {
		t.Fatal(err)
	}
	if !applied.Applied || len(applied.Outcomes) != 3 || applied.Outcomes[0].Status != "updated" {
		t.Fatalf("apply = %+v", applied)
	}
	if got := listIDs(t, c, "lumen", "--game-version", "1.99"); len(got) != 3 {
		t.Fatalf("after apply %d versions have 1.99, want 3", len(got))
	}
	c.ok("versions", "undo", "lumen", "--yes")
	for i, v := range listIDs(t, c, "lumen", "--page-size", "3") {
		if !slices.Equal(v.MinecraftVersions, vs[i].MinecraftVersions) {
			t.Fatalf("undo left %s with %v, want %v", v.ID, v.MinecraftVersions, vs[i].MinecraftVersions)
		}
	}
	// An undo is not offered as the last edit: a second undo does not redo.
	if r := c.run("", "versions", "undo", "lumen", "--yes"); r.code == 0 || !strings.Contains(r.err, "nothing to undo") {
		t.Fatalf("second undo: exit %d\n%s\n%s", r.code, r.out, r.err)
	}
	if got := listIDs(t, c, "lumen", "--game-version", "1.99"); len(got) != 0 {
		t.Fatalf("after a second undo %d versions have 1.99, want 0", len(got))
	}
}

func TestVersionsDeleteNeedsYesAndKeepsRecord(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	v := listIDs(t, c, "lumen", "--page-size", "1")[0]
	if r := c.run("", "versions", "delete", "lumen", "--ids", v.ID); r.code != ExitCancel {
		t.Fatalf("delete without --yes and terminal: exit %d", r.code)
	}
	if got := c.ok("versions", "get", "lumen", v.ID); !strings.Contains(got, v.ID) {
		t.Fatal("refused delete deleted anyway")
	}
	r := c.run("", "versions", "delete", "lumen", "--ids", v.ID, "--yes")
	if r.code != 0 || !strings.Contains(r.err, "cannot be undone") || !strings.Contains(r.out, "deleted") {
		t.Fatalf("delete: exit %d\n%s\n%s", r.code, r.out, r.err)
	}
	if r := c.run("", "versions", "get", "lumen", v.ID); r.code != ExitFailure {
		t.Fatalf("get after delete: exit %d", r.code)
	}
}

func TestVersionsEditForbiddenForCarolOnUserProject(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "carol", sandbox.Options{})
	v := listIDs(t, c, "lumen", "--page-size", "1")[0]
	r := c.run("", "versions", "edit", "lumen", "--ids", v.ID, "--name", "x", "--yes")
	if r.code != ExitFailure || !strings.Contains(r.out, "not applied") {
		t.Fatalf("exit %d\nstdout %s\nstderr %s", r.code, r.out, r.err)
	}
}

func TestVersionsEditRefusesWhatTheServiceWould(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	var target *api.Version
	for _, v := range listIDs(t, c, "lumen", "--page-size", "100") {
		for _, d := range v.Dependencies {
			if d.ProjectID != "" && d.Type == "required" {
				target = &v
			}
		}
	}
	if target == nil {
		t.Fatal("the seed has no lumen version with a required project dependency")
	}
	var dep api.Dependency
	for _, d := range target.Dependencies {
		if d.ProjectID != "" && d.Type == "required" {
			dep = d
		}
	}
	r := c.run("", "versions", "edit", "lumen", "--ids", target.ID, "--add-dependency", "optional:project:"+dep.ProjectID, "--yes")
	if r.code != ExitCancel || !strings.Contains(r.out, "✗ dependencies:") || !strings.Contains(r.err, "nothing was sent") {
		t.Fatalf("exit %d\nstdout %s\nstderr %s", r.code, r.out, r.err)
	}
	// Removing the required one in the same edit retypes it.
	c.ok("versions", "edit", "lumen", "--ids", target.ID, "--add-dependency", "optional:project:"+dep.ProjectID,
		"--remove-dependency", "required:project:"+dep.ProjectID, "--yes")
}

func TestReadsWorkWithoutSigningIn(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "", sandbox.Options{})
	if vs := listIDs(t, c, "lumen", "--page-size", "2"); len(vs) != 2 {
		t.Fatalf("anonymous list gave %d versions", len(vs))
	}
	if out := c.ok("versions", "get", "lumen", "2.4.0"); !strings.Contains(out, "2.4.0") {
		t.Fatalf("anonymous get:\n%s", out)
	}
	r := c.run("", "versions", "edit", "lumen", "--ids", "EEeBM181", "--name", "x", "--yes")
	if r.code != ExitAuth {
		t.Fatalf("an anonymous edit: exit %d %q, want 4 (sign in)", r.code, r.err)
	}
}

// TestEditChannelBySlugThenUndoRestores is issue 10's first report: a move
// to a channel none of the selected versions is in, named by slug, then an
// undo, must put the version back in its channel.
func TestEditChannelBySlugThenUndoRestores(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	before := c.ok("versions", "get", "lumen", "Az1gaM3w")
	if !strings.Contains(before, "(release)") {
		t.Fatalf("the seed moved 1.5.0 out of release:\n%s", before)
	}
	c.ok("versions", "edit", "lumen", "--ids", "Az1gaM3w", "--channel", "snapshot", "--yes")
	if got := c.ok("versions", "get", "lumen", "Az1gaM3w"); !strings.Contains(got, "(snapshot)") {
		t.Fatalf("after the edit:\n%s", got)
	}
	r := c.run("", "versions", "undo", "lumen", "--yes")
	if r.code != 0 || strings.Contains(r.out, "left as is") {
		t.Fatalf("undo: exit %d\n%s\n%s", r.code, r.out, r.err)
	}
	if got := c.ok("versions", "get", "lumen", "Az1gaM3w"); got != before {
		t.Fatalf("after the undo:\n%s\nwant:\n%s", got, before)
	}
}

// TestEditUnknownChannelRefusedBeforeSending: a channel the server refuses
// as a filter is refused before anything is sent, naming the channels
// seen.
func TestEditUnknownChannelRefusedBeforeSending(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	r := c.run("", "versions", "edit", "lumen", "--ids", "Az1gaM3w", "--channel", "nightly", "--yes")
	if r.code != ExitCancel || !strings.Contains(r.err, "--channel") || !strings.Contains(r.err, "seen: beta, release, snapshot") {
		t.Fatalf("exit %d\n%s\n%s", r.code, r.out, r.err)
	}
	if strings.Contains(r.err, "retry") {
		t.Errorf("a retry cannot help with an unknown channel:\n%s", r.err)
	}
	if des, _ := os.ReadDir(bulk.JournalDir(c.env["RDASH_STATE_DIR"])); len(des) != 0 {
		t.Errorf("%d journal entries for a refused edit", len(des))
	}
}

func TestVersionsListRefusesPageZero(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "", sandbox.Options{})
	for _, args := range [][]string{{"--page", "0"}, {"--page", "-3"}, {"--page-size", "-1"}} {
		r := c.run("", append([]string{"versions", "list", "lumen"}, args...)...)
		if r.code != ExitCancel || !strings.Contains(r.err, args[0]) || r.out != "" {
			t.Errorf("%v: exit %d, stderr %q, stdout %q; want exit 2 naming %s", args, r.code, r.err, r.out, args[0])
		}
	}
}

// TestTenThousandUnknownIDsMakeOneShortLine: the error counts them and
// names a few, instead of printing every one.
func TestTenThousandUnknownIDsMakeOneShortLine(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	ids := make([]string, 10000)
	for i := range ids {
		ids[i] = fmt.Sprintf("Zz%06d", i)
	}
	r := c.run("", "versions", "edit", "lumen", "--ids", strings.Join(ids, ","), "--name", "x", "--yes")
	if r.code == 0 || len(r.err) > 300 || strings.Count(r.err, "\n") != 1 || !strings.Contains(r.err, "10000 of the IDs") ||
		!strings.Contains(r.err, "Zz000000") {
		t.Fatalf("exit %d, %d bytes of stderr: %.400s", r.code, len(r.err), r.err)
	}
}

// TestRetryIsOfferedOnlyWhenItCanHelp: a token without the update scope is
// refused for every version, and a retry cannot change that.
func TestRetryIsOfferedOnlyWhenItCanHelp(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	tok, err := c.srv.MintToken("alice", "user:read", "project:read")
	if err != nil {
		t.Fatal(err)
	}
	c.env["RDASH_TOKEN"] = tok
	r := c.run("", "versions", "edit", "lumen", "--ids", "Az1gaM3w", "--name", "x", "--yes")
	if r.code != ExitFailure || strings.Contains(r.err, "retry") || !strings.Contains(r.err, "will not help") {
		t.Fatalf("exit %d\n%s\n%s", r.code, r.out, r.err)
	}
}

// TestUndoWithNothingToRestoreMovesOn: an edit whose fields all changed
// since is done with after one undo, so the next undo reaches the edit
// before it instead of finding the same one again.
func TestUndoWithNothingToRestoreMovesOn(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	vs := listIDs(t, c, "lumen", "--page-size", "2")
	c.ok("versions", "edit", "lumen", "--ids", vs[0].ID, "--name", "First", "--yes")
	c.ok("versions", "edit", "lumen", "--ids", vs[1].ID, "--name", "Second", "--yes")
	colleague, err := api.New(c.env["RDASH_BASE_URL"], api.WithHTTPClient(&http.Client{Transport: sandboxtest.Bearer{Token: c.env["RDASH_TOKEN"]}}))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := colleague.UpdateVersions(t.Context(), "lumen", []string{vs[1].ID}, &api.BulkPatch{Name: api.Ptr("Colleague")}); err != nil {
		t.Fatal(err)
	}
	if out := c.ok("versions", "undo", "lumen", "--yes"); !strings.Contains(out, "Nothing to restore") || !strings.Contains(out, "left as is") {
		t.Fatalf("first undo:\n%s", out)
	}
	c.ok("versions", "undo", "lumen", "--yes")
	got := listIDs(t, c, "lumen", "--page-size", "2")
	if got[0].Name != vs[0].Name || got[1].Name != "Colleague" {
		t.Fatalf("names %q, %q; want %q restored and the colleague's kept", got[0].Name, got[1].Name, vs[0].Name)
	}
}

func TestVersionsListPipedSaysThereIsMoreAndDatesAreAbsolute(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	r := c.run("", "versions", "list", "emberforge-core", "--page-size", "10")
	if r.code != 0 || !strings.Contains(r.err, "--all lists every page") || !strings.Contains(r.err, "next: --page 2") {
		t.Fatalf("piped page 1: %d, stderr %q", r.code, r.err)
	}
	if strings.Contains(r.out, " ago") || !regexp.MustCompile(`\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ`).MatchString(r.out) {
		t.Fatalf("piped dates are not ISO 8601:\n%s", r.out)
	}
	one := c.run("", "versions", "list", "lumen", "--page-size", "100")
	all := c.run("", "versions", "list", "lumen", "--all", "--page-size", "10")
	if all.code != 0 || strings.Contains(all.err, "--all lists") || all.out != one.out {
		t.Fatalf("--all by tens differs from one page of 100 (stderr %q):\n%s\n---\n%s", all.err, all.out, one.out)
	}
	js := c.run("", "versions", "list", "lumen", "--all", "--page-size", "10", "--json")
	var got listedVersions
	if err := json.Unmarshal([]byte(js.out), &got); js.code != 0 || err != nil || got.NextPage != nil || len(got.Items) != strings.Count(one.out, "\n") {
		t.Fatalf("--all --json: exit %d, err %v, next %v, %d versions; want every one of %d", js.code, err, got.NextPage, len(got.Items), strings.Count(one.out, "\n"))
	}
}

// TestVersionsListAllSaysWhereItStopped: --all reads at most api.MaxPages
// pages; a list longer than that is printed as far as it was read, and
// the exit code and standard error say it is not every version, and
// where the rest starts, in text and in JSON.
func TestVersionsListAllSaysWhereItStopped(t *testing.T) {
	t.Parallel()
	c := newCLI(t, "alice", sandbox.Options{})
	// emberforge-core has 1,500 versions: at one a page, more pages than --all reads.
	r := c.run("", "versions", "list", "emberforge-core", "--all", "--page-size", "1")
	want := fmt.Sprintf("--all stopped after 1,000 pages, the most it reads, before the list's end: "+
		"the versions printed are not all of them; the rest from --page %d --all", api.MaxPages+1)
	if r.code != 1 || !strings.Contains(r.err, want) || strings.Contains(r.err, "--all lists every page") {
		t.Fatalf("exit %d, stderr %q; want 1 and %q", r.code, r.err, want)
	}
	if n := strings.Count(r.out, "\n"); n != api.MaxPages {
		t.Fatalf("%d versions printed, want the %d read", n, api.MaxPages)
	}
	js := c.run("", "versions", "list", "emberforge-core", "--all", "--page-size", "1", "--json", "id")
	var got listedVersions
	if err := json.Unmarshal([]byte(js.out), &got); js.code != 1 || err != nil || got.NextPage == nil || *got.NextPage != api.MaxPages+1 || len(got.Items) != api.MaxPages {
		t.Fatalf("--json: exit %d, %v, next %v, %d items", js.code, err, got.NextPage, len(got.Items))
	}
}
