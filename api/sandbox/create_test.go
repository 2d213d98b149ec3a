package sandbox_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"rdash/api"
	"rdash/api/sandbox"
)

func TestCreateVersion(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	h := start(t, sandbox.Options{Now: func() time.Time { return now }})
	tok := h.token(t, "alice")
	ext := "https://github.com/lumen-mc/lumen/releases/download/v3.0.0/lumen-fabric-3.0.0.jar"
	data := map[string]any{
		"channel": "release", "version": "3.0.0", "name": "Lumen 3", "changelog": "# Three",
		"files": []string{"lumen-3.0.0.jar", ext},
	}
	var v api.Version
	h.do(t, "POST", "/projects/lumen/versions", tok,
		multipartBody(t, data, upload{key: "lumen-3.0.0.jar", content: "jar bytes"})).want(t, 201).data(t, &v)

	wantEq(t, v.Version, "3.0.0")
	wantEq(t, v.Changelog, "# Three")
	wantEq(t, v.Channel.Slug, "release")
	wantEq(t, v.CreatedAt.Equal(now), true)
	wantEq(t, strings.Join(v.MinecraftVersions, ","), "1.21.4") // the channel's defaults
	wantEq(t, strings.Join(v.Platforms, ","), "paper,fabric")
	wantEq(t, len(v.Dependencies), 1)
	wantEq(t, v.Dependencies[0].ProjectID, "prjEmber")
	if len(v.Files) != 2 || !v.Files[0].IsPrimary || v.Files[0].Size != 9 || v.Files[1].ExternalURL != ext || v.Files[1].IsPrimary {
		t.Fatalf("files %+v", v.Files)
	}
	if len(v.ID) != 8 {
		t.Errorf("ID %q", v.ID)
	}
	wantEq(t, h.version(t, "lumen", v.ID).Name, "Lumen 3")
	latest, _ := h.list(t, "lumen", "page_size=1")
	wantEq(t, latest[0].ID, v.ID)

	// Lists given, even empty ones, replace the channel's defaults.
	data = map[string]any{
		"channel": "chLumBet", "version": "3.1.0-beta.1", "name": "Beta", "files": []string{ext},
		"platforms": []string{}, "minecraft_versions": []string{"1.21.4", "1.21.5"},
		"dependencies": []api.Dependency{{Type: "optional", Name: "Sodium", URL: "https://example.org/sodium"}},
	}
	h.do(t, "POST", "/projects/lumen/versions", tok, multipartBody(t, data)).want(t, 201).data(t, &v)
	if len(v.Platforms) != 0 || len(v.MinecraftVersions) != 2 || v.Dependencies[0].Name != "Sodium" || v.Channel.Slug != "beta" {
		t.Errorf("got %+v", v)
	}
}

func TestCreateVersionRejects(t *testing.T) {
	t.Parallel()
	h := start(t, sandbox.Options{})
	tok := h.token(t, "alice")
	long := func(n int) string { return strings.Repeat("x", n) }
	dep := func(d api.Dependency) func(m map[string]any) {
		return func(m map[string]any) { m["dependencies"] = []api.Dependency{d} }
	}
	set := func(k string, v any) func(m map[string]any) { return func(m map[string]any) { m[k] = v } }
	tests := []struct {
		name    string
		change  func(m map[string]any)
		uploads []upload // nil: the one listed file
		status  int
		parts   []string
	}{
		{"version too long", set("version", long(33)), nil, 400, []string{"data.version", "32"}},
		{"version missing", func(m map[string]any) { delete(m, "version") }, nil, 400, []string{"data.version", "required"}},
		{"name too long", set("name", long(65)), nil, 400, []string{"data.name", "64"}},
		{"name missing", func(m map[string]any) { delete(m, "name") }, nil, 400, []string{"data.name", "required"}},
		{"channel missing", func(m map[string]any) { delete(m, "channel") }, nil, 400, []string{"data.channel", "required"}},
		{"channel unknown", set("channel", "nightly"), nil, 400, []string{"data.channel", "nightly"}},
		{"files missing", func(m map[string]any) { delete(m, "files") }, []upload{}, 400, []string{"data.files", "required"}},
		{"files empty", set("files", []string{}), []upload{}, 400, []string{"data.files", "at least one"}},
		{"file name too long", set("files", []string{long(125) + ".jar"}), []upload{{key: long(125) + ".jar"}}, 400, []string{"data.files[0]", "128"}},
		{"file name with a slash", set("files", []string{"a/b.jar"}), []upload{}, 400, []string{"data.files[0]", "/"}},
		{"URL too long", set("files", []string{"a.jar", "https://example.org/" + long(237)}), nil, 400, []string{"data.files[1]", "256"}},
		{"URL not http", set("files", []string{"a.jar", "ftp://example.org/a.jar"}), nil, 400, []string{"data.files[1]", "http(s)"}},
		{"listed file not uploaded", set("files", []string{"a.jar", "b.jar"}), nil, 400, []string{"data.files[1]", "no uploaded part"}},
		{"upload not listed", nil, []upload{{key: "a.jar"}, {key: "b.jar"}}, 400, []string{"files", `"b.jar"`, "not listed"}},
		{"part key is not the filename", nil, []upload{{key: "a.jar", filename: "c.jar"}}, 400, []string{"files", "must equal the filename"}},
		{"same part twice", nil, []upload{{key: "a.jar"}, {key: "a.jar"}}, 400, []string{"files", "two parts"}},
		{"file listed twice", set("files", []string{"a.jar", "a.jar"}), nil, 400, []string{"data.files[1]", "duplicate"}},
		{"unknown platform", set("platforms", []string{"paper", "bedrock"}), nil, 400, []string{"data.platforms[1]", "bedrock"}},
		{"platform twice", set("platforms", []string{"paper", "paper"}), nil, 400, []string{"data.platforms[1]", "duplicate"}},
		{"blank game version", set("minecraft_versions", []string{" "}), nil, 400, []string{"data.minecraft_versions[0]", "empty"}},
		{"dependency type", dep(api.Dependency{Type: "maybe", Name: "X"}), nil, 400, []string{"data.dependencies[0].type", "required, optional, incompatible, embedded"}},
		{"dependency without target", dep(api.Dependency{Type: "required"}), nil, 400, []string{"data.dependencies[0]", "exactly one"}},
		{"dependency with two targets", dep(api.Dependency{Type: "required", Name: "X", ProjectID: "prjQuart"}), nil, 400, []string{"exactly one"}},
		{"short version_id", dep(api.Dependency{Type: "required", VersionID: "abc1234"}), nil, 400, []string{"data.dependencies[0].version_id", "8 characters"}},
		{"bad project_id", dep(api.Dependency{Type: "required", ProjectID: "prj-Lum1"}), nil, 400, []string{"data.dependencies[0].project_id", "8 characters"}},
		{"dependency name too long", dep(api.Dependency{Type: "optional", Name: long(65)}), nil, 400, []string{"data.dependencies[0].name", "64"}},
		{"dependency name with a control", dep(api.Dependency{Type: "optional", Name: "bell\a"}), nil, 400, []string{"data.dependencies[0].name", "visible"}},
		{"blank dependency name", dep(api.Dependency{Type: "optional", Name: "   "}), nil, 400, []string{"data.dependencies[0].name", "empty"}},
		{"dependency url not http", dep(api.Dependency{Type: "optional", Name: "X", URL: "javascript:alert(1)"}), nil, 400, []string{"data.dependencies[0].url", "http(s)"}},
		{"dependency url without name", dep(api.Dependency{Type: "optional", ProjectID: "prjQuart", URL: "https://example.org"}), nil, 400, []string{"data.dependencies[0].url", "beside name"}},
		{"duplicate identifiers", set("dependencies", []api.Dependency{{Type: "required", ProjectID: "prjQuart"}, {Type: "optional", ProjectID: "prjQuart"}}), nil, 400, []string{"data.dependencies[1]", "duplicate"}},
		{"unknown field", set("minecraftVersions", []string{"1.21"}), nil, 400, []string{"data", "unknown field", "minecraftVersions"}},
		{"wrong JSON type", set("platforms", "paper"), nil, 400, []string{"data.platforms", "wrong JSON type"}},
		{"version string taken", set("version", "2.4.0"), nil, 409, []string{"2.4.0"}},
	}
	// The group returns when its parallel subtests are done.
	t.Run("rules", func(t *testing.T) {
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				t.Parallel()
				data := map[string]any{"channel": "release", "version": "9.0.0", "name": "Nine", "files": []string{"a.jar"}}
				if tt.change != nil {
					tt.change(data)
				}
				uploads := tt.uploads
				if uploads == nil {
					uploads = []upload{{key: "a.jar", content: "x"}}
				}
				h.do(t, "POST", "/projects/lumen/versions", tok, multipartBody(t, data, uploads...)).wantError(t, tt.status, tt.parts...)
			})
		}
		t.Run("malformed JSON", func(t *testing.T) {
			t.Parallel()
			h.do(t, "POST", "/projects/lumen/versions", tok, multipartBody(t, `{"channel": "release",`)).wantError(t, 400, "data", "malformed JSON")
		})
		t.Run("not multipart", func(t *testing.T) {
			t.Parallel()
			h.do(t, "POST", "/projects/lumen/versions", tok, jsonBody(t, map[string]any{"version": "9"})).wantError(t, 400, "Content-Type", "multipart")
		})
		t.Run("no data part", func(t *testing.T) {
			t.Parallel()
			b := multipartBody(t, "{}")
			b.data = []byte(strings.Replace(string(b.data), `name="data"`, `name="meta"`, 1))
			h.do(t, "POST", "/projects/lumen/versions", tok, b).wantError(t, 400, "data", "required")
		})
	})
	if _, pg := h.list(t, "lumen", ""); pg.Total != 25 {
		t.Errorf("a rejected request created a version: %d versions", pg.Total)
	}
}

func TestUploadLimits(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	h := start(t, sandbox.Options{MaxFileBytes: 1000, MaxUploadBytes: 1500, UploadDir: dir})
	tok := h.token(t, "alice")
	data := func(files ...string) map[string]any {
		return map[string]any{"channel": "release", "version": "9.0.0", "name": "Nine", "files": files}
	}
	send := func(b *body, stream bool) reply {
		t.Helper()
		if !stream {
			return h.do(t, "POST", "/projects/lumen/versions", tok, b)
		}
		// Streamed without a Content-Length, the limits strike while reading.
		req, err := http.NewRequestWithContext(t.Context(), "POST", h.run.BaseURL+"/projects/lumen/versions", io.MultiReader(bytes.NewReader(b.data)))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", b.ctype)
		req.Header.Set("Authorization", "Bearer "+tok)
		resp, err := h.hc.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		raw, _ := io.ReadAll(resp.Body)
		return reply{resp.StatusCode, resp.Header, raw}
	}
	for _, stream := range []bool{false, true} {
		// One file over the per-file limit: named by its place among the uploads.
		send(multipartBody(t, data("a.jar", "b.jar"), upload{key: "a.jar", content: "a"},
			upload{key: "b.jar", content: strings.Repeat("x", 1001)}), stream).wantError(t, 413, "files[1]", "b.jar", "1000")
		// Each file within it, together over the per-request limit.
		send(multipartBody(t, data("a.jar", "b.jar"), upload{key: "a.jar", content: strings.Repeat("x", 800)},
			upload{key: "b.jar", content: strings.Repeat("x", 800)}), stream).wantError(t, 413, "files:", "1500")
		// The data part is capped like a JSON body.
		big := `{"changelog": "` + strings.Repeat("x", sandbox.MaxBodyBytes) + `"}`
		send(multipartBody(t, big), stream).wantError(t, 413, "data")
	}
	// A listed name that never arrives, and a part not listed.
	send(multipartBody(t, data("a.jar", "b.jar"), upload{key: "a.jar", content: "a"}), false).wantError(t, 400, "data.files[1]", "b.jar")
	send(multipartBody(t, data("a.jar"), upload{key: "a.jar", content: "a"}, upload{key: "c.jar", content: "c"}), false).wantError(t, 400, "files[1]", "c.jar")
	_, pg := h.list(t, "lumen", "")
	wantEq(t, pg.Total, 25)
	// Exactly at the limits it is accepted.
	send(multipartBody(t, data("a.jar", "b.jar"), upload{key: "a.jar", content: strings.Repeat("x", 1000)},
		upload{key: "b.jar", content: strings.Repeat("y", 500)}), true).want(t, 201)
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		t.Errorf("small uploads or refused ones left files on disk: %v", left)
	}
}

// TestLargeUploadSpillsToDisk: an upload beyond the memory cap is kept in
// the upload directory, served back whole, and removed on Close.
func TestLargeUploadSpillsToDisk(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	h := start(t, sandbox.Options{UploadDir: dir})
	tok := h.token(t, "alice")
	content := strings.Repeat("0123456789abcdef", 6<<16) // 6 MiB
	data := map[string]any{"channel": "release", "version": "9.1.0", "name": "Big", "files": []string{"big.jar"}}
	var v api.Version
	h.do(t, "POST", "/projects/lumen/versions", tok, multipartBody(t, data, upload{key: "big.jar", content: content})).want(t, 201).data(t, &v)
	sum := sha256.Sum256([]byte(content))
	wantEq(t, v.Files[0].Size, int64(len(content)))
	wantEq(t, v.Files[0].Checksum["sha256"], any(hex.EncodeToString(sum[:])))
	if left, _ := os.ReadDir(dir); len(left) != 1 {
		t.Errorf("%d files in the upload directory, want 1", len(left))
	}
	loc := h.do(t, "GET", "/projects/lumen/versions/9.1.0/download", "", nil).want(t, 302).header.Get("Location")
	got := h.do(t, "GET", loc, "", nil).want(t, 200)
	if string(got.body) != content {
		t.Errorf("downloaded %d bytes, not the upload", len(got.body))
	}
}

func TestUploadCountLimit(t *testing.T) {
	t.Parallel()
	h := start(t, sandbox.Options{})
	tok := h.token(t, "alice")
	for _, n := range []int{sandbox.MaxUploads, sandbox.MaxUploads + 1} {
		var files []string
		var ups []upload
		for i := range n {
			name := fmt.Sprintf("part-%03d.jar", i)
			files = append(files, name)
			ups = append(ups, upload{key: name, content: "x"})
		}
		data := map[string]any{"channel": "release", "version": fmt.Sprintf("9.0.%d", n), "name": "Many", "files": files}
		r := h.do(t, "POST", "/projects/lumen/versions", tok, multipartBody(t, data, ups...))
		if n > sandbox.MaxUploads {
			r.wantError(t, 400, "files", "at most")
		} else {
			r.want(t, 201)
		}
	}
}

func TestJSONBodyLimit(t *testing.T) {
	t.Parallel()
	h := start(t, sandbox.Options{})
	tok := h.token(t, "alice")
	big := `{"changelog": "` + strings.Repeat("x", sandbox.MaxBodyBytes) + `"}`
	h.do(t, "PATCH", "/projects/lumen/versions?ids=EEeBM181", tok, rawBody("application/json", big)).wantError(t, 413, "body")
	h.do(t, "POST", "/orgs/emberforge/invitations", tok, rawBody("application/json", big)).wantError(t, 413, "body")
}
