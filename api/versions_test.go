package api_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"rdash/api"
)

func TestListVersionsQuery(t *testing.T) {
	t.Parallel()
	var got *http.Request
	ts := newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
		got = r
		writeJSON(w, http.StatusOK, `{"data":[]}`)
	})
	opts := &api.ListVersionsOptions{Page: 2, PageSize: 50, Channels: []string{"release", "beta"},
		MinecraftVersions: []string{"1.20.4", "1.21"}, Search: "lumen & co"}
	if _, _, err := newTestClient(t, ts).ListVersions(t.Context(), "a/b c", opts); err != nil {
		t.Fatal(err)
	}
	if p := got.URL.EscapedPath(); p != "/api/v1/projects/a%2Fb%20c/versions" {
		t.Errorf("path = %s, want the ID escaped as one segment", p)
	}
	q := got.URL.Query()
	want := map[string][]string{"page": {"2"}, "page_size": {"50"}, "channel": {"release", "beta"},
		"minecraft_version": {"1.20.4", "1.21"}, "search": {"lumen & co"}}
	for k, v := range want {
		if !slices.Equal(q[k], v) {
			t.Errorf("%s = %q, want %q", k, q[k], v)
		}
	}
	if got.Header.Get("User-Agent") != api.DefaultUserAgent || got.Header.Get("Accept") != "application/json" {
		t.Errorf("headers = %v", got.Header)
	}
}

func TestEnvelopes(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		body string
		n    int
	}{
		"envelope":           {`{"data":[` + versionJSON + `,` + versionJSON + `]}`, 2},
		"bare array":         {`[` + versionJSON + `]`, 1},
		"single in envelope": {`{"data":` + versionJSON + `}`, 1},
		"bare single":        {versionJSON, 1},
		"null data":          {`{"data":null}`, 0},
		"empty list":         {`{"data":[],"pagination":{"page":9,"page_size":25,"total":3}}`, 0},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ts := newTestServer(t, func(w http.ResponseWriter, r *http.Request) { writeJSON(w, http.StatusOK, tc.body) })
			c := newTestClient(t, ts)
			versions, _, err := c.ListVersions(t.Context(), "lumen", nil)
			if err != nil || len(versions) != tc.n {
				t.Fatalf("ListVersions = %d versions, %v; want %d", len(versions), err, tc.n)
			}
			// Bulk PATCH reads its answer the same way: an array or one object.
			res, err := c.UpdateVersions(t.Context(), "lumen", []string{"AbCd1234"}, &api.BulkPatch{Name: api.Ptr("x")})
			if err != nil || len(res.Versions) != tc.n {
				t.Fatalf("UpdateVersions = %+v, %v; want %d versions", res, err, tc.n)
			}
			if tc.n > 0 && (versions[0].ID != "AbCd1234" || res.Versions[0].Channel.Slug != "release") {
				t.Errorf("decoded %+v", versions[0])
			}
		})
	}
}

func TestGetOneEnvelopes(t *testing.T) {
	t.Parallel()
	for _, body := range []string{`{"data":` + versionJSON + `}`, versionJSON} {
		ts := newTestServer(t, func(w http.ResponseWriter, r *http.Request) { writeJSON(w, http.StatusOK, body) })
		v, _, err := newTestClient(t, ts).GetVersion(t.Context(), "lumen", "1.0.0")
		if err != nil || v.ID != "AbCd1234" || len(v.Files) != 1 || v.Files[0].Size != 10 {
			t.Errorf("GetVersion(%.20s…) = %+v, %v", body, v, err)
		}
	}
	for _, body := range []string{`{"data":null}`, ``} {
		ts := newTestServer(t, func(w http.ResponseWriter, r *http.Request) { writeJSON(w, http.StatusOK, body) })
		if _, _, err := newTestClient(t, ts).GetVersionByID(t.Context(), "AbCd1234"); err == nil {
			t.Errorf("GetVersionByID(%q) succeeded without data", body)
		}
	}
}

func TestPagination(t *testing.T) {
	t.Parallel()
	page := func(n int) string {
		return `[` + strings.TrimSuffix(strings.Repeat(versionJSON+",", n), ",") + `]`
	}
	cases := []struct {
		name     string
		body     string
		opts     *api.ListVersionsOptions
		wantPage *api.Pagination
		next     int
		total    int // -1: not known
	}{
		{"first of three", `{"data":` + page(25) + `,"pagination":{"page":1,"page_size":25,"total":60}}`, nil, &api.Pagination{Page: 1, PageSize: 25, Total: 60}, 2, 60},
		{"last", `{"data":` + page(10) + `,"pagination":{"page":3,"page_size":25,"total":60}}`, &api.ListVersionsOptions{Page: 3}, &api.Pagination{Page: 3, PageSize: 25, Total: 60}, 0, 60},
		{"exactly full last", `{"data":` + page(5) + `,"pagination":{"page":2,"page_size":5,"total":10}}`, &api.ListVersionsOptions{Page: 2, PageSize: 5}, &api.Pagination{Page: 2, PageSize: 5, Total: 10}, 0, 10},
		{"past the end", `{"data":[],"pagination":{"page":9,"page_size":25,"total":60}}`, &api.ListVersionsOptions{Page: 9}, &api.Pagination{Page: 9, PageSize: 25, Total: 60}, 0, 60},
		{"absent, full page", `{"data":` + page(5) + `}`, &api.ListVersionsOptions{Page: 4, PageSize: 5}, nil, 5, -1},
		// Shorter than asked: the end, or the server's cap; page 2 tells.
		{"absent, short page", `{"data":` + page(4) + `}`, &api.ListVersionsOptions{PageSize: 5}, nil, 2, -1},
		{"absent, no size asked", page(10), nil, nil, 2, -1},
		{"absent, longer than asked", page(30), &api.ListVersionsOptions{PageSize: 5}, nil, 2, -1},
		{"absent, empty", `{"data":[]}`, &api.ListVersionsOptions{Page: 3, PageSize: 5}, nil, 0, -1},
		{"a total below the page's items", `{"data":` + page(5) + `,"pagination":{"page":1,"page_size":5,"total":2}}`, nil,
			&api.Pagination{Page: 1, PageSize: 5, Total: 2}, 2, -1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			ts := newTestServer(t, func(w http.ResponseWriter, r *http.Request) { writeJSON(w, http.StatusOK, tc.body) })
			_, resp, err := newTestClient(t, ts).ListVersions(t.Context(), "lumen", tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(resp.Pagination, tc.wantPage) || resp.NextPage != tc.next {
				t.Errorf("pagination %+v, next %d; want %+v, %d", resp.Pagination, resp.NextPage, tc.wantPage, tc.next)
			}
			total, known := resp.Total()
			if !known {
				total = -1
			}
			if total != tc.total {
				t.Errorf("Total() = %d (-1: not known), want %d", total, tc.total)
			}
		})
	}
}

// multipartEcho answers a create or update with a version and records the
// "data" part and the file parts it received.
func multipartEcho(t *testing.T, data *map[string]any, files map[string]string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := r.ParseMultipartForm(1 << 20); err != nil {
			t.Errorf("ParseMultipartForm: %v", err)
			return
		}
		if err := json.Unmarshal([]byte(r.FormValue("data")), data); err != nil {
			t.Errorf("data part: %v", err)
		}
		for key, fhs := range r.MultipartForm.File {
			f, _ := fhs[0].Open()
			b, _ := io.ReadAll(f)
			files[key+"|"+fhs[0].Filename] = string(b)
		}
		writeJSON(w, http.StatusCreated, `{"data":`+versionJSON+`}`)
	}
}

func upload(name, content string) api.Upload {
	return api.Upload{Name: name, Open: func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(content)), nil }}
}

func TestCreateVersionMultipart(t *testing.T) {
	t.Parallel()
	var data map[string]any
	files := map[string]string{}
	ts := newTestServer(t, multipartEcho(t, &data, files))
	req := &api.CreateVersionRequest{
		Channel: "release", Version: "2.0.0", Name: "Two",
		Files:     []string{"lumen-2.0.0.jar", "https://example.com/lumen-extra.zip", "notes.txt"},
		Platforms: []string{},
		Uploads:   []api.Upload{upload("lumen-2.0.0.jar", "JAR"), upload("notes.txt", "hello")},
	}
	v, resp, err := newTestClient(t, ts).CreateVersion(t.Context(), "lumen", req)
	if err != nil || v.ID != "AbCd1234" || resp.StatusCode != http.StatusCreated {
		t.Fatalf("CreateVersion = %v, %v, %v", v, resp, err)
	}
	wantFiles := map[string]string{"lumen-2.0.0.jar|lumen-2.0.0.jar": "JAR", "notes.txt|notes.txt": "hello"}
	if !reflect.DeepEqual(files, wantFiles) {
		t.Errorf("file parts = %v, want %v", files, wantFiles)
	}
	if data["version"] != "2.0.0" || data["channel"] != "release" || len(data["files"].([]any)) != 3 {
		t.Errorf("data = %v", data)
	}
	// nil slices are left to the channel's defaults; an empty one is sent.
	if _, ok := data["minecraft_versions"]; ok {
		t.Errorf("data sent minecraft_versions: %v", data)
	}
	if p, ok := data["platforms"].([]any); !ok || len(p) != 0 {
		t.Errorf("data.platforms = %v, want []", data["platforms"])
	}
}

func TestUpdateVersionMultipart(t *testing.T) {
	t.Parallel()
	var data map[string]any
	files := map[string]string{}
	ts := newTestServer(t, multipartEcho(t, &data, files))
	req := &api.UpdateVersionRequest{Name: api.Ptr("Renamed"), Files: []string{"lumen.jar", "new.jar"},
		Uploads: []api.Upload{upload("new.jar", "NEW")}}
	if _, _, err := newTestClient(t, ts).UpdateVersion(t.Context(), "lumen", "1.0.0", req); err != nil {
		t.Fatal(err)
	}
	if len(data) != 2 || data["name"] != "Renamed" || files["new.jar|new.jar"] != "NEW" {
		t.Errorf("data = %v, files = %v", data, files)
	}
}

func TestUploadOpenFailureSendsNothing(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, status(201))
	broken := api.Upload{Name: "a.jar", Open: func() (io.ReadCloser, error) { return nil, io.ErrUnexpectedEOF }}
	_, _, err := newTestClient(t, ts).CreateVersion(t.Context(), "lumen", &api.CreateVersionRequest{
		Channel: "release", Version: "1", Name: "One", Files: []string{"a.jar"}, Uploads: []api.Upload{broken}})
	if err == nil || !strings.Contains(err.Error(), "a.jar") || ts.requests.Load() != 0 {
		t.Errorf("err = %v after %d requests, want an open failure and nothing sent", err, ts.requests.Load())
	}
}

func TestUsersAndInvitations(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/api/v1/users/@me":
			writeJSON(w, http.StatusOK, `{"data":{"id":"u1","username":"alice","name":"Alice"}}`)
		case "/api/v1/users/@me/projects":
			writeJSON(w, http.StatusOK, `{"data":[{"id":"p1","slug":"lumen","name":"Lumen","owner_id":"u1"},
				{"id":"p2","slug":"core","name":"Core","organization":{"id":"o1","slug":"emberforge"}}]}`)
		case "/api/v1/orgs/emberforge/invitations":
			writeJSON(w, http.StatusOK, `{"data":[{"id":"u4","name":"Dave","username":"dave","member_role":"dev","permissions":["MEMBER_CREATE",7],"accepted":false}]}`)
		default:
			http.NotFound(w, r)
		}
	})
	c := newTestClient(t, ts)
	u, _, err := c.GetUser(t.Context(), api.Me)
	if err != nil || u.Username != "alice" {
		t.Errorf("GetUser = %+v, %v", u, err)
	}
	ps, _, err := c.ListUserProjects(t.Context(), api.Me)
	if err != nil || len(ps) != 2 || ps[1].Organization.Slug != "emberforge" {
		t.Errorf("ListUserProjects = %+v, %v", ps, err)
	}
	inv, _, err := c.ListInvitations(t.Context(), "emberforge")
	want := []api.Permission{api.PermissionMemberCreate, "7"}
	if err != nil || len(inv) != 1 || !slices.Equal(inv[0].Permissions, want) {
		t.Errorf("ListInvitations = %+v, %v", inv, err)
	}
}

// invitations is n invitations as JSON array items, their IDs numbered
// from first.
func invitations(first, n int) string {
	items := make([]string, n)
	for i := range n {
		items[i] = fmt.Sprintf(`{"id":"u%d","name":"n","username":"u","member_role":"r","permissions":[],"accepted":false}`, first+i)
	}
	return strings.Join(items, ",")
}

// TestListsFollowPages checks that lists documented as one array are read
// whole when the server pages them, and not past page 1 when it ignores
// paging (one more request shows page 2 is page 1 again).
func TestListsFollowPages(t *testing.T) {
	t.Parallel()
	paged := newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
		p := r.URL.Query().Get("page")
		if p == "" {
			p = "1"
		}
		n, _ := strconv.Atoi(p)
		items := map[string]int{"1": 25, "2": 25, "3": 7}[p]
		writeJSON(w, http.StatusOK, `{"data":[`+invitations((n-1)*25, items)+`],"pagination":{"page":`+p+`,"page_size":25,"total":57}}`)
	})
	inv, resp, err := newTestClient(t, paged).ListInvitations(t.Context(), "emberforge")
	if err != nil || len(inv) != 57 || paged.requests.Load() != 3 || resp.NextPage != 0 {
		t.Errorf("paged: %d invitations in %d requests, next %d, %v; want 57 in 3", len(inv), paged.requests.Load(), resp.NextPage, err)
	}
	flat := newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, `{"data":[`+invitations(0, 25)+`]}`)
	})
	inv, _, err = newTestClient(t, flat).ListInvitations(t.Context(), "emberforge")
	if err != nil || len(inv) != 25 || flat.requests.Load() != 2 {
		t.Errorf("unpaged: %d invitations in %d requests, %v; want 25 in 2", len(inv), flat.requests.Load(), err)
	}
}
