package sandbox_test

import (
	"crypto/sha1"
	"crypto/sha512"
	"encoding/hex"
	"encoding/json"
	"maps"
	"slices"
	"strconv"
	"strings"
	"testing"

	"rdash/api"
	"rdash/api/sandbox"
)

// The strict profile (Options.Strict) over real HTTP: each test shows one
// row of README.md's table of what differs from the default profile.

func startStrict(t *testing.T) *harness {
	t.Helper()
	return start(t, sandbox.Options{Strict: true})
}

// wantText checks the strict profile's error: status, a plain-text body
// that is not JSON, holding each of parts.
func (r reply) wantText(t *testing.T, status int, parts ...string) {
	t.Helper()
	r.want(t, status)
	if ct := r.header.Get("Content-Type"); !strings.HasPrefix(ct, "text/plain") {
		t.Fatalf("Content-Type %q, want text/plain; body %s", ct, r.body)
	}
	if json.Valid(r.body) {
		t.Fatalf("the body is JSON: %s", r.body)
	}
	for _, p := range parts {
		if !strings.Contains(string(r.body), p) {
			t.Errorf("message %q lacks %q", r.body, p)
		}
	}
}

// keys returns the top-level keys of a JSON object body.
func (r reply) keys(t *testing.T) []string {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(r.body, &m); err != nil {
		t.Fatalf("not a JSON object: %s", r.body)
	}
	return slices.Sorted(maps.Keys(m))
}

func TestStrictHasNoUserRoutes(t *testing.T) {
	t.Parallel()
	h := startStrict(t)
	tok := h.token(t, "alice")
	for _, path := range []string{"/users/@me", "/users/@me/projects", "/users/alice", "/users/usrAlice/projects"} {
		h.do(t, "GET", path, tok, nil).wantText(t, 404, "no route")
	}
	d := start(t, sandbox.Options{})
	d.do(t, "GET", "/users/@me", d.token(t, "alice"), nil).want(t, 200) // the default profile's choice
}

func TestStrictListsHaveNoPagination(t *testing.T) {
	t.Parallel()
	h := startStrict(t)
	tok := h.token(t, "alice")
	r := h.do(t, "GET", "/projects/emberforge-core/versions", tok, nil).want(t, 200)
	wantEq(t, strings.Join(r.keys(t), ","), "data")
	var vs []api.Version
	r.data(t, &vs)
	wantEq(t, len(vs), 10) // the default page size, not the client's 25
	for i := 1; i < len(vs); i++ {
		if vs[i].CreatedAt.Before(vs[i-1].CreatedAt) {
			t.Fatalf("not oldest first: %s before %s", vs[i-1].CreatedAt, vs[i].CreatedAt)
		}
	}
	for _, size := range []int{101, 1000, 1500} {
		h.do(t, "GET", "/projects/emberforge-core/versions?page_size="+strconv.Itoa(size), tok, nil).want(t, 200).data(t, &vs)
		wantEq(t, len(vs), size)
	}
	h.do(t, "GET", "/projects/emberforge-core/versions?page=2&page_size=1000", tok, nil).want(t, 200).data(t, &vs)
	wantEq(t, len(vs), 500)
	h.do(t, "GET", "/projects/emberforge-core/versions?page=3&page_size=1000", tok, nil).want(t, 200).data(t, &vs)
	wantEq(t, len(vs), 0)
	h.do(t, "GET", "/projects/lumen/versions?page_size=0", tok, nil).wantText(t, 422, "page_size")
}

func TestStrictListFilters(t *testing.T) {
	t.Parallel()
	h := startStrict(t)
	tok := h.token(t, "alice")
	var vs []api.Version
	h.do(t, "GET", "/projects/lumen/versions?channel=nightly", tok, nil).want(t, 200).data(t, &vs)
	wantEq(t, len(vs), 0) // a channel the project lacks matches nothing
	h.do(t, "GET", "/projects/lumen/versions?channel=nightly&channel=beta&page_size=100", tok, nil).want(t, 200).data(t, &vs)
	if len(vs) == 0 || slices.ContainsFunc(vs, func(v api.Version) bool { return v.Channel.Slug != "beta" }) {
		t.Fatalf("channel=nightly&channel=beta gave %d versions", len(vs))
	}
	h.do(t, "GET", "/projects/lumen/versions?minecraft_version=", tok, nil).want(t, 200).data(t, &vs)
	wantEq(t, len(vs), 0)
}

func TestStrictInvitationsAreOnePlainArray(t *testing.T) {
	t.Parallel()
	h := startStrict(t)
	tok := h.token(t, "alice", "user:read") // no org:member:create: the document names no scope
	h.do(t, "POST", "/orgs/emberforge/invitations", tok, jsonBody(t, map[string]any{"invitee": "erin"})).want(t, 200)
	r := h.do(t, "GET", "/orgs/emberforge/invitations?page=2&page_size=1", tok, nil).want(t, 200)
	wantEq(t, strings.Join(r.keys(t), ","), "data")
	var ins []api.Invitation
	r.data(t, &ins)
	wantEq(t, len(ins), 2) // page and page_size are not the list's
	wantEq(t, ins[0].Username+","+ins[1].Username, "dave,erin")
	h.do(t, "GET", "/orgs/emberforge/invitations", h.token(t, "carol"), nil).wantText(t, 403, "MEMBER_CREATE")
}

func TestStrictReadsNeedAToken(t *testing.T) {
	t.Parallel()
	h := startStrict(t)
	for _, path := range []string{"/projects/lumen/versions", "/projects/lumen/versions/2.4.0",
		"/versions/EEeBM181", "/projects/lumen/versions/2.4.0/download"} {
		r := h.do(t, "GET", path, "", nil)
		r.wantText(t, 401, "token")
		wantEq(t, r.header.Get("WWW-Authenticate"), "")
	}
	h.do(t, "GET", "/versions/EEeBM181", h.token(t, "erin", "user:read"), nil).want(t, 200)
}

func TestStrictErrorsArePlainText(t *testing.T) {
	t.Parallel()
	h := startStrict(t)
	tok := h.token(t, "alice")
	h.do(t, "GET", "/projects/nope/versions", tok, nil).wantText(t, 404, "nope")
	h.do(t, "PATCH", "/projects/lumen/versions?ids=EEeBM181", tok, jsonBody(t, map[string]any{"name": strings.Repeat("n", 65)})).wantText(t, 422, "name", "64")
	h.do(t, "PATCH", "/projects/lumen/versions?ids=EEeBM181", tok, rawBody("application/json", "{")).wantText(t, 422, "malformed")
	h.do(t, "PATCH", "/projects/lumen/versions?ids=EEeBM181", h.token(t, "carol"), jsonBody(t, map[string]any{"name": "x"})).wantText(t, 403, "carol")
	h.do(t, "PUT", "/projects/lumen/versions", tok, nil).wantText(t, 405, "PUT")
}

func TestStrictAnswersBareWhereTheBodyIsNotShown(t *testing.T) {
	t.Parallel()
	h := startStrict(t)
	alice, dave := h.token(t, "alice"), h.token(t, "dave")
	bare := func(r reply) {
		t.Helper()
		r.want(t, 200)
		if len(r.body) != 0 {
			t.Fatalf("a body where the document shows none: %s", r.body)
		}
	}
	bare(h.do(t, "POST", "/orgs/emberforge/invitations", alice, jsonBody(t, map[string]any{"invitee": "erin"})))
	bare(h.do(t, "DELETE", "/orgs/emberforge/invitations/erin", alice, nil))
	bare(h.do(t, "PATCH", "/orgs/emberforge/invitations/dave", dave, nil))
	bare(h.do(t, "DELETE", "/orgs/quartz/invitations/dave", dave, nil))
	bare(h.do(t, "DELETE", "/projects/lumen/versions/2.4.0", alice, nil))
	bare(h.do(t, "DELETE", "/projects/lumen/versions?ids=e0tZCjLS", alice, nil))
	h.do(t, "GET", "/projects/lumen/versions/2.0.0", alice, nil).wantText(t, 404)
}

func TestStrictCreateAndBulkAnswers(t *testing.T) {
	t.Parallel()
	h := startStrict(t)
	tok := h.token(t, "alice")
	data := map[string]any{"channel": "release", "version": "3.0.0", "name": "Three", "files": []string{"three.jar"}}
	var v api.Version
	h.do(t, "POST", "/projects/lumen/versions", tok, multipartBody(t, data, upload{key: "three.jar", content: "jar"})).want(t, 200).data(t, &v)
	s1, s512 := sha1.Sum([]byte("jar")), sha512.Sum512([]byte("jar"))
	want := map[string]any{"sha1": hex.EncodeToString(s1[:]), "sha512": hex.EncodeToString(s512[:])}
	if !maps.Equal(v.Files[0].Checksum, want) {
		t.Fatalf("checksum %v, want %v", v.Files[0].Checksum, want)
	}

	var one api.Version
	r := h.do(t, "PATCH", "/projects/lumen/versions?ids="+v.ID+",EEeBM181", tok, jsonBody(t, map[string]any{"name": "Renamed"})).want(t, 200)
	r.data(t, &one) // one object: the first of ids
	wantEq(t, one.ID, v.ID)
	wantEq(t, one.Name, "Renamed")
	wantEq(t, h.versionAs(t, tok, "lumen", "2.4.0").Name, "Renamed") // the others changed too

	r = h.do(t, "GET", "/projects/lumen/versions/3.0.0/download", tok, nil)
	r.want(t, 307)
	if !strings.Contains(r.header.Get("Location"), "/files/") {
		t.Fatalf("Location %q", r.header.Get("Location"))
	}
}

func TestStrictIDsUseAWiderAlphabet(t *testing.T) {
	t.Parallel()
	h := startStrict(t)
	tok := h.token(t, "bob")
	var vs []api.Version
	h.do(t, "GET", "/projects/emberforge-core/versions?page_size=1500", tok, nil).want(t, 200).data(t, &vs)
	i := slices.IndexFunc(vs, func(v api.Version) bool { return strings.ContainsAny(v.ID, "-_") })
	if i < 0 {
		t.Fatal("no generated ID holds - or _")
	}
	id := vs[i].ID
	wantEq(t, len(id), 8)
	h.do(t, "PATCH", "/projects/emberforge-core/versions?ids="+id+","+id, tok, jsonBody(t, map[string]any{"name": "Odd ID"})).want(t, 200)
	wantEq(t, h.versionAs(t, tok, "emberforge-core", id).Name, "Odd ID")
	h.do(t, "PATCH", "/projects/emberforge-core/versions?ids=2.4.0", tok, jsonBody(t, map[string]any{"name": "x"})).wantText(t, 404, "2.4.0")
}

// versionAs is harness.version with a token, which the strict profile's
// reads need.
func (h *harness) versionAs(t *testing.T, tok, project, key string) api.Version {
	t.Helper()
	var v api.Version
	h.do(t, "GET", "/projects/"+project+"/versions/"+key, tok, nil).want(t, 200).data(t, &v)
	return v
}
