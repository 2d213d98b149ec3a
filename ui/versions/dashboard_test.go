package versions_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"

	"rdash/api"
	"rdash/config"
	"rdash/ui"
	"rdash/ui/common"
	"rdash/ui/internal/uitest"
	"rdash/ui/route"
	"rdash/ui/versions"
)

// scripted is the sandbox's client, but for three kinds of list request:
// a search for "stall" and a sort's load of emberforge-core stay on their
// way until the dashboard closes, and a search for "fail" fails.
type scripted struct{ *api.Client }

func (s scripted) ListVersions(ctx context.Context, p string, o *api.ListVersionsOptions) ([]api.Version, *api.Response, error) {
	switch {
	case o.Search == "stall" || p == "emberforge-core" && o.PageSize == api.LargePageSize:
		<-ctx.Done()
		return nil, nil, ctx.Err()
	case o.Search == "fail":
		return nil, nil, &api.Error{StatusCode: 503}
	}
	return s.Client.ListVersions(ctx, p, o)
}

// step is keys pressed (a name, or text to type after "type:"), then
// text to wait for; busy says the versions are still loading then, and
// the status line's spinner says so. Else the dashboard waits for
// nothing more, its own loads as well as the screen's.
type step struct {
	keys []string
	wait string
	busy bool
}

// scenes are the versions screen's states that take keys differently,
// each reached by keys from the project opened.
var scenes = []struct {
	name, project string
	steps         []step
}{
	{"table", "lumen", []step{{keys: []string{"j", "j"}, wait: "25 of 25"}}},
	{"marks", "lumen", []step{{keys: []string{"space", "space"}, wait: "2 marked"}}},
	{"sorted", "lumen", []step{{keys: []string{"s"}, wait: "sort: version ↓"}}},
	{"empty", "lumen", []step{{keys: []string{"/", "type:none", "enter"}, wait: "No version matches"}}},
	{"loading", "lumen", []step{{keys: []string{"/", "type:none", "enter"}, wait: "No version matches"},
		{keys: []string{"/", "ctrl+u", "type:stall", "enter"}, wait: "Loading versions…", busy: true}}},
	{"failed", "lumen", []step{{keys: []string{"/", "type:none", "enter"}, wait: "No version matches"},
		{keys: []string{"/", "ctrl+u", "type:fail", "enter"}, wait: "loading versions of lumen: The server"}}},
	{"search", "lumen", []step{{keys: []string{"/", "type:2.", "enter"}, wait: "search: “2.”"}, {keys: []string{"/"}, wait: "search: 2."}}},
	{"channels", "lumen", []step{{keys: []string{"c"}, wait: "Show channels"}}},
	{"channel-typed", "lumen", []step{{keys: []string{"c", "j", "space", "o", "type:lts"}, wait: "channel: lts"}}},
	{"game", "lumen", []step{{keys: []string{"v", "type:1.2"}, wait: "tab: 1.21.4"}}},
	{"sorting", "emberforge-core", []step{{keys: []string{"s"}, wait: "then by version ↓", busy: true}}},
}

// TestDashboardGolden shows each state of the versions screen in the
// dashboard, at every size the goldens show: the footer under it is the
// root's, from the screen's hints (common.Footer), so a hint that does not
// fit is left out whole and the line ends in "? more".
func TestDashboardGolden(t *testing.T) {
	t.Parallel()
	sandbox, _ := uitest.Sandbox(t, "alice")
	for _, sc := range scenes {
		for _, size := range uitest.Sizes {
			t.Run(fmt.Sprintf("%s/%dx%d", sc.name, size[0], size[1]), func(t *testing.T) {
				t.Parallel()
				d, screen := dashboard(t, scripted{sandbox}, uitest.Config(), sc.project, size[0], size[1])
				for _, s := range sc.steps {
					press(d, s.keys)
					d.WaitFor(fmt.Sprintf("%q, busy %v", s.wait, s.busy), func() bool {
						return strings.Contains(d.Screen(), s.wait) && (screen().Busy() != "") == s.busy && spinning(d.Screen()) == s.busy
					})
				}
				uitest.RequireFits(t, d.Screen(), size[0], size[1])
				uitest.RequireTerminalSafe(t, d.Raw())
				golden.RequireEqual(t, stillSpinner(d.Screen()))
			})
		}
	}
}

// With the mouse on, a double click on a row of the table, at the line
// of the terminal it is drawn on, opens that version: the root counts
// the screen's lines from under the header, and so does the table.
func TestDoubleClickInTheDashboard(t *testing.T) {
	t.Parallel()
	sandbox, _ := uitest.Sandbox(t, "alice")
	cfg := uitest.Config()
	cfg.Mouse = true
	d, _ := dashboard(t, sandbox, cfg, "lumen", 80, 24)
	y := slices.IndexFunc(strings.Split(d.Screen(), "\n"), func(l string) bool { return strings.HasPrefix(l, "  2.3.1 ") })
	d.Send(tea.MouseClickMsg{X: 5, Y: y, Button: tea.MouseLeft})
	d.Send(tea.MouseClickMsg{X: 5, Y: y, Button: tea.MouseLeft}) // the clock stands still: within the double-click time
	d.WaitForText("rdash › projects › lumen › 2.3.1")
}

// dashboard runs the dashboard on cl with cfg and project open at w×h,
// and returns it with a way to the versions screen.
func dashboard(t *testing.T, cl ui.Client, cfg *config.Config, project string, w, h int) (*uitest.Driver, func() *versions.Model) {
	t.Helper()
	var screen *versions.Model
	build := versions.Factory(cl)
	opts := ui.Options{Client: cl, Config: cfg, Now: uitest.Now, Context: t.Context(), Project: project,
		Routes: func(reg *common.Registry) { // the same screen, kept at hand
			common.Register(reg, route.Versions, func(c common.Common, a route.VersionsArgs) (common.Screen, error) {
				s, err := build(c, a)
				screen, _ = s.(*versions.Model)
				return s, err
			})
		}}
	d := uitest.NewDriver(t, ui.New(opts), w, h)
	d.WaitFor("the project and the user", func() bool {
		return screen != nil && screen.Busy() == "" && strings.Contains(d.Screen(), "@alice")
	})
	return d, func() *versions.Model { return screen }
}

func press(d *uitest.Driver, keys []string) {
	for _, k := range keys {
		if text, ok := strings.CutPrefix(k, "type:"); ok {
			d.Type(text)
			continue
		}
		d.Press(k)
	}
}

// spinners are the frames of the status line's spinner (MiniDot).
const spinners = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"

// spinning reports the status line's spinner turning: something loads.
func spinning(screen string) bool {
	lines := strings.Split(screen, "\n")
	status := []rune(lines[max(len(lines)-2, 0)])
	return len(status) > 0 && strings.ContainsRune(spinners, status[0])
}

// stillSpinner draws the status line's spinner in its first frame: which
// frame a loading screen is caught in is a matter of time.
func stillSpinner(screen string) string {
	return strings.Map(func(r rune) rune {
		if strings.ContainsRune(spinners, r) {
			return '⠋'
		}
		return r
	}, screen)
}
