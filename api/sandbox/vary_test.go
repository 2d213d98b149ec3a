package sandbox_test

import (
	"encoding/json"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"testing"

	"rdash/api/sandbox"
	"rdash/api/sandbox/sandboxtest"
)

// Each choice of sandbox.Choices over real HTTP: a server with the
// default profile's choices but one, which shows that one.

// with starts a sandbox serving the default profile's choices changed by
// change.
func with(t *testing.T, change func(c *sandbox.Choices)) *harness {
	t.Helper()
	c := sandbox.DefaultChoices()
	change(&c)
	return start(t, sandbox.Options{Choices: &c})
}

func TestDrawIsReplayable(t *testing.T) {
	t.Parallel()
	a, b := sandbox.Draw(7), sandbox.Draw(7)
	if !reflect.DeepEqual(a, b) || a.String() != b.String() {
		t.Fatalf("seed 7 drew twice differently:\n%s\n%s", a, b)
	}
	if reflect.DeepEqual(a, sandbox.Draw(8)) {
		t.Fatal("seeds 7 and 8 drew the same choices")
	}
	if !strings.HasPrefix(a.String(), "vary 7 lookup-first=") || a.Seed != 7 {
		t.Errorf("String = %q", a)
	}
	// Every field of Choices is printed, so a report names every choice
	// that could matter: Name and Seed as the prefix, the five size caps
	// on one line.
	if n, printed := reflect.TypeFor[sandbox.Choices]().NumField(), len(a.Fields()); printed != n-2-4 {
		t.Errorf("Fields prints %d choices of %d fields", printed, n)
	}
}

// TestVarySeedsCoverEveryValue: the seeds CI runs draw, together, every
// value of every choice that Draw draws (as the seeds 0 to 2,999 show
// them), so no value goes untested.
func TestVarySeedsCoverEveryValue(t *testing.T) {
	t.Parallel()
	all := map[string]bool{}
	for s := range uint64(3000) {
		for _, f := range sandbox.Draw(s).Fields() {
			all[f[0]+"="+f[1]] = true
		}
	}
	for _, s := range sandboxtest.VarySeeds {
		for _, f := range sandbox.Draw(s).Fields() {
			delete(all, f[0]+"="+f[1])
		}
	}
	if len(all) > 0 {
		t.Errorf("no CI seed draws %v: choose sandboxtest.VarySeeds again", all)
	}
	if len(sandboxtest.VarySeeds) < 8 {
		t.Errorf("%d CI seeds, want at least 8", len(sandboxtest.VarySeeds))
	}
}

func TestParseSeeds(t *testing.T) {
	t.Parallel()
	got, err := sandboxtest.ParseSeeds(" 7, 3-5,,12")
	if err != nil || !slices.Equal(got, []uint64{7, 3, 4, 5, 12}) {
		t.Fatalf("ParseSeeds = %v, %v", got, err)
	}
	for _, bad := range []string{"x", "5-3", "-1", "1-200000"} {
		if _, err := sandboxtest.ParseSeeds(bad); err == nil {
			t.Errorf("ParseSeeds(%q) took it", bad)
		}
	}
}

func TestChoicesRefused(t *testing.T) {
	t.Parallel()
	c := sandbox.DefaultChoices()
	if _, err := sandbox.New(sandbox.Options{Choices: &c, Strict: true}); err == nil {
		t.Error("Strict and Choices together were taken")
	}
	c.ErrorBody = "xml"
	if _, err := sandbox.New(sandbox.Options{Choices: &c}); err == nil || !strings.Contains(err.Error(), "xml") {
		t.Errorf("an unknown error body: %v", err)
	}
	c = sandbox.DefaultChoices()
	c.PKCE = false
	if _, err := sandbox.New(sandbox.Options{Choices: &c, RequirePKCE: true}); err == nil {
		t.Error("RequirePKCE beside pkce=false was taken")
	}
}

// TestLookupFirst: a server that looks the project or organization up
// before it checks the token answers a request without one for a missing
// project 404; the default checks the token first (401). A present
// project is 401 either way.
func TestLookupFirst(t *testing.T) {
	t.Parallel()
	for _, first := range []bool{false, true} {
		h := with(t, func(c *sandbox.Choices) { c.LookupFirst, c.ReadsNeedToken = first, true })
		missing := map[bool]int{false: 401, true: 404}[first]
		for _, r := range []struct{ method, path string }{
			{"GET", "/orgs/rdash-token-check/invitations"},
			{"DELETE", "/orgs/nowhere/invitations/dave"},
			{"GET", "/projects/nowhere/versions"},
			{"GET", "/projects/lumen/versions/9.9.9"},
			{"PATCH", "/projects/nowhere/versions?ids=EEeBM181"},
			{"DELETE", "/projects/lumen/versions/9.9.9"},
			{"GET", "/versions/nowhere0"},
			{"GET", "/users/nobody"},
		} {
			h.do(t, r.method, r.path, "", nil).want(t, missing)
		}
		h.do(t, "GET", "/orgs/emberforge/invitations", "", nil).want(t, 401)
		h.do(t, "GET", "/projects/lumen/versions/2.4.0", "", nil).want(t, 401)
	}
}

// TestNotShownAnswers: where the document shows no body, each reading.
func TestNotShownAnswers(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		answer            sandbox.NotShown
		post, patch, del  int
		postBody, delBody string
	}{
		{sandbox.NotShownEcho, 201, 200, 204, `"data"`, ""},
		{sandbox.NotShownBare, 200, 200, 200, "", ""},
		{sandbox.NotShownNoContent, 204, 204, 204, "", ""},
		{sandbox.NotShownEmptyObject, 200, 200, 200, "{}", "{}"},
	} {
		h := with(t, func(c *sandbox.Choices) { c.NotShown = tc.answer })
		alice, dave := h.token(t, "alice"), h.token(t, "dave")
		post := h.do(t, "POST", "/orgs/emberforge/invitations", alice, jsonBody(t, map[string]any{"invitee": "erin"})).want(t, tc.post)
		h.do(t, "PATCH", "/orgs/emberforge/invitations/dave", dave, nil).want(t, tc.patch)
		del := h.do(t, "DELETE", "/projects/lumen/versions/2.4.0", alice, nil).want(t, tc.del)
		if !strings.Contains(string(post.body), tc.postBody) || strings.TrimSpace(string(del.body)) != tc.delBody {
			t.Errorf("%s: POST answered %q, DELETE %q", tc.answer, post.body, del.body)
		}
	}
}

// TestEnvelopeAndPagination: what goes beside "data", and where a list's
// metadata goes.
func TestEnvelopeAndPagination(t *testing.T) {
	t.Parallel()
	for _, env := range []sandbox.Envelope{sandbox.EnvelopeData, sandbox.EnvelopeMeta, sandbox.EnvelopeStatus} {
		for _, pg := range []sandbox.Pagination{sandbox.PaginationNone, sandbox.PaginationBody, sandbox.PaginationMeta, sandbox.PaginationHeaders} {
			h := with(t, func(c *sandbox.Choices) { c.Envelope, c.Pagination = env, pg })
			r := h.do(t, "GET", "/projects/lumen/versions?page=2&page_size=10", "", nil).want(t, 200)
			var body map[string]json.RawMessage
			if err := json.Unmarshal(r.body, &body); err != nil || body["data"] == nil {
				t.Fatalf("%s/%s: %s", env, pg, r.body)
			}
			meta := string(body["meta"])
			checks := map[string]bool{
				"pagination in the body": body["pagination"] != nil == (pg == sandbox.PaginationBody),
				"total in meta":          strings.Contains(meta, `"total_count":25`) == (pg == sandbox.PaginationMeta),
				"request ID in meta":     strings.Contains(meta, `"request_id"`) == (env == sandbox.EnvelopeMeta),
				"status":                 (string(body["status"]) == `"success"` && string(body["error"]) == "null") == (env == sandbox.EnvelopeStatus),
				"X-Total-Count":          (r.header.Get("X-Total-Count") == "25") == (pg == sandbox.PaginationHeaders),
				"Link":                   strings.Contains(r.header.Get("Link"), `page=3&page_size=10>; rel="next"`) == (pg == sandbox.PaginationHeaders),
			}
			for what, ok := range checks {
				if !ok {
					t.Errorf("%s/%s: %s wrong: %s %v", env, pg, what, r.body, r.header)
				}
			}
		}
	}
}

// TestPageCaps: beyond the largest page size, a refusal or a page cut
// to it without a word; the default page size.
func TestPageCaps(t *testing.T) {
	t.Parallel()
	cut := with(t, func(c *sandbox.Choices) { c.MaxPageSize, c.SilentCap, c.DefaultPageSize = 20, true, 10 })
	vs, pg := cut.list(t, "emberforge-core", "page_size=100")
	if len(vs) != 20 || pg.PageSize != 20 || pg.Total != 1500 {
		t.Errorf("a silent cut: %d versions, %+v", len(vs), pg)
	}
	if vs, _ = cut.list(t, "emberforge-core", ""); len(vs) != 10 {
		t.Errorf("default page: %d versions", len(vs))
	}
	refuse := with(t, func(c *sandbox.Choices) {
		c.MaxPageSize, c.SilentCap, c.ValidationStatus, c.DefaultPageSize = 20, false, 422, 10
	})
	refuse.do(t, "GET", "/projects/lumen/versions?page_size=21", "", nil).wantError(t, 422, "page_size", "20")
}

// TestErrorBodies: each error shape carries the message, but the empty one.
func TestErrorBodies(t *testing.T) {
	t.Parallel()
	for shape, want := range map[sandbox.ErrorBody]string{
		sandbox.ErrorNested:  `{"error":{"code":"not_found","message":"no project \"nowhere\""}}`,
		sandbox.ErrorMessage: `{"message":"no project \"nowhere\"","status":404}`,
		sandbox.ErrorOAuth:   `{"error":"not_found","error_description":"no project \"nowhere\""}`,
		sandbox.ErrorList:    `{"errors":[{"code":"not_found","message":"no project \"nowhere\""}]}`,
		sandbox.ErrorProblem: `{"type":"about:blank","title":"Not Found","status":404,"detail":"no project \"nowhere\""}`,
		sandbox.ErrorText:    `no project "nowhere"`,
		sandbox.ErrorEmpty:   ``,
	} {
		h := with(t, func(c *sandbox.Choices) { c.ErrorBody = shape })
		r := h.do(t, "GET", "/projects/nowhere/versions", "", nil).want(t, 404)
		if got := strings.TrimSpace(string(r.body)); got != want {
			t.Errorf("%s: %s, want %s", shape, got, want)
		}
		if shape == sandbox.ErrorProblem && r.header.Get("Content-Type") != "application/problem+json" {
			t.Errorf("problem: Content-Type %q", r.header.Get("Content-Type"))
		}
	}
}

// TestBulkAnswers: what a bulk PATCH answers.
func TestBulkAnswers(t *testing.T) {
	t.Parallel()
	for answer, want := range map[sandbox.BulkAnswer]string{
		sandbox.BulkAll: `[`, sandbox.BulkFirst: `"EEeBM181"`, sandbox.BulkLast: `"e0tZCjLS"`, sandbox.BulkEmpty: "", sandbox.BulkNoContent: "",
	} {
		h := with(t, func(c *sandbox.Choices) { c.BulkAnswer = answer })
		status := map[bool]int{true: 204, false: 200}[answer == sandbox.BulkNoContent]
		r := h.do(t, "PATCH", "/projects/lumen/versions?ids=EEeBM181,e0tZCjLS", h.token(t, "alice"),
			jsonBody(t, map[string]any{"name": "Renamed"})).want(t, status)
		var got string
		if len(r.body) > 0 {
			var env map[string]json.RawMessage
			json.Unmarshal(r.body, &env)
			got = string(env["data"])
		}
		if !strings.Contains(got, want) || want == "" && got != "" ||
			answer == sandbox.BulkFirst && strings.Contains(got, "e0tZCjLS") || answer == sandbox.BulkLast && strings.Contains(got, "EEeBM181") {
			t.Errorf("%s: answered %s", answer, r.body)
		}
		if v := h.version(t, "lumen", "e0tZCjLS"); v.Name != "Renamed" {
			t.Errorf("%s: the change was not made", answer)
		}
	}
}

// TestRedirectStatus: the download's redirect.
func TestRedirectStatus(t *testing.T) {
	t.Parallel()
	for _, status := range []int{301, 302, 303, 307, 308} {
		h := with(t, func(c *sandbox.Choices) { c.RedirectStatus = status })
		r := h.do(t, "GET", "/projects/lumen/versions/2.4.0/download", "", nil).want(t, status)
		if !strings.Contains(r.header.Get("Location"), "/files/") {
			t.Errorf("%d to %q", status, r.header.Get("Location"))
		}
	}
}

// TestUsersRoutes: /users/{userId} and its projects, both, one or none.
func TestUsersRoutes(t *testing.T) {
	t.Parallel()
	for users, want := range map[sandbox.Users][2]int{
		sandbox.UsersAll: {200, 200}, sandbox.UsersMe: {200, 404}, sandbox.UsersNone: {404, 404},
	} {
		h := with(t, func(c *sandbox.Choices) { c.Users = users })
		tok := h.token(t, "alice")
		h.do(t, "GET", "/users/@me", tok, nil).want(t, want[0])
		h.do(t, "GET", "/users/@me/projects", tok, nil).want(t, want[1])
	}
}

// TestUpdateFiles: data.files of an update as the whole list or as
// additions, and which file becomes primary. lumen 1.5.0 has
// lumen-1.5.0.jar (primary) and lumen-1.5.0-sources.jar.
func TestUpdateFiles(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		files   sandbox.UpdateFiles
		primary sandbox.Primary
		want    string // the files afterwards, primary first
	}{
		{sandbox.FilesWhole, sandbox.PrimaryFirst, "lumen-1.5.0-sources.jar,new.jar"},
		{sandbox.FilesWhole, sandbox.PrimaryLast, "new.jar,lumen-1.5.0-sources.jar"},
		{sandbox.FilesWhole, sandbox.PrimaryKept, "lumen-1.5.0-sources.jar,new.jar"},
		{sandbox.FilesAdditions, sandbox.PrimaryFirst, "lumen-1.5.0-sources.jar,lumen-1.5.0.jar,new.jar"},
		{sandbox.FilesAdditions, sandbox.PrimaryKept, "lumen-1.5.0.jar,lumen-1.5.0-sources.jar,new.jar"},
		{sandbox.FilesAdditions, sandbox.PrimaryLast, "new.jar,lumen-1.5.0.jar,lumen-1.5.0-sources.jar"},
	} {
		h := with(t, func(c *sandbox.Choices) { c.UpdateFiles, c.Primary = tc.files, tc.primary })
		var v struct {
			Files []struct {
				Name      string `json:"name"`
				IsPrimary bool   `json:"is_primary"`
			} `json:"files"`
		}
		h.do(t, "PATCH", "/projects/lumen/versions/1.5.0", h.token(t, "alice"),
			multipartBody(t, map[string]any{"files": []string{"lumen-1.5.0-sources.jar", "new.jar"}}, upload{key: "new.jar", content: "new"})).
			want(t, 200).data(t, &v)
		var names []string
		for i, f := range v.Files {
			names = append(names, f.Name)
			if f.IsPrimary != (i == 0) {
				t.Errorf("%s/%s: %s is_primary %v", tc.files, tc.primary, f.Name, f.IsPrimary)
			}
		}
		if got := strings.Join(names, ","); got != tc.want {
			t.Errorf("%s/%s: files %s, want %s", tc.files, tc.primary, got, tc.want)
		}
	}
}

// TestOwnIDsAccepted: a server whose IDs hold - and _ takes them in ids
// under its own rules too.
func TestOwnIDsAccepted(t *testing.T) {
	t.Parallel()
	h := with(t, func(c *sandbox.Choices) { c.IDChars += "-_" })
	var vs []struct{ ID string }
	h.do(t, "GET", "/projects/emberforge-core/versions?page_size=100", "", nil).want(t, 200).data(t, &vs)
	i := slices.IndexFunc(vs, func(v struct{ ID string }) bool { return strings.ContainsAny(v.ID, "-_") })
	if i < 0 {
		t.Fatal("no ID with - or _ among 100")
	}
	h.do(t, "PATCH", "/projects/emberforge-core/versions?ids="+vs[i].ID, h.token(t, "bob"),
		jsonBody(t, map[string]any{"name": "Odd"})).want(t, http.StatusOK)
}
