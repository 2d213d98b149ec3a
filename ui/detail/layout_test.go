package detail

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"rdash/api"
	"rdash/config"
	"rdash/ui/common"
	"rdash/ui/internal/uitest"
	"rdash/ui/route"
)

// many is a version with more files and dependencies than fit a column
// of the old flowed layout.
func many() api.Version {
	v := api.Version{ID: "AbCd1234", Version: "3.0.0", Name: "Lumen 3", Changelog: "# 3.0.0\n\nNotes.",
		Channel: api.Channel{ID: "c1", Slug: "release"}, Platforms: []string{"paper"}, MinecraftVersions: []string{"1.21.4"}}
	for i := range 4 {
		v.Files = append(v.Files, api.File{ID: fmt.Sprintf("f%d", i), Name: fmt.Sprintf("lumen-part-%d.jar", i), Size: 10, IsPrimary: i == 0})
	}
	v.Files = append(v.Files, api.File{ID: "fx", Name: "lumen-extra.jar",
		ExternalURL: "https://github.com/lumen-mc/lumen/releases/download/v3.0.0/lumen-fabric-3.0.0.jar"})
	for i := range 6 {
		v.Dependencies = append(v.Dependencies, api.Dependency{Type: api.DependencyOptional, Name: fmt.Sprintf("Dep%d", i),
			URL: fmt.Sprintf("https://example.org/dependency-%d/home", i)})
	}
	return v
}

// primaryAt is stubClient with the primary file's download URL.
type primaryAt struct{ stubClient }

func (primaryAt) DownloadURL(context.Context, string, string, string) (*url.URL, *api.Response, error) {
	u, err := url.Parse("https://cdn.example/lumen-part-0.jar")
	return u, nil, err
}

func startMany(t *testing.T, w, h int, c common.Common) (*uitest.Driver, *Model) {
	v := many()
	m := New(c, primaryAt{stubClient{v: v}}, route.DetailArgs{Project: common.ProjectRef{Slug: "lumen"}, Version: v})
	d := uitest.NewDriver(t, uitest.Screen{S: m}, w, h)
	waitIdle(d, m)
	return d, m
}

// At 200x60 the info lays FILES and DEPENDENCIES out in order, each in a
// column under its heading: every file left of DEPENDENCIES and below
// FILES, every dependency below DEPENDENCIES; the external URL fits
// whole.
func TestWideInfoKeepsSectionsInOrder(t *testing.T) {
	t.Parallel()
	d, _ := startMany(t, 200, 60, uitest.Common(t))
	lines := strings.Split(d.Screen(), "\n")
	at := func(text string) (row, col int) {
		for r, l := range lines {
			if i := strings.Index(l, text); i >= 0 {
				return r, len([]rune(l[:i]))
			}
		}
		t.Fatalf("the screen lacks %q:\n%s", text, d.Screen())
		return 0, 0
	}
	fr, fc := at("FILES")
	dr, dc := at("DEPENDENCIES")
	if dc <= fc || dr != fr {
		t.Fatalf("FILES at %d,%d and DEPENDENCIES at %d,%d: not side by side in order", fr, fc, dr, dc)
	}
	for _, f := range many().Files {
		if r, c := at(f.Name); r <= fr || c < fc || c >= dc {
			t.Errorf("file %s at %d,%d: not under FILES (%d,%d)", f.Name, r, c, fr, fc)
		}
	}
	for _, dep := range many().Dependencies {
		if r, c := at(dep.Name); r <= dr || c < dc {
			t.Errorf("dependency %s at %d,%d: not under DEPENDENCIES (%d,%d)", dep.Name, r, c, dr, dc)
		}
	}
	at(many().Files[4].ExternalURL)
	uitest.RequireFits(t, d.Screen(), 200, 60)
}

// Where a link does not fit its line, it is shortened on one line, and w
// shows it whole, broken only where it must; w again puts it back.
func TestWShowsLinksWhole(t *testing.T) {
	t.Parallel()
	const url = "https://github.com/lumen-mc/lumen/releases/download/v3.0.0/lumen-fabric-3.0.0.jar"
	d, m := startMany(t, 60, 20, uitest.Common(t))
	d.Press("G")
	if strings.Contains(strings.ReplaceAll(d.Screen(), "\n  ", ""), url) || !m.wholeHelp().Enabled() {
		t.Fatalf("the link is whole, or w is not offered:\n%s", d.Screen())
	}
	d.Press("w", "G")
	joined := strings.ReplaceAll(d.Screen(), "\n  ", "")
	if !strings.Contains(joined, url) {
		t.Fatalf("w did not show the link whole:\n%s", d.Screen())
	}
	for _, l := range strings.Split(d.Screen(), "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "https://github.com") && len(strings.TrimRight(l, " ")) < 60 &&
			!strings.HasSuffix(strings.TrimRight(l, " "), ".jar") {
			t.Errorf("the link breaks before the line is full: %q", l)
		}
	}
	uitest.RequireFits(t, d.Screen(), 60, 20)
	d.Press("w")
	if m.wholeLinks {
		t.Fatal("w again did not put the links back on one line")
	}
}

// Over SSH no browser opens: o copies the primary file's address and
// says so, with the address.
func TestOOverSSHSaysNoBrowserAndCopies(t *testing.T) {
	t.Parallel()
	c := uitest.Common(t)
	cfg := *c.Config
	cfg.Env = config.Env{SSH: true, Display: true}
	c.Config = &cfg
	d, _ := startMany(t, 80, 24, c)
	d.Press("o")
	d.WaitFor("the copy", func() bool { return len(d.Clipboard()) == 1 })
	var said string
	d.WaitFor("the status", func() bool {
		for _, msg := range d.Seen {
			if s, ok := msg.(common.StatusMsg); ok {
				said = s.Text
			}
		}
		return said != ""
	})
	if !strings.Contains(said, "no browser opens here (over SSH)") || !strings.Contains(said, d.Clipboard()[0]) {
		t.Fatalf("o over SSH said %q, copied %q", said, d.Clipboard())
	}
}

// A version deleted elsewhere: the detail says the server has it not, and
// the list drops it at once rather than keep it until r.
func TestNotFoundDropsTheVersionFromTheList(t *testing.T) {
	t.Parallel()
	v := many()
	m := New(uitest.Common(t), uitest.Failing{Err: &api.Error{StatusCode: 404, Message: "Not found"}},
		route.DetailArgs{Project: common.ProjectRef{Slug: "lumen"}, Version: v})
	d := uitest.NewDriver(t, uitest.Screen{S: m}, 80, 24)
	d.WaitFor("the list told", func() bool {
		for _, msg := range d.Seen {
			if c, ok := msg.(common.VersionsChangedMsg); ok && c.Project == "lumen" && len(c.Deleted) == 1 && c.Deleted[0] == v.ID {
				return true
			}
		}
		return false
	})
}

// r says what it brought.
func TestRefreshSaysSo(t *testing.T) {
	t.Parallel()
	d, _ := startMany(t, 80, 24, uitest.Common(t))
	d.Press("r")
	d.WaitFor("the note", func() bool {
		for _, msg := range d.Seen {
			if s, ok := msg.(common.StatusMsg); ok && s.Text == "refreshed 3.0.0" {
				return true
			}
		}
		return false
	})
}

// A dependency whose name cannot be looked up keeps its ID: the names
// come from the server, never a guess.
func TestDependencyNamesFallBackToIDs(t *testing.T) {
	t.Parallel()
	v := many()
	v.Dependencies = []api.Dependency{{Type: api.DependencyRequired, ProjectID: "prjNoName"},
		{Type: api.DependencyOptional, VersionID: "vrNoName"}}
	m := New(uitest.Common(t), stubClient{v: v}, route.DetailArgs{Project: common.ProjectRef{Slug: "lumen"}, Version: v})
	d := uitest.NewDriver(t, uitest.Screen{S: m}, 120, 40)
	waitIdle(d, m)
	for _, want := range []string{"project prjNoName", "version vrNoName"} {
		if !strings.Contains(d.Screen(), want) {
			t.Errorf("the screen lacks %q:\n%s", want, d.Screen())
		}
	}
}
