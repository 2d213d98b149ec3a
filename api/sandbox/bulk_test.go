package sandbox_test

import (
	"slices"
	"strings"
	"testing"

	"rdash/api"
	"rdash/api/sandbox"
)

// lumenIDs returns the IDs of lumen versions by version string.
func lumenIDs(t *testing.T, h *harness, versions ...string) []string {
	t.Helper()
	ids := make([]string, len(versions))
	for i, v := range versions {
		ids[i] = h.version(t, "lumen", v).ID
	}
	return ids
}

func TestBulkPatch(t *testing.T) {
	t.Parallel()
	h := start(t, sandbox.Options{})
	tok := h.token(t, "alice")
	ids := lumenIDs(t, h, "2.3.0", "2.3.1", "2.4.0") // all require emberforge-core and target paper, fabric
	patch := map[string]any{
		"channel": "snapshot", "name": "Same name", "changelog": "Same changelog",
		"add_platforms": []string{"purpur", "paper"}, "remove_platforms": []string{"fabric"},
		"minecraft_versions":  []string{"1.21.5"},
		"remove_dependencies": []api.Dependency{{Type: "required", ProjectID: "prjEmber"}, {Type: "embedded", Name: "Adventure"}},
		"add_dependencies":    []api.Dependency{{Type: "optional", ProjectID: "prjEmber"}},
	}
	var got []api.Version
	h.do(t, "PATCH", "/projects/lumen/versions?ids="+strings.Join(ids, ","), tok, jsonBody(t, patch)).want(t, 200).data(t, &got)
	if len(got) != 3 {
		t.Fatalf("got %d versions", len(got))
	}
	for i, v := range got {
		wantEq(t, v.ID, ids[i])
		wantEq(t, v.Channel.Slug, "snapshot")
		wantEq(t, v.Name, "Same name")
		wantEq(t, v.Changelog, "Same changelog")
		wantEq(t, strings.Join(v.Platforms, ","), "paper,folia,neoforge,purpur")
		wantEq(t, strings.Join(v.MinecraftVersions, ","), "1.21.5")
		if len(v.Files) == 0 {
			t.Error("bulk answer without files")
		}
		if slices.ContainsFunc(v.Dependencies, func(d api.Dependency) bool { return d.Name == "Adventure" || d.Type == "required" }) ||
			!slices.Contains(v.Dependencies, api.Dependency{Type: "optional", ProjectID: "prjEmber"}) {
			t.Errorf("%s dependencies %+v", v.Version, v.Dependencies)
		}
		wantEq(t, h.version(t, "lumen", v.ID).Name, "Same name")
	}

	// Removing matches type and target: an optional OptiFine is not there.
	h.do(t, "PATCH", "/projects/lumen/versions?ids="+ids[0], tok, jsonBody(t, map[string]any{
		"remove_dependencies": []api.Dependency{{Type: "optional", Name: "OptiFine"}},
	})).want(t, 200).data(t, &got)
	if !slices.ContainsFunc(got[0].Dependencies, func(d api.Dependency) bool { return d.Name == "OptiFine" }) {
		t.Error("removed a dependency of another type")
	}
}

func TestBulkPatchRejects(t *testing.T) {
	t.Parallel()
	h := start(t, sandbox.Options{})
	tok := h.token(t, "alice")
	ids := strings.Join(lumenIDs(t, h, "2.3.0", "2.4.0"), ",")
	quartz := h.version(t, "quartz-ui", "1.2.0").ID
	many := strings.TrimSuffix(strings.Repeat("abcd1234,", 101), ",")
	tests := []struct {
		name   string
		query  string
		body   *body
		status int
		parts  []string
	}{
		{"replace and add", "ids=" + ids, jsonBody(t, map[string]any{"minecraft_versions": []string{"1.21"}, "add_minecraft_versions": []string{"1.20"}}), 400, []string{"minecraft_versions", "cannot be combined"}},
		{"replace and remove", "ids=" + ids, jsonBody(t, map[string]any{"platforms": []string{"paper"}, "remove_platforms": []string{"folia"}}), 400, []string{"platforms", "cannot be combined"}},
		{"replace and add dependencies", "ids=" + ids, jsonBody(t, map[string]any{"dependencies": []api.Dependency{}, "add_dependencies": []api.Dependency{{Type: "optional", Name: "X"}}}), 400, []string{"dependencies", "cannot be combined"}},
		{"add and remove one value", "ids=" + ids, jsonBody(t, map[string]any{"add_platforms": []string{"paper"}, "remove_platforms": []string{"paper"}}), 400, []string{"add_platforms[0]", "remove_platforms"}},
		{"unknown platform", "ids=" + ids, jsonBody(t, map[string]any{"add_platforms": []string{"bedrock"}}), 400, []string{"add_platforms[0]", "bedrock"}},
		{"bad dependency", "ids=" + ids, jsonBody(t, map[string]any{"remove_dependencies": []api.Dependency{{Type: "optional", Name: "X", ProjectID: "prjEmber"}}}), 400, []string{"remove_dependencies[0]", "exactly one"}},
		{"target twice after add", "ids=" + ids, jsonBody(t, map[string]any{"add_dependencies": []api.Dependency{{Type: "optional", ProjectID: "prjEmber"}}}), 400, []string{"add_dependencies", "twice"}},
		{"name too long", "ids=" + ids, jsonBody(t, map[string]any{"name": strings.Repeat("n", 65)}), 400, []string{"name", "64"}},
		{"unknown channel", "ids=" + ids, jsonBody(t, map[string]any{"channel": "nightly"}), 400, []string{"channel", "nightly"}},
		{"nothing to change", "ids=" + ids, jsonBody(t, map[string]any{}), 400, []string{"body", "no field"}},
		{"unknown field", "ids=" + ids, jsonBody(t, map[string]any{"add_platform": []string{"paper"}}), 400, []string{"unknown field", "add_platform"}},
		{"malformed JSON", "ids=" + ids, rawBody("application/json", `{"name": "x"`), 400, []string{"malformed JSON"}},
		{"not JSON", "ids=" + ids, rawBody("text/plain", `{"name": "x"}`), 400, []string{"Content-Type"}},
		{"no ids", "", jsonBody(t, map[string]any{"name": "x"}), 400, []string{"ids", "required"}},
		{"too many ids", "ids=" + many, jsonBody(t, map[string]any{"name": "x"}), 400, []string{"ids", "at most 100"}},
		{"malformed id", "ids=" + ids + ",2.4.0", jsonBody(t, map[string]any{"name": "x"}), 400, []string{"ids[2]", "2.4.0"}},
		{"id twice", "ids=" + ids + "," + ids, jsonBody(t, map[string]any{"name": "x"}), 400, []string{"ids[2]", "duplicate"}},
		{"unknown id", "ids=" + ids + ",zzzz9999", jsonBody(t, map[string]any{"name": "x"}), 404, []string{"zzzz9999"}},
		{"another project's id", "ids=" + ids + "," + quartz, jsonBody(t, map[string]any{"name": "x"}), 404, []string{quartz}},
	}
	t.Run("rules", func(t *testing.T) {
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				t.Parallel()
				h.do(t, "PATCH", "/projects/lumen/versions?"+tt.query, tok, tt.body).wantError(t, tt.status, tt.parts...)
			})
		}
	})
	for _, v := range []string{"2.3.0", "2.4.0"} {
		if got := h.version(t, "lumen", v); got.Name == "x" || got.Channel.Slug != "release" {
			t.Errorf("a rejected bulk patch changed %s", v)
		}
	}
}

func TestBulkDelete(t *testing.T) {
	t.Parallel()
	h := start(t, sandbox.Options{})
	tok := h.token(t, "alice")
	ids := lumenIDs(t, h, "1.0.0", "1.0.1", "1.1.0")
	h.do(t, "DELETE", "/projects/lumen/versions?ids="+strings.Join(ids, ",")+",zzzz9999", tok, nil).wantError(t, 404, "zzzz9999", "nothing was changed")
	h.do(t, "DELETE", "/projects/lumen/versions", tok, nil).wantError(t, 400, "ids")
	_, pg := h.list(t, "lumen", "")
	wantEq(t, pg.Total, 25)

	h.do(t, "DELETE", "/projects/lumen/versions?ids="+strings.Join(ids, ","), tok, nil).want(t, 204)
	_, pg = h.list(t, "lumen", "")
	wantEq(t, pg.Total, 22)
	for _, id := range ids {
		h.do(t, "GET", "/versions/"+id, "", nil).wantError(t, 404)
	}
}
