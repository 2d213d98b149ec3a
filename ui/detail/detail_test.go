package detail

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"rdash/api"
	"rdash/ui/common"
	"rdash/ui/internal/uitest"
	"rdash/ui/markdown"
	"rdash/ui/route"
)

// listed returns version v of lumen as the list endpoint sends it (no files).
func listed(t *testing.T, c *api.Client, v string) api.Version {
	t.Helper()
	vs, _, err := c.ListVersions(t.Context(), "lumen", &api.ListVersionsOptions{Search: v, PageSize: 100})
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range vs {
		if x.Version == v {
			return x
		}
	}
	t.Fatalf("lumen has no version %s", v)
	return api.Version{}
}

type setup struct {
	version string
	w, h    int
	styles  *common.Styles
	client  Client // replaces the sandbox for GET, when set
	// sandbox and markdown, when set, are shared by the screens a test
	// builds, which then start no sandbox and render no changelog twice.
	sandbox  *api.Client
	markdown *markdown.Cache
}

func start(t *testing.T, s setup) (*uitest.Driver, *Model) {
	t.Helper()
	sandbox := s.sandbox
	if sandbox == nil {
		sandbox, _ = uitest.Sandbox(t, "alice")
	}
	v := listed(t, sandbox, s.version)
	c := uitest.Common(t)
	if s.markdown != nil {
		c.Markdown = s.markdown
	}
	client := Client(sandbox)
	if s.client != nil {
		client = s.client
	}
	if s.styles != nil {
		c.Styles = s.styles
	}
	m := New(c, client, route.DetailArgs{Project: common.ProjectRef{Slug: "lumen"}, Version: v})
	d := uitest.NewDriver(t, uitest.Screen{S: m}, s.w, s.h)
	waitIdle(d, m)
	return d, m
}

func waitIdle(d *uitest.Driver, m *Model) {
	d.WaitFor("the version and its changelog", func() bool { return m.Busy() == "" })
}

func renders(d *uitest.Driver) int {
	n := 0
	for _, msg := range d.Seen {
		if _, ok := msg.(markdown.Rendered); ok {
			n++
		}
	}
	return n
}

func TestShowsChangelogFilesAndDependencies(t *testing.T) {
	t.Parallel()
	d, m := start(t, setup{version: "2.3.1", w: 120, h: 40})
	if !m.full {
		t.Fatal("GET did not load the files")
	}
	for _, want := range []string{
		"2.3.1  Lumen 2.3.1", "release · 12,876 downloads", "Fixed a race in the off-thread light queue",
		"FILES", "★ lumen-2.3.1.jar", "46 B · primary", "DEPENDENCIES", "required     project Emberforge Core (emberforge-core)", "optional     version 1.2.0 of project ",
		"incompatible external OptiFine", "https://optifine.net", "2025-03-03 08:20 UTC (10mo",
	} {
		if !strings.Contains(d.Screen(), want) {
			t.Errorf("screen lacks %q", want)
		}
	}
	if t.Failed() {
		t.Log(d.Screen())
	}
}

func TestRenderingIsCachedPerWidthAndNeverBlank(t *testing.T) {
	t.Parallel()
	d, m := start(t, setup{version: "2.0.0", w: 80, h: 24})
	if renders(d) != 1 {
		t.Fatalf("%d renderings at start", renders(d))
	}
	d.Send(tea.WindowSizeMsg{Width: 120, Height: 40})
	if !m.rendering {
		t.Fatal("a new width did not ask for a new rendering")
	}
	if !strings.Contains(d.Screen(), "Lumen 2 is a rewrite") {
		t.Fatalf("the page went blank while rendering:\n%s", d.Screen())
	}
	uitest.RequireFits(t, d.Screen(), 120, 40)
	waitIdle(d, m)
	d.Send(tea.WindowSizeMsg{Width: 80, Height: 24})
	if m.rendering || renders(d) != 2 {
		t.Fatalf("going back to 80 columns rendered again (%d renderings)", renders(d))
	}
	if !strings.Contains(d.Screen(), "Lumen 2 is a rewrite") {
		t.Fatalf("cached rendering not shown:\n%s", d.Screen())
	}
}

func TestHostileChangelogsAreDefused(t *testing.T) {
	t.Parallel()
	for _, v := range []string{"1.3.1", "2.0.0-beta.2"} {
		for _, size := range uitest.Sizes {
			t.Run(fmt.Sprintf("%s/%dx%d", v, size[0], size[1]), func(t *testing.T) {
				t.Parallel()
				d, _ := start(t, setup{version: v, w: size[0], h: size[1]})
				uitest.RequireTerminalSafe(t, d.Raw())
				uitest.RequireFits(t, d.Screen(), size[0], size[1])
				for _, remnant := range []string{"52;", "evil.example", "31mRED", "0m", "0;pwned", "window title"} {
					if strings.Contains(d.Screen(), remnant) {
						t.Errorf("escape payload %q shown as text:\n%s", remnant, d.Screen())
					}
				}
			})
		}
	}
}

func TestScrolling(t *testing.T) {
	t.Parallel()
	d, m := start(t, setup{version: "2.0.0", w: 80, h: 24})
	d.Press("j", "j")
	if m.changelog.YOffset() != 2 {
		t.Fatalf("j j scrolled to %d", m.changelog.YOffset())
	}
	d.Press("G")
	if !m.changelog.AtBottom() || !strings.Contains(d.Screen(), "DEPENDENCIES") {
		t.Fatalf("G did not reach the info below the changelog:\n%s", d.Screen())
	}
	d.Press("g", "tab")
	if !strings.HasPrefix(strings.Split(d.Screen(), "\n")[2], "Version    2.0.0") && !m.changelog.AtBottom() {
		t.Fatalf("tab did not jump to the info:\n%s", d.Screen())
	}
	d.Press("tab")
	if m.changelog.YOffset() != 0 {
		t.Fatal("tab did not jump back")
	}
	d.Send(tea.WindowSizeMsg{Width: 120, Height: 20})
	waitIdle(d, m)
	d.Press("tab", "j")
	if m.focus != paneInfo || m.info.YOffset() != 1 || m.changelog.YOffset() != 0 {
		t.Fatalf("side by side, tab then j should scroll the info pane: focus %d, info %d", m.focus, m.info.YOffset())
	}
}

func TestLoadErrorKeepsTheChangelog(t *testing.T) {
	t.Parallel()
	d, _ := start(t, setup{version: "2.3.1", w: 80, h: 24, client: uitest.Failing{Err: &api.Error{StatusCode: 500}}})
	var retry tea.Cmd
	d.WaitFor("an error with a retry", func() bool {
		for _, msg := range d.Seen {
			if e, ok := msg.(common.ErrorMsg); ok {
				retry = e.Retry
			}
		}
		return retry != nil
	})
	if !strings.Contains(d.Screen(), "Fixed a race") {
		t.Fatalf("the listed changelog is not shown:\n%s", d.Screen())
	}
	d.Press("G")
	if !strings.Contains(d.Screen(), "not loaded (r retries)") {
		t.Fatalf("files do not say they failed:\n%s", d.Screen())
	}
}

func TestThemeAndNoColor(t *testing.T) {
	t.Parallel()
	d, m := start(t, setup{version: "2.0.0", w: 80, h: 24})
	d.Send(common.ThemeMsg{Styles: common.NewStyles(common.Theme{Dark: false})})
	waitIdle(d, m)
	if m.want.Style != "light" {
		t.Fatalf("rendered with %q after switching to light", m.want.Style)
	}
	d, m = start(t, setup{version: "2.0.0", w: 80, h: 24, styles: common.NewStyles(common.Theme{NoColor: true})})
	if m.want.Style != "notty" || strings.Contains(d.Raw(), "38;") {
		t.Fatalf("NO_COLOR rendered with %q or colours", m.want.Style)
	}
}

func TestCopy(t *testing.T) {
	t.Parallel()
	d, m := start(t, setup{version: "2.3.1", w: 80, h: 24})
	d.Press("y", "Y")
	d.WaitFor("two copies", func() bool { return len(d.Clipboard()) == 2 })
	// Each copy runs in its own command: they may land in either order.
	got := d.Clipboard()
	id, link := got[0], got[1]
	if id != m.version.ID {
		id, link = link, id
	}
	if id != m.version.ID || !strings.Contains(link, "lumen") {
		t.Fatalf("copied %q; want the ID %q and a link to lumen", got, m.version.ID)
	}
}

func TestGolden(t *testing.T) {
	t.Parallel()
	for _, size := range uitest.Sizes {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			t.Parallel()
			d, _ := start(t, setup{version: "2.0.0", w: size[0], h: size[1]})
			uitest.RequireFits(t, d.Screen(), size[0], size[1])
			uitest.RequireTerminalSafe(t, d.Raw())
			golden.RequireEqual(t, d.Screen())
		})
	}
}

// From 100 columns the info has its own pane above the changelog, in as
// many columns as fit; every line fits and every file and dependency
// shows, whatever the width.
func TestInfoPaneFitsEveryWidth(t *testing.T) {
	t.Parallel()
	d, m := start(t, setup{version: "2.3.1", w: 120, h: 40})
	for _, w := range []int{99, 100, 125, 139, 200} {
		d.Send(tea.WindowSizeMsg{Width: w, Height: 40})
		waitIdle(d, m)
		uitest.RequireFits(t, d.Screen(), w, 40)
		for _, want := range []string{"ID         rqBpyMea", "★ lumen-2.3.1.jar", "incompatible external OptiFine", "Fixed a race"} {
			if !strings.Contains(d.Screen(), want) {
				t.Errorf("width %d: screen lacks %q:\n%s", w, want, d.Screen())
			}
		}
	}
}

// A link in the info is never split over lines: whole when it fits, else
// its host and file name around "…", each on one line; L copies them
// whole.
func TestLinksStayOnOneLine(t *testing.T) {
	t.Parallel()
	const jar = "https://github.com/lumen-mc/lumen/releases/download/v2.0.0/lumen-fabric-2.0.0.jar"
	const adventure = "https://github.com/KyoriPowered/adventure"
	sandbox, _ := uitest.Sandbox(t, "alice")
	for _, size := range uitest.Sizes {
		d, _ := start(t, setup{version: "2.0.0", w: size[0], h: size[1], sandbox: sandbox})
		d.Press("G")
		screen := d.Screen()
		for _, want := range []*regexp.Regexp{
			regexp.MustCompile(`https://github\.com/(…|lumen-mc/lumen/releases/download/v2\.0\.0)/lumen-fabric-2\.0\.0\.jar`),
			regexp.MustCompile(`https://github\.com/(…|KyoriPowered)/adventure`),
		} {
			if !want.MatchString(screen) {
				t.Errorf("%dx%d: no line matches %s:\n%s", size[0], size[1], want, screen)
			}
		}
	}
	d, _ := start(t, setup{version: "2.0.0", w: 80, h: 24, sandbox: sandbox})
	d.Press("L")
	d.WaitFor("the copy", func() bool { return len(d.Clipboard()) == 1 })
	if got := d.Clipboard()[0]; got != jar+"\n"+adventure {
		t.Fatalf("L copied %q", got)
	}
}

// One download is "1 download".
func TestOneDownload(t *testing.T) {
	t.Parallel()
	m := New(uitest.Common(t), uitest.Failing{Err: &api.Error{StatusCode: 500}},
		route.DetailArgs{Project: common.ProjectRef{Slug: "lumen"}, Version: api.Version{ID: "AbCd1234", Version: "0.1", Downloads: 1}})
	m.SetSize(80, 24)
	if header := ansi.Strip(strings.Split(m.View(), "\n")[0]); !strings.HasSuffix(header, "· 1 download") {
		t.Fatalf("header = %q", header)
	}
}
