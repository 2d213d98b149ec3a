package sandbox_test

import (
	"crypto/sha256"
	"encoding/hex"
	"slices"
	"strings"
	"testing"
	"time"

	"rdash/api"
	"rdash/api/sandbox"
)

func TestListVersions(t *testing.T) {
	t.Parallel()
	h := start(t, sandbox.Options{})
	tests := []struct {
		name      string
		project   string
		query     string
		wantTotal int // -1: only more than zero
		wantLen   int
		check     func(t *testing.T, v api.Version)
	}{
		{name: "defaults", project: "emberforge-core", wantTotal: 1500, wantLen: 25},
		{name: "by ID", project: "prjLumen", wantTotal: 25, wantLen: 25},
		{name: "page size", project: "lumen", query: "page_size=10&page=3", wantTotal: 25, wantLen: 5},
		{name: "past the end", project: "lumen", query: "page=9", wantTotal: 25, wantLen: 0},
		{name: "channel", project: "lumen", query: "channel=beta", wantTotal: 6, wantLen: 6,
			check: func(t *testing.T, v api.Version) { wantEq(t, v.Channel.Slug, "beta") }},
		{name: "channels by slug and ID", project: "lumen", query: "channel=beta&channel=chLumSnp", wantTotal: 7, wantLen: 7,
			check: func(t *testing.T, v api.Version) { wantIn(t, v.Channel.Slug, "beta", "snapshot") }},
		{name: "game versions", project: "lumen", query: "minecraft_version=1.18.1&minecraft_version=1.19.4", wantTotal: 5, wantLen: 5,
			check: func(t *testing.T, v api.Version) {
				if !slices.Contains(v.MinecraftVersions, "1.18.1") && !slices.Contains(v.MinecraftVersions, "1.19.4") {
					t.Errorf("%s targets %v", v.Version, v.MinecraftVersions)
				}
			}},
		{name: "search is case-insensitive on name", project: "lumen", query: "search=FOLIA", wantTotal: 1, wantLen: 1,
			check: func(t *testing.T, v api.Version) { wantEq(t, v.Version, "1.4.0") }},
		{name: "search on version string", project: "lumen", query: "search=2.0.0-", wantTotal: 3, wantLen: 3},
		{name: "filters combine", project: "emberforge-core", query: "channel=alpha&minecraft_version=1.21.4&search=alpha&page_size=100", wantTotal: -1,
			check: func(t *testing.T, v api.Version) {
				wantEq(t, v.Channel.Slug, "alpha")
				if !slices.Contains(v.MinecraftVersions, "1.21.4") {
					t.Errorf("%s targets %v", v.Version, v.MinecraftVersions)
				}
			}},
		{name: "empty channel", project: "emberforge-core", query: "channel=lts", wantTotal: 0, wantLen: 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			vs, pg := h.list(t, tt.project, tt.query)
			if tt.wantTotal >= 0 && (pg.Total != tt.wantTotal || len(vs) != tt.wantLen) {
				t.Fatalf("total %d, len %d; want %d, %d", pg.Total, len(vs), tt.wantTotal, tt.wantLen)
			}
			if tt.wantTotal < 0 && (pg.Total == 0 || len(vs) != min(pg.Total, 100)) {
				t.Fatalf("total %d, len %d", pg.Total, len(vs))
			}
			for i, v := range vs {
				if v.Files != nil || v.ProjectID != "" {
					t.Errorf("%s: list shows files or project_id", v.Version)
				}
				if i > 0 && vs[i-1].CreatedAt.Before(v.CreatedAt) {
					t.Errorf("%s listed after the older %s", v.Version, vs[i-1].Version)
				}
				if tt.check != nil {
					tt.check(t, v)
				}
			}
		})
	}
}

func TestListVersionsRejects(t *testing.T) {
	t.Parallel()
	h := start(t, sandbox.Options{})
	tests := []struct {
		query  string
		status int
		parts  []string
	}{
		{"page=0", 400, []string{"page:"}},
		{"page=x", 400, []string{"page:"}},
		{"page_size=0", 400, []string{"page_size:", "1 to 100"}},
		{"page_size=101", 400, []string{"page_size:", "1 to 100"}},
		{"channel=nightly", 400, []string{"channel:", "nightly"}},
		{"minecraft_version=", 400, []string{"minecraft_version:"}},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			t.Parallel()
			h.do(t, "GET", "/projects/lumen/versions?"+tt.query, "", nil).wantError(t, tt.status, tt.parts...)
		})
	}
	h.do(t, "GET", "/projects/nope/versions", "", nil).wantError(t, 404, "nope")
}

func TestGenerationIsDeterministic(t *testing.T) {
	t.Parallel()
	a, b := start(t, sandbox.Options{}), start(t, sandbox.Options{})
	va, _ := a.list(t, "emberforge-core", "page=7&page_size=100")
	vb, _ := b.list(t, "emberforge-core", "page=7&page_size=100")
	if !slices.EqualFunc(va, vb, func(x, y api.Version) bool {
		return x.ID == y.ID && x.Version == y.Version && x.CreatedAt.Equal(y.CreatedAt)
	}) {
		t.Fatal("two servers generated different versions")
	}
	all, _ := a.list(t, "emberforge-core", "page_size=100&page=15")
	oldest := all[len(all)-1].CreatedAt
	if span := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).Sub(oldest); span < 3*365*24*time.Hour || span > 5*365*24*time.Hour {
		t.Errorf("versions span %v, want about four years", span)
	}
}

func TestGetVersion(t *testing.T) {
	t.Parallel()
	h := start(t, sandbox.Options{})
	byString := h.version(t, "lumen", "2.0.0")
	byID := h.version(t, "prjLumen", byString.ID)
	if byID.Version != "2.0.0" || len(byID.Files) != 2 || !byID.Files[0].IsPrimary || byID.Files[1].IsPrimary {
		t.Fatalf("got %+v", byID)
	}
	if byID.ProjectID != "" {
		t.Error("project_id outside GET /versions/{versionId}")
	}
	up, ext := byID.Files[0], byID.Files[1]
	if up.Size == 0 || up.Checksum["sha256"] == nil || up.ExternalURL != "" {
		t.Errorf("uploaded file %+v", up)
	}
	if ext.ExternalURL == "" || ext.Name != ext.ExternalURL || ext.Size != 0 || ext.Checksum != nil {
		t.Errorf("external file %+v", ext)
	}

	var withProject api.Version
	h.do(t, "GET", "/versions/"+byID.ID, "", nil).want(t, 200).data(t, &withProject)
	wantEq(t, withProject.ProjectID, "prjLumen")
	wantEq(t, len(withProject.Files), 2)

	h.do(t, "GET", "/projects/lumen/versions/9.9.9", "", nil).wantError(t, 404, "9.9.9")
	h.do(t, "GET", "/projects/quartz-ui/versions/"+byID.ID, "", nil).wantError(t, 404)
	h.do(t, "GET", "/versions/2.0.0", "", nil).wantError(t, 404)
}

func TestDownload(t *testing.T) {
	t.Parallel()
	h := start(t, sandbox.Options{})
	v := h.version(t, "lumen", "2.3.1")
	primary := h.do(t, "GET", "/projects/lumen/versions/2.3.1/download", "", nil).want(t, 302)
	loc := primary.header.Get("Location")
	if !strings.HasPrefix(loc, strings.TrimSuffix(h.run.BaseURL, "/api/v1")+"/files/"+v.Files[0].ID+"/") {
		t.Fatalf("Location %q", loc)
	}
	file := h.do(t, "GET", loc, "", nil).want(t, 200)
	sum := sha256.Sum256(file.body)
	if int64(len(file.body)) != v.Files[0].Size || hex.EncodeToString(sum[:]) != v.Files[0].Checksum["sha256"] {
		t.Error("content does not match size and checksum")
	}
	if cd := file.header.Get("Content-Disposition"); !strings.HasPrefix(cd, "attachment") {
		t.Errorf("Content-Disposition %q", cd)
	}

	ext := h.do(t, "GET", "/projects/lumen/versions/"+v.ID+"/download/"+v.Files[1].ID, "", nil).want(t, 302)
	wantEq(t, ext.header.Get("Location"), v.Files[1].ExternalURL)
	wantEq(t, h.version(t, "lumen", "2.3.1").Downloads, v.Downloads+2)

	h.do(t, "GET", "/projects/lumen/versions/2.3.1/download/nofile00", "", nil).wantError(t, 404)
	h.do(t, "GET", strings.Replace(loc, v.Files[0].Name, "other.jar", 1), "", nil).wantError(t, 404)
}

func TestRoutes(t *testing.T) {
	t.Parallel()
	h := start(t, sandbox.Options{})
	r := h.do(t, "PUT", "/projects/lumen/versions", "", nil)
	r.wantError(t, 405)
	wantEq(t, r.header.Get("Allow"), "GET, POST, PATCH, DELETE")
	h.do(t, "GET", "/nowhere", "", nil).wantError(t, 404)
}

func wantEq[T comparable](t *testing.T, got, want T) {
	t.Helper()
	if got != want {
		t.Errorf("got %v, want %v", got, want)
	}
}

func wantIn(t *testing.T, got string, want ...string) {
	t.Helper()
	if !slices.Contains(want, got) {
		t.Errorf("%q is not among %q", got, want)
	}
}
