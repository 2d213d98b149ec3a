package api_test

import (
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/hex"
	"errors"
	"io"
	"slices"
	"strconv"
	"strings"
	"testing"

	"rdash/api"
	"rdash/api/sandbox"
	"rdash/api/sandbox/sandboxtest"
)

// The client's read path against servers whose every silent choice is
// drawn from a seed (sandboxtest.Varied: the CI seeds, and
// RDASH_VARY_SEEDS), and against the default profile changed in one
// choice: listing, paging, get, download, errors and the bulk answer
// work, or say honestly what the server did not tell.

// oneChoice returns the default profile's choices changed by change, as
// Options for a named case.
func oneChoice(name string, change func(c *sandbox.Choices)) sandboxtest.Profile {
	c := sandbox.DefaultChoices()
	c.Name = name
	change(&c)
	return sandboxtest.Profile{Name: name, Options: sandbox.Options{Choices: &c}}
}

// readPathServers are the varied seeds and a server per value of each
// choice the read path meets.
func readPathServers(t *testing.T) []sandboxtest.Profile {
	out := sandboxtest.Varied(t)
	for _, s := range []int{301, 302, 303, 307, 308} {
		out = append(out, oneChoice("redirect-"+strconv.Itoa(s), func(c *sandbox.Choices) { c.RedirectStatus = s }))
	}
	for _, e := range []sandbox.ErrorBody{sandbox.ErrorNested, sandbox.ErrorMessage, sandbox.ErrorOAuth, sandbox.ErrorList,
		sandbox.ErrorProblem, sandbox.ErrorText, sandbox.ErrorEmpty} {
		out = append(out, oneChoice("errors-"+string(e), func(c *sandbox.Choices) { c.ErrorBody = e }))
	}
	for _, p := range []sandbox.Pagination{sandbox.PaginationNone, sandbox.PaginationMeta, sandbox.PaginationHeaders} {
		for _, e := range []sandbox.Envelope{sandbox.EnvelopeData, sandbox.EnvelopeMeta, sandbox.EnvelopeStatus} {
			out = append(out, oneChoice("pagination-"+string(p)+"-envelope-"+string(e), func(c *sandbox.Choices) { c.Pagination, c.Envelope = p, e }))
		}
	}
	for _, b := range []sandbox.BulkAnswer{sandbox.BulkAll, sandbox.BulkFirst, sandbox.BulkLast, sandbox.BulkEmpty, sandbox.BulkNoContent} {
		out = append(out, oneChoice("bulk-"+string(b), func(c *sandbox.Choices) { c.BulkAnswer = b }))
	}
	for _, silent := range []bool{true, false} {
		out = append(out, oneChoice("cap-20-silent-"+map[bool]string{true: "yes", false: "no"}[silent], func(c *sandbox.Choices) {
			c.MaxPageSize, c.SilentCap, c.DefaultPageSize, c.ValidationStatus = 20, silent, 10, 422
		}))
	}
	return out
}

func TestReadPathVaried(t *testing.T) {
	t.Parallel()
	for _, p := range readPathServers(t) {
		c := *p.Options.Choices
		t.Run(p.Name, func(t *testing.T) {
			t.Parallel()
			sandboxtest.Explain(t, p.Options)
			env := startSandbox(t, p.Options)
			alice, _ := env.as(t, "alice", nil)
			readList(t, alice, c)
			readOne(t, alice, c)
			bulkAnswered(t, alice, c)
		})
	}
}

// readList reads every version of emberforge-core, at rdash's page size
// and at the server's, and lumen's first page.
func readList(t *testing.T, client *api.Client, c sandbox.Choices) {
	t.Helper()
	ctx := t.Context()
	all, resp, err := client.ListAllVersions(ctx, "emberforge-core", nil)
	if err != nil || len(all) != coreVersions || resp.NextPage != 0 {
		t.Fatalf("ListAllVersions: %d versions, %v", len(all), err)
	}
	if byServer := listAll(t, client, "emberforge-core", api.ListVersionsOptions{}); len(byServer) != coreVersions {
		t.Errorf("paging at the server's page size: %d versions", len(byServer))
	}
	vs, resp, err := client.ListVersions(ctx, "lumen", nil)
	if err != nil || len(vs) != min(25, c.DefaultPageSize) {
		t.Fatalf("lumen's first page: %d versions, %v", len(vs), err)
	}
	first := map[bool]string{true: "2.4.0", false: "1.0.0"}[c.NewestFirst]
	total, hasTotal := resp.Total()
	switch {
	case vs[0].Version != first:
		t.Errorf("first version %s, want %s (the server's order)", vs[0].Version, first)
	case hasTotal != (c.Pagination == sandbox.PaginationBody) || hasTotal && total != 25:
		t.Errorf("Total() = %d, %v with pagination %s", total, hasTotal, c.Pagination)
	case (resp.NextPage == 2) != (len(vs) < 25 || !hasTotal):
		t.Errorf("NextPage = %d after %d of 25", resp.NextPage, len(vs))
	}
	invs, _, err := client.ListInvitations(ctx, "emberforge")
	if err != nil || !slices.ContainsFunc(invs, func(in api.Invitation) bool { return in.Username == "dave" }) {
		t.Errorf("ListInvitations = %v, %v", invs, err)
	}
}

// readOne gets a version, downloads its primary file and checks it by
// its strongest checksum, and reads the errors of a missing version.
func readOne(t *testing.T, client *api.Client, c sandbox.Choices) {
	t.Helper()
	ctx := t.Context()
	v, _, err := client.GetVersion(ctx, "lumen", "2.4.0")
	if err != nil || v.ID != "EEeBM181" || len(v.Files) == 0 {
		t.Fatalf("GetVersion = %+v, %v", v, err)
	}
	if byID, _, err := client.GetVersionByID(ctx, v.ID); err != nil || byID.ProjectID != "prjLumen" {
		t.Errorf("GetVersionByID = %+v, %v", byID, err)
	}
	rc, _, err := client.Download(ctx, "lumen", v.ID, "")
	if err != nil {
		t.Fatalf("Download: %v", err)
	}
	data, err := io.ReadAll(rc)
	rc.Close()
	sum, ok := v.Files[0].StrongestChecksum()
	if err != nil || !ok || sum.Hex != digest(sum.Algorithm, data) {
		t.Errorf("downloaded %d bytes (%v), checksum %+v %v does not match", len(data), err, sum, ok)
	}
	if u, _, err := client.DownloadURL(ctx, "lumen", v.ID, ""); err != nil || !strings.Contains(u.Path, "/files/") {
		t.Errorf("DownloadURL = %v, %v", u, err)
	}
	_, _, err = client.GetVersion(ctx, "lumen", "9.9.9")
	var ae *api.Error
	if !errors.Is(err, api.ErrNotFound) || !errors.As(err, &ae) {
		t.Fatalf("a missing version: %v", err)
	}
	if says := strings.Contains(ae.Message, `"9.9.9"`); says != (c.ErrorBody != sandbox.ErrorEmpty) {
		t.Errorf("%s errors: the message %q names the version: %v", c.ErrorBody, ae.Message, says)
	}
}

func digest(algorithm string, data []byte) string {
	switch algorithm {
	case "sha512":
		s := sha512.Sum512(data)
		return hex.EncodeToString(s[:])
	case "sha1":
		s := sha1.Sum(data)
		return hex.EncodeToString(s[:])
	}
	s := sha256.Sum256(data)
	return hex.EncodeToString(s[:])
}

// bulkAnswered edits two versions: whatever the server answers, both
// succeed, and each is either in the answer or named Unseen.
func bulkAnswered(t *testing.T, client *api.Client, c sandbox.Choices) {
	t.Helper()
	ids := []string{"EEeBM181", "e0tZCjLS"}
	res, err := client.UpdateVersions(t.Context(), "lumen", ids, &api.BulkPatch{Name: api.Ptr("Renamed")})
	if err != nil || !slices.Equal(res.Succeeded, ids) {
		t.Fatalf("UpdateVersions = %+v, %v", res, err)
	}
	var shown []string
	for _, v := range res.Versions {
		shown = append(shown, v.ID)
		if v.Name != "Renamed" {
			t.Errorf("the answer shows %s named %q", v.ID, v.Name)
		}
	}
	want := map[sandbox.BulkAnswer][]string{
		sandbox.BulkAll: ids, sandbox.BulkFirst: ids[:1], sandbox.BulkLast: ids[1:],
	}[c.BulkAnswer]
	if !slices.Equal(shown, want) || len(shown)+len(res.Unseen) != 2 || slices.ContainsFunc(res.Unseen, func(id string) bool { return slices.Contains(shown, id) }) {
		t.Errorf("%s: shown %v, unseen %v", c.BulkAnswer, shown, res.Unseen)
	}
}

// TestLargePageSizeRefused: a server whose largest page size is below
// LargePageSize, refused with its own status, is read at its default;
// a page size the caller demands stays refused, one it only prefers
// does not.
func TestLargePageSizeRefused(t *testing.T) {
	t.Parallel()
	p := oneChoice("cap-20", func(c *sandbox.Choices) {
		c.MaxPageSize, c.SilentCap, c.DefaultPageSize, c.ValidationStatus = 20, false, 20, 422
	})
	env := startSandbox(t, p.Options)
	alice, rt := env.as(t, "alice", nil)
	ctx := t.Context()
	all, _, err := alice.ListAllVersions(ctx, "emberforge-core", nil)
	if err != nil || len(all) != coreVersions {
		t.Fatalf("ListAllVersions: %d, %v", len(all), err)
	}
	if n := rt.n.Load(); n != coreVersions/20+1 { // 75 pages and the refused first ask
		t.Errorf("%d requests: the refused size was asked again past the first page", n)
	}
	rt.n.Store(0)
	if all, _, err = alice.ListAllVersions(ctx, "emberforge-core", nil); err != nil || len(all) != coreVersions {
		t.Fatalf("ListAllVersions again: %d, %v", len(all), err)
	}
	if n := rt.n.Load(); n != coreVersions/20 {
		t.Errorf("%d requests: the client asked the refused size again", n)
	}
	if _, _, err := alice.ListInvitations(ctx, "emberforge"); err != nil {
		t.Errorf("ListInvitations: %v", err)
	}
	if _, _, err := alice.ListVersions(ctx, "lumen", &api.ListVersionsOptions{PageSize: 50}); statusOf(err) != 422 {
		t.Errorf("a demanded page size of 50: %v, want the server's 422", err)
	}
	vs, _, err := alice.ListVersions(ctx, "lumen", &api.ListVersionsOptions{PageSize: 50, PageSizeOrDefault: true})
	if err != nil || len(vs) != 20 {
		t.Errorf("a preferred page size of 50: %d versions, %v", len(vs), err)
	}
}

// TestBulkSplitOnValidationStatus: a part refused for its size with 422
// (not 400) goes again as halves.
func TestBulkSplitOnValidationStatus(t *testing.T) {
	t.Parallel()
	p := oneChoice("ids-50", func(c *sandbox.Choices) { c.MaxBulkIDs, c.ValidationStatus = 50, 422 })
	env := startSandbox(t, p.Options)
	bob, _ := env.as(t, "bob", nil)
	vs, _, err := bob.ListVersions(t.Context(), "emberforge-core", &api.ListVersionsOptions{PageSize: 100})
	if err != nil {
		t.Fatal(err)
	}
	ids := make([]string, len(vs))
	for i, v := range vs {
		ids[i] = v.ID
	}
	res, err := bob.UpdateVersions(t.Context(), "emberforge-core", ids, &api.BulkPatch{Name: api.Ptr("Halved")})
	if err != nil || len(res.Succeeded) != 100 || res.Parts != 2 {
		t.Fatalf("UpdateVersions: %d succeeded in %d parts, %v", len(res.Succeeded), res.Parts, err)
	}
}
