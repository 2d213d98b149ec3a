package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"rdash/internal/wiretest"
)

// The fixtures of testdata/wire/ (at the module root) are request and
// response examples written from shared/spec/service-api.md and
// docs/wire.md, not from this code (testdata/wire/README.md). The sandbox
// reads them with its own wire types (api/sandbox/wire_test.go); here the
// client decodes every response fixture through its own path into its
// types, and sends its request types, whose bodies must be the request
// fixtures. A wrong JSON tag on either side fails one of the two.

var wireFixtureDir = filepath.Join("..", "testdata", "wire")

func wireFixture(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(wireFixtureDir, name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func wireFixtureNames(t *testing.T, kind string) []string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(wireFixtureDir, "*."+kind+"*.json"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no %s fixtures in %s (%v)", kind, wireFixtureDir, err)
	}
	names := make([]string, len(paths))
	for i, p := range paths {
		names[i] = filepath.Base(p)
	}
	return names
}

// wireSame fails unless got (encoded with encoding/json) is the JSON want,
// member by member.
func wireSame(t *testing.T, what string, got any, want []byte) {
	t.Helper()
	b, err := json.Marshal(got)
	if err != nil {
		t.Fatal(err)
	}
	if g, w := wiretest.Normal(t, b), wiretest.Normal(t, want); !reflect.DeepEqual(g, w) {
		t.Errorf("%s differs from the fixture:\n%s", what, strings.Join(wireDiff(g, w, "$"), "\n"))
	}
}

// wireDiff lists where got and want differ, by member path.
func wireDiff(got, want any, path string) []string {
	gm, gok := got.(map[string]any)
	wm, wok := want.(map[string]any)
	if gok && wok {
		var out []string
		for _, k := range slices.Sorted(maps.Keys(wm)) {
			if _, ok := gm[k]; !ok {
				out = append(out, fmt.Sprintf("%s.%s: the fixture has it, the client does not", path, k))
				continue
			}
			out = append(out, wireDiff(gm[k], wm[k], path+"."+k)...)
		}
		for _, k := range slices.Sorted(maps.Keys(gm)) {
			if _, ok := wm[k]; !ok {
				out = append(out, fmt.Sprintf("%s.%s: the client has it, the fixture does not", path, k))
			}
		}
		return out
	}
	gl, gok := got.([]any)
	wl, wok := want.([]any)
	if gok && wok && len(gl) == len(wl) {
		var out []string
		for i := range gl {
			out = append(out, wireDiff(gl[i], wl[i], fmt.Sprintf("%s[%d]", path, i))...)
		}
		return out
	}
	if reflect.DeepEqual(got, want) {
		return nil
	}
	gb, _ := json.Marshal(got)
	wb, _ := json.Marshal(want)
	return []string{fmt.Sprintf("%s: client %.200s, fixture %.200s", path, gb, wb)}
}

// wireData returns the data member of a fixture, or the whole of it.
func wireData(t *testing.T, b []byte) []byte {
	t.Helper()
	var env map[string]json.RawMessage
	if err := json.Unmarshal(b, &env); err == nil && env["data"] != nil {
		return env["data"]
	}
	return b
}

// wireServer answers every request with one fixture and status, and
// records the requests' bodies.
type wireServer struct {
	mu     sync.Mutex
	body   []byte
	status int
	got    []wireRequest
}

type wireRequest struct {
	method, path, query, ctype string
	body                       []byte
}

func (s *wireServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	s.mu.Lock()
	s.got = append(s.got, wireRequest{r.Method, r.URL.Path, r.URL.RawQuery, r.Header.Get("Content-Type"), b})
	body, status := s.body, s.status
	s.mu.Unlock()
	if status == http.StatusNoContent {
		w.WriteHeader(status)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(body)
}

func newWireClient(t *testing.T, body []byte, status int) (*Client, *wireServer) {
	t.Helper()
	ws := &wireServer{body: body, status: status}
	ts := httptest.NewServer(ws)
	t.Cleanup(ts.Close)
	c, err := New(ts.URL+"/api/v1", WithMaxRetries(0))
	if err != nil {
		t.Fatal(err)
	}
	return c, ws
}

// The IDs the fixtures use.
const (
	wireProject = "lumen"
	wireVersion = "EEeBM181"
	wireOrg     = "emberforge"
)

var wireBulkIDs = []string{"EEeBM181", "e0tZCjLS"}

func wireUpload(name string) Upload {
	return Upload{Name: name, Open: func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader("jar")), nil }}
}

// A minimal valid request for the calls whose answer is under test.
var (
	wireCreate = &CreateVersionRequest{Channel: "beta", Version: "2.5.0", Name: "Lumen 2.5.0", Files: []string{"https://cdn.example.com/a.jar"}}
	wireUpdate = &UpdateVersionRequest{Name: Ptr("Lumen 2.4.0")}
	wirePatch  = &BulkPatch{Name: Ptr("Lumen")}
)

// TestWireResponseFixtures serves each response fixture to the client
// method of its endpoint and writes what the client decoded back as JSON:
// it must be the fixture's, member by member (pagination included).
func TestWireResponseFixtures(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, name := range wireFixtureNames(t, "response") {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			raw := wireFixture(t, name)
			endpoint, _, _ := strings.Cut(name, ".")
			status := http.StatusOK
			switch endpoint {
			case "create-version", "create-invitation":
				status = http.StatusCreated
			case "error":
				n, err := strconv.Atoi(strings.Split(name, ".")[2])
				if err != nil {
					t.Fatalf("error fixture %s is not named by status", name)
				}
				status = n
			}
			c, _ := newWireClient(t, raw, status)
			data := wireData(t, raw)
			switch endpoint {
			case "get-version":
				v, _, err := c.GetVersion(ctx, wireProject, wireVersion)
				wireCheck(t, err, v, data)
			case "get-version-by-id":
				v, _, err := c.GetVersionByID(ctx, wireVersion)
				wireCheck(t, err, v, data)
			case "create-version":
				v, _, err := c.CreateVersion(ctx, wireProject, wireCreate)
				wireCheck(t, err, v, data)
			case "update-version":
				v, _, err := c.UpdateVersion(ctx, wireProject, wireVersion, wireUpdate)
				wireCheck(t, err, v, data)
			case "bulk-patch":
				res, err := c.UpdateVersions(ctx, wireProject, wireBulkIDs, wirePatch)
				if err != nil {
					t.Fatal(err)
				}
				if bytes.HasPrefix(bytes.TrimSpace(data), []byte("{")) {
					// One object, which the document allows: a list of one.
					if len(res.Versions) != 1 {
						t.Fatalf("%d versions from one object", len(res.Versions))
					}
					wireSame(t, "the version", res.Versions[0], data)
					return
				}
				wireSame(t, "the versions", res.Versions, data)
			case "list-versions":
				vs, resp, err := c.ListVersions(ctx, wireProject, nil)
				wireCheck(t, err, wireEnvelope(vs, resp), raw)
			case "list-invitations":
				ins, resp, err := c.ListInvitations(ctx, wireOrg)
				wireCheck(t, err, wireEnvelope(ins, resp), raw)
			case "list-user-projects":
				ps, resp, err := c.ListUserProjects(ctx, Me)
				wireCheck(t, err, wireEnvelope(ps, resp), raw)
			case "get-user":
				u, _, err := c.GetUser(ctx, Me)
				wireCheck(t, err, u, data)
			case "create-invitation":
				// The client reads no member of this answer; it must take it.
				_, err := c.CreateInvitation(ctx, wireOrg, &InvitationRequest{Invitee: "erin"})
				wireCheck(t, err, nil, nil)
			case "accept-invitation":
				_, err := c.AcceptInvitation(ctx, wireOrg, "dave")
				wireCheck(t, err, nil, nil)
			case "error":
				_, _, err := c.GetVersion(ctx, wireProject, wireVersion)
				var e *Error // a *RateLimitError unwraps to one
				if !errors.As(err, &e) {
					t.Fatalf("error %v (%T) is not an *Error", err, err)
				}
				var want struct {
					Error struct{ Code, Message string } `json:"error"`
				}
				json.Unmarshal(raw, &want)
				if e.StatusCode != status || e.Code != want.Error.Code || e.Message != want.Error.Message {
					t.Errorf("got status %d code %q message %q, want %d %q %q", e.StatusCode, e.Code, e.Message, status, want.Error.Code, want.Error.Message)
				}
			case "oauth-token":
				t.Skip("the token response is read by golang.org/x/oauth2 in package auth, not by package api: " +
					"auth's TestTokenFixtureThroughTheExchange reads it")
			default:
				t.Fatalf("no client call for endpoint %s", endpoint)
			}
		})
	}
}

func wireCheck(t *testing.T, err error, got any, want []byte) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	if want != nil {
		wireSame(t, "the decoded answer", got, want)
	}
}

// wireEnvelope rebuilds a list answer from what the client decoded. An
// empty list may come back nil, which is no matter of the wire.
func wireEnvelope[T any](items []T, resp *Response) any {
	if items == nil {
		items = []T{}
	}
	env := map[string]any{"data": items}
	if resp != nil && resp.Pagination != nil {
		env["pagination"] = resp.Pagination
	}
	return env
}

// TestWireRequestFixtures sends each request the client can build through
// the client method of its endpoint: the body (the data part of a
// multipart request) must be the request fixture, member by member.
func TestWireRequestFixtures(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	full := []Dependency{
		{Type: DependencyRequired, ProjectID: "prjEmber"},
		{Type: DependencyOptional, VersionID: "m8tvwZzr"},
		{Type: DependencyIncompatible, Name: "OptiFine", URL: "https://optifine.net/home"},
		{Type: DependencyEmbedded, Name: "bStats"},
	}
	// send makes the request of a fixture; nil means the client never sends
	// it, for the reason given.
	cases := map[string]struct {
		send func(c *Client) error
		why  string
	}{
		"create-version.request.json": {send: func(c *Client) error {
			_, _, err := c.CreateVersion(ctx, wireProject, &CreateVersionRequest{
				Channel: "beta", Version: "2.5.0-beta.1", Name: "Lumen 2.5.0 beta 1",
				Files:             []string{"lumen-2.5.0-beta.1.jar", "https://cdn.example.com/lumen/lumen-2.5.0-beta.1-fabric.jar"},
				Changelog:         "## Added\n\n- Colour-blind palettes\n- `/lumen reload`\n",
				MinecraftVersions: []string{"1.21.4", "1.21.5"}, Platforms: []string{"paper", "fabric"},
				Dependencies: full, Uploads: []Upload{wireUpload("lumen-2.5.0-beta.1.jar")},
			})
			return err
		}},
		"create-version.request.minimal.json": {send: func(c *Client) error {
			_, _, err := c.CreateVersion(ctx, wireProject, &CreateVersionRequest{
				Channel: "chLumRel", Version: "2.5.0", Name: "Lumen 2.5.0",
				Files: []string{"https://cdn.example.com/lumen/lumen-2.5.0.jar"},
			})
			return err
		}},
		"create-version.request.empty-lists.json": {send: func(c *Client) error {
			_, _, err := c.CreateVersion(ctx, wireProject, &CreateVersionRequest{
				Channel: "snapshot", Version: "2.5.0-snapshot.1", Name: "Lumen snapshot",
				Files:             []string{"lumen-snapshot.jar"},
				MinecraftVersions: []string{}, Platforms: []string{}, Dependencies: []Dependency{},
				Uploads: []Upload{wireUpload("lumen-snapshot.jar")},
			})
			return err
		}},
		"create-version.request.nulls.json": {why: "the client omits an absent field; it never sends null"},
		"update-version.request.json": {send: func(c *Client) error {
			_, _, err := c.UpdateVersion(ctx, wireProject, wireVersion, &UpdateVersionRequest{
				Channel: Ptr("release"), Version: Ptr("2.4.0"), Name: Ptr("Lumen 2.4.0 (rebuilt)"),
				Changelog:         Ptr("Rebuilt against Paper 1.21.4 #232."),
				MinecraftVersions: []string{"1.21.4"}, Platforms: []string{"paper", "folia"},
				Dependencies: []Dependency{{Type: DependencyRequired, ProjectID: "prjEmber"}},
				Files:        []string{"lumen-2.4.0-rebuilt.jar", "https://cdn.example.com/lumen/lumen-2.4.0-fabric.jar"},
				Uploads:      []Upload{wireUpload("lumen-2.4.0-rebuilt.jar")},
			})
			return err
		}},
		"update-version.request.one-field.json": {send: func(c *Client) error {
			_, _, err := c.UpdateVersion(ctx, wireProject, wireVersion, &UpdateVersionRequest{Name: Ptr("Lumen 2.4.0")})
			return err
		}},
		"bulk-patch.request.replace.json": {send: func(c *Client) error {
			_, err := c.UpdateVersions(ctx, wireProject, wireBulkIDs, &BulkPatch{
				Channel: Ptr("beta"), Name: Ptr("Lumen (beta)"), Changelog: Ptr("Moved to beta."),
				MinecraftVersions: []string{"1.21.3", "1.21.4"}, Platforms: []string{"paper", "purpur"},
				Dependencies: []Dependency{
					{Type: DependencyRequired, ProjectID: "prjEmber"},
					{Type: DependencyEmbedded, Name: "Adventure", URL: "https://docs.advntr.dev/"},
				},
			})
			return err
		}},
		"bulk-patch.request.add-remove.json": {send: func(c *Client) error {
			_, err := c.UpdateVersions(ctx, wireProject, wireBulkIDs, &BulkPatch{
				AddMinecraftVersions: []string{"1.21.5"}, RemoveMinecraftVersions: []string{"1.20.6"},
				AddPlatforms: []string{"folia"}, RemovePlatforms: []string{"spigot"},
				AddDependencies:    []Dependency{{Type: DependencyOptional, Name: "LuckPerms", URL: "https://luckperms.net/"}},
				RemoveDependencies: []Dependency{{Type: DependencyIncompatible, Name: "OptiFine"}},
			})
			return err
		}},
		"bulk-patch.request.empty-lists.json": {send: func(c *Client) error {
			_, err := c.UpdateVersions(ctx, wireProject, wireBulkIDs, &BulkPatch{MinecraftVersions: []string{}, Dependencies: []Dependency{}})
			return err
		}},
		"create-invitation.request.json": {send: func(c *Client) error {
			_, err := c.CreateInvitation(ctx, wireOrg, &InvitationRequest{
				Invitee: "erin", Role: "Tester", Permissions: []Permission{PermissionMemberCreate, "project:version:update"},
			})
			return err
		}},
		"create-invitation.request.defaults.json": {send: func(c *Client) error {
			_, err := c.CreateInvitation(ctx, wireOrg, &InvitationRequest{Invitee: "erin"})
			return err
		}},
		"create-invitation.request.minimal.json": {why: "the client sends the defaults (role \"\", permissions []): create-invitation.request.defaults.json"},
	}
	for _, name := range wireFixtureNames(t, "request") {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if strings.Contains(name, ".invalid-") {
				t.Skip("a request the service must refuse; the client does not build it")
			}
			c, ok := cases[name]
			switch {
			case !ok:
				t.Fatalf("no client request for %s: add one, or say why the client never sends it", name)
			case c.send == nil:
				t.Skip(c.why)
			}
			endpoint, _, _ := strings.Cut(name, ".")
			answer := map[string]string{"bulk-patch": "bulk-patch.response.json", "create-invitation": "create-invitation.response.json"}[endpoint]
			if answer == "" {
				answer = "get-version.response.json"
			}
			client, ws := newWireClient(t, wireFixture(t, answer), http.StatusOK)
			if err := c.send(client); err != nil {
				t.Fatal(err)
			}
			if len(ws.got) != 1 {
				t.Fatalf("%d requests sent, want 1", len(ws.got))
			}
			wireSame(t, "the request", json.RawMessage(wireRequestData(t, ws.got[0])), wireFixture(t, name))
		})
	}
}

// wireRequestData returns a request's JSON: its body, or the data part of a
// multipart body.
func wireRequestData(t *testing.T, r wireRequest) []byte {
	t.Helper()
	mt, params, _ := mime.ParseMediaType(r.ctype)
	if mt != "multipart/form-data" {
		return r.body
	}
	mr := multipart.NewReader(bytes.NewReader(r.body), params["boundary"])
	for {
		p, err := mr.NextPart()
		if err != nil {
			t.Fatalf("no data part: %v", err)
		}
		if p.FormName() == "data" {
			b, _ := io.ReadAll(p)
			return b
		}
	}
}
