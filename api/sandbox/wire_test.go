package sandbox

import (
	"bytes"
	"encoding/json"
	"io"
	"maps"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"rdash/internal/wiretest"
)

// The fixtures of testdata/wire/ (at the module root) are request and
// response examples written from shared/spec/service-api.md and
// docs/wire.md, not from this code. Here the sandbox reads each into its
// own wire types and writes it back; api/wire_fixtures_test.go does the
// same with the client's types.

var wireDir = filepath.Join("..", "..", "testdata", "wire")

// wireEnvelope is a success body with its data typed, so strict decoding
// reaches every field.
type wireEnvelope[T any] struct {
	Data       T               `json:"data"`
	Pagination *wirePagination `json:"pagination,omitempty"`
}

// wireTypeOf returns a new value of the sandbox type a fixture is read into,
// by the endpoint and kind its name starts with.
func wireTypeOf(name string) (any, bool) {
	for _, c := range []struct {
		prefix string
		v      func() any
	}{
		{"create-version.request", func() any { return new(wireVersionData) }},
		{"update-version.request", func() any { return new(wireVersionData) }},
		{"bulk-patch.request", func() any { return new(wireBulkPatch) }},
		{"create-invitation.request", func() any { return new(wireInvitationRequest) }},
		{"get-version.response", func() any { return new(wireEnvelope[wireVersion]) }},
		{"get-version-by-id.response", func() any { return new(wireEnvelope[wireVersion]) }},
		{"create-version.response", func() any { return new(wireEnvelope[wireVersion]) }},
		{"update-version.response", func() any { return new(wireEnvelope[wireVersion]) }},
		{"list-versions.response", func() any { return new(wireEnvelope[[]wireVersion]) }},
		{"bulk-patch.response.single", func() any { return new(wireEnvelope[wireVersion]) }},
		{"bulk-patch.response", func() any { return new(wireEnvelope[[]wireVersion]) }},
		{"list-invitations.response", func() any { return new(wireEnvelope[[]wireInvitation]) }},
		{"create-invitation.response", func() any { return new(wireEnvelope[wireInvitation]) }},
		{"accept-invitation.response", func() any { return new(wireEnvelope[wireAccepted]) }},
		{"oauth-token.response.error", func() any { return new(wireOAuthError) }},
		{"oauth-token.response", func() any { return new(tokenResponse) }},
		{"error.response", func() any { return new(wireError) }},
		{"get-user.response", func() any { return new(wireEnvelope[wireUser]) }},
		{"list-user-projects.response", func() any { return new(wireEnvelope[[]wireProject]) }},
	} {
		if strings.HasPrefix(name, c.prefix+".") {
			return c.v(), true
		}
	}
	return nil, false
}

func wireFixtures(t *testing.T) []string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(wireDir, "*.json"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no fixtures in %s (%v)", wireDir, err)
	}
	for i, n := range names {
		names[i] = filepath.Base(n)
	}
	return names
}

func readFixture(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(wireDir, name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// invalidFixture reports whether a request fixture is one the service must
// refuse (its case starts with "invalid-").
func invalidFixture(name string) bool { return strings.Contains(name, ".invalid-") }

// TestWireFixturesRoundTrip reads every fixture strictly (an unknown field
// fails, as the sandbox reads requests) into the sandbox's own type and
// writes it back: the JSON must be the fixture's, field by field, null
// counting as absent.
func TestWireFixturesRoundTrip(t *testing.T) {
	t.Parallel()
	for _, name := range wireFixtures(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			v, ok := wireTypeOf(name)
			if !ok {
				t.Fatalf("no sandbox type for %s: name it <endpoint>.<request|response>[.<case>].json with a known endpoint", name)
			}
			raw := readFixture(t, name)
			err := decodeJSON(bytes.NewReader(raw), v, "body")
			switch {
			case strings.Contains(name, ".invalid-unknown-field"):
				// Read strictly, as docs/wire.md says: the error names the field.
				if err == nil || !strings.Contains(err.Error(), "unknown field") {
					t.Fatalf("decoded with %v, want an unknown field refused", err)
				}
				return
			case invalidFixture(name):
				return // well-formed, refused by a rule: TestWireFixturesServed
			}
			if err != nil {
				t.Fatalf("decode: %v", err)
			}
			out, err := json.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			if want, got := wiretest.Normal(t, raw), wiretest.Normal(t, out); !reflect.DeepEqual(got, want) {
				t.Errorf("round trip changed the JSON\nfixture: %s\nsandbox: %s", mustJSON(want), mustJSON(got))
			}
		})
	}
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// keyPaths lists the object members in v as dotted paths, "[]" standing for
// any array element: {"data": [{"id": …}]} is data, data[], data[].id.
func keyPaths(v any, prefix string, into map[string]bool) {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			p := strings.TrimPrefix(prefix+"."+k, ".")
			into[p] = true
			keyPaths(e, p, into)
		}
	case []any:
		for _, e := range x {
			keyPaths(e, prefix+"[]", into)
		}
	}
}

// versionFixtures are the fixtures that show a version: the Version
// resource is the same on every endpoint, so its members are the union of
// theirs (files and project_id are checked per endpoint).
var versionFixtures = []string{
	"get-version.response", "get-version-by-id.response", "list-versions.response",
	"create-version.response", "update-version.response", "bulk-patch.response",
}

// documentedPaths are the members the fixtures of the given endpoints and
// kinds show, a list's elements and a single object alike ("data[].id" is
// "data.id").
func documentedPaths(t *testing.T, prefixes ...string) map[string]bool {
	t.Helper()
	paths := map[string]bool{}
	for _, name := range wireFixtures(t) {
		for _, prefix := range prefixes {
			if strings.HasPrefix(name, prefix+".") && !invalidFixture(name) {
				keyPaths(wiretest.Normal(t, readFixture(t, name)), "", paths)
			}
		}
	}
	if len(paths) == 0 {
		t.Fatalf("no fixture for %v", prefixes)
	}
	return flatPaths(paths)
}

func flatPaths(paths map[string]bool) map[string]bool {
	out := make(map[string]bool, len(paths))
	for p := range paths {
		out[strings.ReplaceAll(p, "[]", "")] = true
	}
	return out
}

// wantDocumented fails when a live answer of the sandbox has a member no
// fixture of prefixes shows, or one of the members in without.
func wantDocumented(t *testing.T, body []byte, prefixes []string, without ...string) {
	t.Helper()
	doc := documentedPaths(t, prefixes...)
	got := map[string]bool{}
	keyPaths(wiretest.Normal(t, body), "", got)
	for k := range flatPaths(got) {
		if !doc[k] || slices.Contains(without, k) {
			t.Errorf("the sandbox sends %s, which no %v fixture shows", k, prefixes)
		}
	}
}

// wireServer is a fresh sandbox, so each fixture meets the seed as it is.
type wireServer struct {
	t  *testing.T
	s  *Server
	ts *httptest.Server
}

func newWireServer(t *testing.T) *wireServer {
	t.Helper()
	s, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(ts.Close)
	return &wireServer{t, s, ts}
}

func (w *wireServer) send(method, path, user, ctype string, body []byte) (int, []byte) {
	w.t.Helper()
	req, err := http.NewRequestWithContext(w.t.Context(), method, w.ts.URL+path, bytes.NewReader(body))
	if err != nil {
		w.t.Fatal(err)
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	if user != "" {
		tok, err := w.s.MintToken(user)
		if err != nil {
			w.t.Fatal(err)
		}
		req.Header.Set("Authorization", "Bearer "+tok)
	}
	resp, err := w.ts.Client().Do(req)
	if err != nil {
		w.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

// fixtureForm builds a create or update request around a fixture's data
// part, with an upload for each item of files that is not a URL.
func fixtureForm(t *testing.T, data []byte) (string, []byte) {
	t.Helper()
	var meta struct{ Files []string }
	json.Unmarshal(data, &meta) // an invalid fixture may not parse; it then has no uploads
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	if err := mw.WriteField("data", string(data)); err != nil {
		t.Fatal(err)
	}
	for _, f := range meta.Files {
		if strings.Contains(f, "://") {
			continue
		}
		part, err := mw.CreateFormFile(f, f)
		if err != nil {
			t.Fatal(err)
		}
		io.WriteString(part, "jar")
	}
	mw.Close()
	return mw.FormDataContentType(), buf.Bytes()
}

// TestWireFixturesServed sends every request fixture to the sandbox: a
// valid one is accepted, and the answer has only members the response
// fixtures of its endpoint show; an invalid one is a 400 in the error shape
// of the fixtures.
func TestWireFixturesServed(t *testing.T) {
	t.Parallel()
	const bulkIDs = "EEeBM181,e0tZCjLS" // lumen 2.4.0 and 2.0.0
	for _, name := range wireFixtures(t) {
		endpoint, kind, _ := strings.Cut(name, ".")
		if !strings.HasPrefix(kind, "request") {
			continue
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			w := newWireServer(t)
			raw := readFixture(t, name)
			var status int
			var body []byte
			switch endpoint {
			case "create-version":
				ct, b := fixtureForm(t, raw)
				status, body = w.send("POST", APIPrefix+"/projects/lumen/versions", "alice", ct, b)
			case "update-version":
				ct, b := fixtureForm(t, raw)
				status, body = w.send("PATCH", APIPrefix+"/projects/lumen/versions/EEeBM181", "alice", ct, b)
			case "bulk-patch":
				status, body = w.send("PATCH", APIPrefix+"/projects/lumen/versions?ids="+bulkIDs, "alice", "application/json", raw)
			case "create-invitation":
				status, body = w.send("POST", APIPrefix+"/orgs/emberforge/invitations", "alice", "application/json", raw)
			default:
				t.Fatalf("no request for endpoint %s", endpoint)
			}
			if invalidFixture(name) {
				if status != http.StatusBadRequest {
					t.Fatalf("status %d, want 400: %s", status, body)
				}
				wantDocumented(t, body, []string{"error.response"})
				return
			}
			if status/100 != 2 {
				t.Fatalf("status %d: %s", status, body)
			}
			switch endpoint {
			case "create-invitation":
				wantDocumented(t, body, []string{"create-invitation.response"})
			default:
				wantDocumented(t, body, versionFixtures, "data.project_id")
			}
		})
	}
}

// TestWireAnswersDocumented checks that what the sandbox answers on the
// read, invitation, user and token endpoints has only members their
// response fixtures show.
func TestWireAnswersDocumented(t *testing.T) {
	t.Parallel()
	w := newWireServer(t)
	for _, c := range []struct {
		method, path, user string
		status             int
		fixtures           []string
		without            []string
	}{
		{"GET", "/projects/lumen/versions/EEeBM181", "", 200, versionFixtures, []string{"data.project_id"}},
		{"GET", "/projects/lumen/versions/2.2.0-beta.1", "", 200, versionFixtures, []string{"data.project_id"}},
		{"GET", "/versions/EEeBM181", "", 200, versionFixtures, nil},
		{"GET", "/projects/lumen/versions", "", 200, versionFixtures, []string{"data.files", "data.project_id"}},
		{"GET", "/projects/lumen/versions?page=99", "", 200, versionFixtures, nil},
		{"GET", "/projects/emberforge-core/versions?page_size=100", "", 200, versionFixtures, []string{"data.files", "data.project_id"}},
		{"GET", "/orgs/emberforge/invitations", "alice", 200, []string{"list-invitations.response"}, nil},
		{"GET", "/orgs/quartz/invitations", "frank", 200, []string{"list-invitations.response"}, nil},
		{"PATCH", "/orgs/emberforge/invitations/dave", "dave", 200, []string{"accept-invitation.response"}, nil},
		{"GET", "/orgs/emberforge/invitations", "alice", 200, []string{"list-invitations.response"}, nil},
		{"GET", "/users/@me", "alice", 200, []string{"get-user.response"}, nil},
		{"GET", "/users/@me/projects", "alice", 200, []string{"list-user-projects.response"}, nil},
		{"GET", "/users/@me", "", 401, []string{"error.response"}, nil},
		{"GET", "/projects/nope/versions", "", 404, []string{"error.response"}, nil},
		{"DELETE", "/projects/lumen/versions?ids=EEeBM181", "carol", 403, []string{"error.response"}, nil},
		{"GET", "/projects/lumen/versions?page_size=0", "", 400, []string{"error.response"}, nil},
	} {
		status, body := w.send(c.method, APIPrefix+c.path, c.user, "", nil)
		if status != c.status {
			t.Errorf("%s %s: status %d, want %d: %s", c.method, c.path, status, c.status, body)
			continue
		}
		wantDocumented(t, body, c.fixtures, c.without...)
	}
	// The token endpoint, its success and its error.
	q := url.Values{"client_id": {"rdash-demo"}, "redirect_uri": {"http://127.0.0.1:4242/cb"}, "scope": {"user:read"}}
	form := url.Values{"user": {"bob"}, "decision": {"approve"}}
	for k, v := range q {
		form[k] = v
	}
	resp, err := (&http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}).
		PostForm(w.ts.URL+AuthPrefix+"/oauth/authorize", form)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	loc, _ := url.Parse(resp.Header.Get("Location"))
	exchange := url.Values{"client_id": {"rdash-demo"}, "client_secret": {"sandbox-secret"}, "code": {loc.Query().Get("code")},
		"redirect_uri": {"http://127.0.0.1:4242/cb"}}
	status, body := w.send("POST", AuthPrefix+"/oauth/token", "", "application/x-www-form-urlencoded", []byte(exchange.Encode()))
	if status != 200 {
		t.Fatalf("token: status %d: %s", status, body)
	}
	// Every member of the token response is documented, and sent.
	want, got := map[string]bool{}, map[string]bool{}
	keyPaths(wiretest.Normal(t, readFixture(t, "oauth-token.response.json")), "", want)
	keyPaths(wiretest.Normal(t, body), "", got)
	if !maps.Equal(want, got) {
		t.Errorf("token answer has %v, the fixture %v", slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(want)))
	}
	// The code is used up: the same exchange is an RFC 6749 error.
	if status, body = w.send("POST", AuthPrefix+"/oauth/token", "", "application/x-www-form-urlencoded", []byte(exchange.Encode())); status != 400 {
		t.Fatalf("second exchange: status %d: %s", status, body)
	}
	wantDocumented(t, body, []string{"oauth-token.response.error"})
}
