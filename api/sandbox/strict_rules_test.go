package sandbox_test

import (
	"fmt"
	"strings"
	"testing"

	"rdash/api"
	"rdash/api/sandbox"
)

// bulk240 is the bulk path of lumen 2.4.0.
const bulk240 = "/projects/lumen/versions?ids=EEeBM181"

// TestStrictKeepsOnlyTheDocumentsRules sends requests that break a rule of
// the default profile's own: the strict profile accepts them. The same
// requests to the default profile are refused, so each case shows a row
// of README.md's table.
func TestStrictKeepsOnlyTheDocumentsRules(t *testing.T) {
	t.Parallel()
	create := func(change func(m map[string]any)) map[string]any {
		m := map[string]any{"channel": "release", "version": "9.9.9", "name": "Nine", "files": []string{"nine.jar"}}
		change(m)
		return m
	}
	nine := upload{key: "nine.jar", content: "9"}
	tests := []struct {
		name, method, path string
		body               func(t *testing.T) *body
	}{
		{"game version over 32 characters", "PATCH", bulk240, func(t *testing.T) *body {
			return jsonBody(t, map[string]any{"add_minecraft_versions": []string{strings.Repeat("1", 33)}})
		}},
		{"game version twice", "PATCH", bulk240, func(t *testing.T) *body {
			return jsonBody(t, map[string]any{"minecraft_versions": []string{"1.21", "1.21"}})
		}},
		{"platform twice", "PATCH", bulk240, func(t *testing.T) *body {
			return jsonBody(t, map[string]any{"platforms": []string{"paper", "paper"}})
		}},
		{"the same value added and removed", "PATCH", bulk240, func(t *testing.T) *body {
			return jsonBody(t, map[string]any{"add_platforms": []string{"folia"}, "remove_platforms": []string{"folia"}})
		}},
		{"a change naming no field", "PATCH", bulk240, func(t *testing.T) *body { return jsonBody(t, map[string]any{}) }},
		{"a control character in a name", "PATCH", bulk240, func(t *testing.T) *body {
			return jsonBody(t, map[string]any{"name": "tab\there"})
		}},
		{"an ID twice", "PATCH", bulk240 + ",EEeBM181", func(t *testing.T) *body { return jsonBody(t, map[string]any{"name": "x"}) }},
		{"a dependency ID of other characters", "PATCH", bulk240, func(t *testing.T) *body {
			return jsonBody(t, map[string]any{"add_dependencies": []api.Dependency{{Type: "optional", ProjectID: "ab-d_fgh"}}})
		}},
		{"a dependency URL over 256 characters", "PATCH", bulk240, func(t *testing.T) *body {
			return jsonBody(t, map[string]any{"add_dependencies": []api.Dependency{{Type: "optional", Name: "Long", URL: "https://example.org/" + strings.Repeat("x", 250)}}})
		}},
		{"role over 64 characters", "POST", "/orgs/emberforge/invitations", func(t *testing.T) *body {
			return jsonBody(t, map[string]any{"invitee": "erin", "role": strings.Repeat("r", 65)})
		}},
		{"a permission the sandbox does not know", "POST", "/orgs/emberforge/invitations", func(t *testing.T) *body {
			return jsonBody(t, map[string]any{"invitee": "erin", "permissions": []string{"PROJECT_ADMIN", "PROJECT_ADMIN"}})
		}},
		{"a file listed twice", "POST", "/projects/lumen/versions", func(t *testing.T) *body {
			return multipartBody(t, create(func(m map[string]any) { m["files"] = []string{"nine.jar", "nine.jar"} }), nine)
		}},
		{"an update's file name over 128 characters", "PATCH", "/projects/lumen/versions/2.4.0", func(t *testing.T) *body {
			long := strings.Repeat("f", 125) + ".jar"
			return multipartBody(t, map[string]any{"files": []string{long}}, upload{key: long, content: "x"})
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d := start(t, sandbox.Options{})
			if r := d.do(t, tt.method, tt.path, d.token(t, "alice"), tt.body(t)); r.status != 400 {
				t.Fatalf("the default profile answered %d, not 400: %s", r.status, r.body)
			}
			s := startStrict(t)
			if r := s.do(t, tt.method, tt.path, s.token(t, "alice"), tt.body(t)); r.status != 200 {
				t.Fatalf("the strict profile answered %d: %s", r.status, r.body)
			}
		})
	}
}

// TestStrictKeepsRepeatsOnce: a list sent with a value twice is stored
// with it once.
func TestStrictKeepsRepeatsOnce(t *testing.T) {
	t.Parallel()
	h := startStrict(t)
	tok := h.token(t, "alice")
	h.do(t, "PATCH", bulk240, tok, jsonBody(t, map[string]any{"platforms": []string{"paper", "folia", "paper"}})).want(t, 200)
	wantEq(t, strings.Join(h.versionAs(t, tok, "lumen", "2.4.0").Platforms, ","), "paper,folia")
	h.do(t, "POST", "/orgs/emberforge/invitations", tok, jsonBody(t, map[string]any{"invitee": "erin", "permissions": []string{"X", "X"}})).want(t, 200)
	var ins []api.Invitation
	h.do(t, "GET", "/orgs/emberforge/invitations", tok, nil).want(t, 200).data(t, &ins)
	wantEq(t, fmt.Sprint(ins[1].Permissions), "[X]")
}

// TestStrictStillRefusesTheDocumentsRules: what the document states is
// refused by the strict profile too, with its validation status.
func TestStrictStillRefusesTheDocumentsRules(t *testing.T) {
	t.Parallel()
	h := startStrict(t)
	tok := h.token(t, "alice")
	refused := func(method, path string, b *body, parts ...string) {
		t.Helper()
		h.do(t, method, path, tok, b).wantText(t, 422, parts...)
	}
	refused("PATCH", bulk240, jsonBody(t, map[string]any{"name": strings.Repeat("n", 65)}), "name", "64")
	refused("PATCH", bulk240, jsonBody(t, map[string]any{"platforms": []string{"paper"}, "add_platforms": []string{"folia"}}), "platforms")
	refused("PATCH", bulk240, jsonBody(t, map[string]any{"platforms": []string{"bedrock"}}), "platforms[0]", "bedrock")
	refused("PATCH", bulk240, jsonBody(t, map[string]any{"dependencies": []api.Dependency{{Type: "required", ProjectID: "prjEmber", Name: "Ember"}}}), "exactly one")
	refused("PATCH", bulk240, jsonBody(t, map[string]any{"dependencies": []api.Dependency{{Type: "required", ProjectID: "prjEmber"}, {Type: "optional", ProjectID: "prjEmber"}}}), "duplicate")
	refused("PATCH", bulk240, jsonBody(t, map[string]any{"dependencies": []api.Dependency{{Type: "required", ProjectID: "prjEmbe"}}}), "8 characters")
	refused("PATCH", bulk240, jsonBody(t, map[string]any{"add_dependencies": []api.Dependency{{Type: "optional", Name: strings.Repeat("d", 65)}}}), "64")
	data := map[string]any{"channel": "release", "version": strings.Repeat("v", 33), "name": "V", "files": []string{"v.jar"}}
	refused("POST", "/projects/lumen/versions", multipartBody(t, data, upload{key: "v.jar", content: "v"}), "data.version", "32")
	data = map[string]any{"channel": "release", "version": "9", "name": "V", "files": []string{"https://example.org/" + strings.Repeat("u", 240)}}
	refused("POST", "/projects/lumen/versions", multipartBody(t, data), "data.files[0]", "256")
	data = map[string]any{"channel": "release", "version": "9", "name": "V", "files": []string{"a.jar"}}
	refused("POST", "/projects/lumen/versions", multipartBody(t, data, upload{key: "a.jar"}, upload{key: "b.jar"}), "files[1]", "data.files")
	refused("POST", "/orgs/emberforge/invitations", jsonBody(t, map[string]any{"role": "x"}), "invitee")
}

func TestStrictSizeCaps(t *testing.T) {
	t.Parallel()
	h := startStrict(t)
	tok := h.token(t, "alice")
	ids := make([]string, sandbox.StrictMaxBulkIDs+1)
	for i := range ids {
		ids[i] = fmt.Sprintf("zz%06d", i)
	}
	path := "/projects/lumen/versions?ids="
	h.do(t, "DELETE", path+strings.Join(ids[:sandbox.StrictMaxBulkIDs], ","), tok, nil).wantText(t, 404, "zz000000")
	h.do(t, "DELETE", path+strings.Join(ids, ","), tok, nil).wantText(t, 422, "ids", "500")

	big := `{"changelog": "` + strings.Repeat("x", sandbox.MaxBodyBytes) + `"}` // over the default profile's cap
	h.do(t, "PATCH", bulk240, tok, rawBody("application/json", big)).want(t, 200)
	big = `{"changelog": "` + strings.Repeat("x", sandbox.StrictMaxBodyBytes) + `"}`
	h.do(t, "PATCH", bulk240, tok, rawBody("application/json", big)).wantText(t, 413, "body")

	for _, n := range []int{sandbox.MaxUploads + 1, sandbox.StrictMaxUploads + 1} {
		var files []string
		var ups []upload
		for i := range n {
			name := fmt.Sprintf("part-%03d.jar", i)
			files = append(files, name)
			ups = append(ups, upload{key: name, content: "x"})
		}
		data := map[string]any{"channel": "release", "version": fmt.Sprintf("9.0.%d", n), "name": "Many", "files": files}
		r := h.do(t, "POST", "/projects/lumen/versions", tok, multipartBody(t, data, ups...))
		if n > sandbox.StrictMaxUploads {
			r.wantText(t, 422, "files", "at most")
		} else {
			r.want(t, 200)
		}
	}
}

func TestStrictRefusesPKCERequired(t *testing.T) {
	t.Parallel()
	if _, err := sandbox.New(sandbox.Options{Strict: true, RequirePKCE: true}); err == nil || !strings.Contains(err.Error(), "PKCE") {
		t.Fatalf("New(Strict, RequirePKCE) = %v", err)
	}
}
