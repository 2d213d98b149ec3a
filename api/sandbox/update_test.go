package sandbox_test

import (
	"strings"
	"testing"

	"rdash/api"
	"rdash/api/sandbox"
)

func TestUpdateVersion(t *testing.T) {
	t.Parallel()
	h := start(t, sandbox.Options{})
	tok := h.token(t, "alice")
	before := h.version(t, "lumen", "2.4.0")
	data := map[string]any{
		"version": "2.4.1", "name": "Renamed", "changelog": "new", "channel": "beta",
		"platforms": []string{"paper"}, "minecraft_versions": []string{"1.21.5"},
		"dependencies": []api.Dependency{{Type: "embedded", Name: "Adventure"}},
	}
	var v api.Version
	h.do(t, "PATCH", "/projects/lumen/versions/2.4.0", tok, multipartBody(t, data)).want(t, 200).data(t, &v)
	if v.ID != before.ID || v.Version != "2.4.1" || v.Name != "Renamed" || v.Changelog != "new" || v.Channel.Slug != "beta" ||
		strings.Join(v.Platforms, ",") != "paper" || strings.Join(v.MinecraftVersions, ",") != "1.21.5" ||
		len(v.Dependencies) != 1 || len(v.Files) != len(before.Files) || !v.CreatedAt.Equal(before.CreatedAt) {
		t.Fatalf("got %+v", v)
	}
	h.do(t, "GET", "/projects/lumen/versions/2.4.0", "", nil).wantError(t, 404)
	wantEq(t, h.version(t, "lumen", "2.4.1").ID, before.ID)

	// Same version string on itself is no conflict.
	h.do(t, "PATCH", "/projects/lumen/versions/"+v.ID, tok, multipartBody(t, map[string]any{"version": "2.4.1"})).want(t, 200)
}

func TestUpdateVersionFiles(t *testing.T) {
	t.Parallel()
	h := start(t, sandbox.Options{})
	tok := h.token(t, "alice")
	before := h.version(t, "lumen", "2.0.0") // lumen-2.0.0.jar, then an external file
	jar := before.Files[0]

	// Keep the jar, add an upload and an external URL; the old external file goes.
	ext := "https://mirror.example.org/lumen-2.0.0.jar"
	var v api.Version
	h.do(t, "PATCH", "/projects/lumen/versions/2.0.0", tok, multipartBody(t,
		map[string]any{"files": []string{jar.Name, "extra.jar", ext}},
		upload{key: "extra.jar", content: "extra"})).want(t, 200).data(t, &v)
	if len(v.Files) != 3 || v.Files[0].ID != jar.ID || !v.Files[0].IsPrimary || v.Files[1].Name != "extra.jar" || v.Files[1].Size != 5 || v.Files[2].ExternalURL != ext {
		t.Fatalf("files %+v", v.Files)
	}

	// An upload of an existing name replaces that file; the first listed is primary.
	h.do(t, "PATCH", "/projects/lumen/versions/2.0.0", tok, multipartBody(t,
		map[string]any{"files": []string{"extra.jar", jar.Name}},
		upload{key: jar.Name, content: "rebuilt jar"})).want(t, 200).data(t, &v)
	if len(v.Files) != 2 || v.Files[0].Name != "extra.jar" || !v.Files[0].IsPrimary || v.Files[1].IsPrimary ||
		v.Files[1].ID == jar.ID || v.Files[1].Size != int64(len("rebuilt jar")) {
		t.Fatalf("files %+v", v.Files)
	}
	origin := strings.TrimSuffix(h.run.BaseURL, "/api/v1")
	h.do(t, "GET", origin+"/files/"+jar.ID+"/"+jar.Name, "", nil).wantError(t, 404)
	h.do(t, "GET", origin+"/files/"+v.Files[1].ID+"/"+jar.Name, "", nil).want(t, 200)
}

func TestUpdateVersionRejects(t *testing.T) {
	t.Parallel()
	h := start(t, sandbox.Options{})
	tok := h.token(t, "alice")
	tests := []struct {
		name    string
		data    any
		uploads []upload
		status  int
		parts   []string
	}{
		{"nothing to change", map[string]any{}, nil, 400, []string{"data", "no field"}},
		{"no files left", map[string]any{"files": []string{}}, nil, 400, []string{"data.files", "at least one"}},
		{"unknown file", map[string]any{"files": []string{"ghost.jar"}}, nil, 400, []string{"data.files[0]", "no uploaded part or file"}},
		{"upload without data.files", map[string]any{"name": "x"}, []upload{{key: "a.jar"}}, 400, []string{"files", "not listed"}},
		{"version string taken", map[string]any{"version": "2.3.1"}, nil, 409, []string{"2.3.1"}},
		{"unknown channel", map[string]any{"channel": "nightly"}, nil, 400, []string{"data.channel", "nightly"}},
		{"name too long", map[string]any{"name": strings.Repeat("n", 65)}, nil, 400, []string{"data.name", "64"}},
		{"version too long", map[string]any{"version": strings.Repeat("1", 33)}, nil, 400, []string{"data.version", "32"}},
		{"bad dependency", map[string]any{"dependencies": []api.Dependency{{Type: "required"}}}, nil, 400, []string{"data.dependencies[0]", "exactly one"}},
		{"malformed JSON", `{"name":`, nil, 400, []string{"data", "malformed JSON"}},
	}
	t.Run("rules", func(t *testing.T) {
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				t.Parallel()
				h.do(t, "PATCH", "/projects/lumen/versions/2.4.0", tok, multipartBody(t, tt.data, tt.uploads...)).wantError(t, tt.status, tt.parts...)
			})
		}
		t.Run("not multipart", func(t *testing.T) {
			t.Parallel()
			h.do(t, "PATCH", "/projects/lumen/versions/2.4.0", tok, jsonBody(t, map[string]any{"name": "x"})).wantError(t, 400, "Content-Type")
		})
		t.Run("unknown version", func(t *testing.T) {
			t.Parallel()
			h.do(t, "PATCH", "/projects/lumen/versions/7.7.7", tok, multipartBody(t, map[string]any{"name": "x"})).wantError(t, 404, "7.7.7")
		})
	})
	after := h.version(t, "lumen", "2.4.0")
	if after.Name != "Lumen 2.4.0: Working lights" || len(after.Files) != 2 {
		t.Errorf("a rejected update changed the version: %+v", after)
	}
}

func TestDeleteVersion(t *testing.T) {
	t.Parallel()
	h := start(t, sandbox.Options{})
	tok := h.token(t, "bob")
	vs, _ := h.list(t, "emberforge-core", "page_size=1")
	full := h.version(t, "emberforge-core", vs[0].ID)
	r := h.do(t, "DELETE", "/projects/emberforge-core/versions/"+full.Version, tok, nil).want(t, 204)
	if len(r.body) != 0 {
		t.Errorf("204 with a body: %s", r.body)
	}
	h.do(t, "GET", "/versions/"+full.ID, "", nil).wantError(t, 404)
	h.do(t, "DELETE", "/projects/emberforge-core/versions/"+full.ID, tok, nil).wantError(t, 404)
	origin := strings.TrimSuffix(h.run.BaseURL, "/api/v1")
	h.do(t, "GET", origin+"/files/"+full.Files[0].ID+"/"+full.Files[0].Name, "", nil).wantError(t, 404)
	_, pg := h.list(t, "emberforge-core", "")
	wantEq(t, pg.Total, 1499)
}
