package picker

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"

	"rdash/api"
	"rdash/config"
	"rdash/ui/common"
	"rdash/ui/internal/uitest"
	"rdash/ui/route"
)

type setup struct {
	client Client
	pins   []string // from the config file
	state  config.State
	open   string
	w, h   int
}

// start opens the picker at s's size; the returned State is the one the
// root would keep, changed by the picker's EditStateMsgs.
func start(t *testing.T, s setup) (*uitest.Driver, *Model, *config.State) {
	t.Helper()
	if s.client == nil {
		s.client, _ = uitest.Sandbox(t, "alice")
	}
	if s.w == 0 {
		s.w, s.h = 80, 24
	}
	c := uitest.Common(t)
	c.Config.Projects = s.pins
	c.State = s.state
	st := s.state
	m := New(c, s.client, route.PickerArgs{Open: s.open})
	d := uitest.NewDriver(t, uitest.Screen{S: m, State: &st}, s.w, s.h)
	d.WaitFor("the user's projects", func() bool { return m.mineLoaded })
	return d, m, &st
}

func opened(d *uitest.Driver) []route.VersionsArgs {
	var out []route.VersionsArgs
	for _, msg := range d.Seen {
		if o, ok := msg.(common.OpenMsg); ok && o.Route == route.Versions.Key() {
			out = append(out, o.Args.(route.VersionsArgs))
		}
	}
	return out
}

func errorsSeen(d *uitest.Driver) []string {
	var out []string
	for _, msg := range d.Seen {
		if e, ok := msg.(common.ErrorMsg); ok {
			out = append(out, common.Describe(e.Err).Text())
		}
	}
	return out
}

func TestListsPinnedRecentAndOwnProjects(t *testing.T) {
	t.Parallel()
	d, m, _ := start(t, setup{pins: []string{"quartz-ui"}, state: config.State{Recent: []string{"emberforge-core"}}})
	var got []string
	for _, it := range m.items {
		got = append(got, sectionTitles[it.section]+":"+it.ref.Key())
	}
	want := []string{"PINNED:quartz-ui", "RECENT:emberforge-core", "YOUR PROJECTS:lumen"}
	if !slices.Equal(got, want) {
		t.Fatalf("items = %v, want %v", got, want)
	}
	if !strings.Contains(d.Screen(), "Emberforge Core · emberforge") {
		t.Fatalf("a recent project was not named from the user's projects:\n%s", d.Screen())
	}
}

func TestFilterThenOpenChecksTheFirstPage(t *testing.T) {
	t.Parallel()
	d, m, st := start(t, setup{})
	d.Press("/")
	d.Type("ember")
	if len(m.items) != 2 || m.items[0].ref.Key() != "emberforge-core" || m.items[1].section != sectionTyped {
		t.Fatalf("filtered items = %+v", m.items)
	}
	d.Press("enter")
	d.WaitFor("the project to open", func() bool { return len(opened(d)) == 1 })
	a := opened(d)[0]
	if a.Project.Key() != "emberforge-core" || a.First == nil || a.First.Total != 1500 || len(a.First.Versions) != 25 {
		t.Fatalf("opened %+v", a)
	}
	d.WaitFor("the project to be recent", func() bool { return len(st.Recent) > 0 && len(m.state.Recent) > 0 })
	if st.Recent[0] != "emberforge-core" || m.state.Recent[0] != "emberforge-core" {
		t.Fatalf("Recent = %v, the picker's copy %v", st.Recent, m.state.Recent)
	}
	if m.Busy() != "" {
		t.Fatalf("still busy: %q", m.Busy())
	}
}

func TestTypedSlugOrID(t *testing.T) {
	t.Parallel()
	d, _, _ := start(t, setup{})
	d.Press("/")
	d.Type("no-such-thing")
	d.Press("enter")
	d.WaitFor("an error", func() bool { return len(errorsSeen(d)) == 1 })
	if got := errorsSeen(d)[0]; got != "No project no-such-thing." || len(opened(d)) != 0 {
		t.Fatalf("error = %q, opened %d", got, len(opened(d)))
	}
	d.Press("/", "ctrl+u")
	d.Type("prjQuart") // an ID, which no listed item has
	d.Press("enter")
	d.WaitFor("the project to open", func() bool { return len(opened(d)) == 1 })
	if got := opened(d)[0].First.Versions[0].Name; !strings.Contains(got, "Quartz") {
		t.Fatalf("opened a project whose first version is %q", got)
	}
}

func TestPinGoesThroughTheRootsState(t *testing.T) {
	t.Parallel()
	d, m, st := start(t, setup{pins: []string{"quartz-ui"}})
	d.Press("j") // lumen, one of the user's projects
	d.Press("p")
	d.WaitFor("the pin", func() bool { return slices.Equal(m.state.Pinned, []string{"lumen"}) })
	if !slices.Equal(st.Pinned, []string{"lumen"}) {
		t.Fatalf("the root's State was not asked to pin: %v", st.Pinned)
	}
	if m.items[1].section != sectionPinned || !m.items[1].pinned || m.cursor != 1 {
		t.Fatalf("lumen not listed as pinned under the cursor: %+v", m.items)
	}
	d.Press("p")
	d.WaitFor("the unpin", func() bool { return len(st.Pinned) == 0 && len(m.state.Pinned) == 0 })
	d.Press("g", "p") // quartz-ui is pinned in the config file
	d.WaitFor("a note", func() bool {
		for _, msg := range d.Seen {
			if s, ok := msg.(common.StatusMsg); ok && strings.Contains(s.Text, "config file") {
				return true
			}
		}
		return false
	})
}

func TestUserProjectsUnavailable(t *testing.T) {
	t.Parallel()
	anon, _ := uitest.Sandbox(t, "")
	tests := []struct {
		name   string
		client Client
		want   string
	}{
		{"signed out", anon, "Not signed in"},
		{"route missing", uitest.Failing{Err: &api.Error{StatusCode: 404}}, "does not list your projects"},
		{"server error", uitest.Failing{Err: &api.Error{StatusCode: 502}}, "could not be listed: The server failed (502)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d, _, _ := start(t, setup{client: tt.client})
			if !strings.Contains(d.Screen(), tt.want) || !strings.Contains(d.Screen(), "type a project's slug") {
				t.Fatalf("screen lacks %q:\n%s", tt.want, d.Screen())
			}
			if len(errorsSeen(d)) != 0 {
				t.Fatal("the missing list was reported as an error")
			}
		})
	}
}

func TestFilterCapturesKeys(t *testing.T) {
	t.Parallel()
	d, m, _ := start(t, setup{})
	d.Press("/")
	d.Type("qp")
	if !m.Capturing() || m.filter.Value() != "qp" || len(m.state.Pinned) != 0 {
		t.Fatalf("q and p did not type: %q, pinned %v", m.filter.Value(), m.state.Pinned)
	}
	d.Press("esc")
	if m.Capturing() || m.filter.Value() != "" || len(m.items) != 2 {
		t.Fatal("esc did not clear the filter")
	}
}

func TestInitialProjectOpens(t *testing.T) {
	t.Parallel()
	d, _, _ := start(t, setup{open: "lumen"})
	d.WaitFor("the project to open", func() bool { return len(opened(d)) == 1 })
}

func TestGolden(t *testing.T) {
	t.Parallel()
	for _, size := range uitest.Sizes {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			t.Parallel()
			d, _, _ := start(t, setup{pins: []string{"quartz-ui"}, state: config.State{Recent: []string{"emberforge-core"}},
				w: size[0], h: size[1]})
			d.Press("j")
			uitest.RequireFits(t, d.Screen(), size[0], size[1])
			uitest.RequireTerminalSafe(t, d.Raw())
			golden.RequireEqual(t, d.Screen())
		})
	}
}

// switchable answers as one client until signed in, then as another, as
// the dashboard's client does when the sign-in screen swaps its token.
type switchable struct {
	Client
	mu       sync.Mutex
	signedIn Client
}

func (s *switchable) ListUserProjects(ctx context.Context, user string) ([]api.Project, *api.Response, error) {
	s.mu.Lock()
	c := s.Client
	if s.signedIn != nil {
		c = s.signedIn
	}
	s.mu.Unlock()
	return c.ListUserProjects(ctx, user)
}

func TestSignInRefetchesYourProjects(t *testing.T) {
	t.Parallel()
	anon, _ := uitest.Sandbox(t, "")
	alice, _ := uitest.Sandbox(t, "alice")
	c := &switchable{Client: anon}
	d, _, _ := start(t, setup{client: c})
	d.WaitForText("Not signed in")
	c.mu.Lock()
	c.signedIn = alice
	c.mu.Unlock()
	d.Send(common.SignedInMsg{})
	d.WaitForText("emberforge-core")
	if strings.Contains(d.Screen(), "Not signed in") {
		t.Fatalf("still says signed out:\n%s", d.Screen())
	}
}

// Moving on to the invitations or the account while a project is being
// opened drops the open: its slow reply must not push the versions over
// the screen the user went to. The reply is held, undelivered, until the
// user has moved on; then all it starts is run here and seen.
func TestLeavingForAnotherScreenDropsTheOpen(t *testing.T) {
	t.Parallel()
	for _, k := range []string{"i", "@"} {
		t.Run(k, func(t *testing.T) {
			t.Parallel()
			d, m, _ := start(t, setup{})
			held := d.Step(uitest.Key("enter"))
			if m.opening == "" || len(held) != 1 {
				t.Fatalf("enter did not start opening the project: %v", held)
			}
			d.Press(k)
			for _, msg := range d.Step(held[0]) {
				if o, ok := msg.(common.OpenMsg); ok && o.Route == route.Versions.Key() {
					t.Fatalf("after %s the project still opened", k)
				}
			}
			if m.opening != "" {
				t.Fatalf("after %s the project is still awaited (%q)", k, m.opening)
			}
		})
	}
}

// An early tiny size (the root sends SetSize(0, 1) before the first real
// one) used to leave the list scrolled by a line, hiding the first section's
// title for good.
func TestFirstSectionTitleSurvivesATinySize(t *testing.T) {
	t.Parallel()
	d, _, _ := start(t, setup{pins: []string{"quartz-ui"}, state: config.State{Recent: []string{"emberforge-core"}}})
	d.Send(tea.WindowSizeMsg{Width: 0, Height: 1})
	d.Send(tea.WindowSizeMsg{Width: 80, Height: 24})
	if lines := strings.Split(d.Screen(), "\n"); len(lines) < 3 || !strings.Contains(lines[2], "PINNED") {
		t.Fatalf("the first section title is not on the list's first line:\n%s", d.Screen())
	}
	d.Press("j", "k")
	if !strings.Contains(d.Screen(), "PINNED") {
		t.Fatalf("moving back to the top does not show PINNED:\n%s", d.Screen())
	}
}

func TestNoColourMarksTheCursor(t *testing.T) {
	t.Parallel()
	d, _, _ := start(t, setup{})
	d.Send(common.ThemeMsg{Styles: common.NewStyles(common.Theme{NoColor: true})})
	if !strings.Contains(d.Screen(), "> ") || !strings.Contains(d.Raw(), "\x1b[7m") {
		t.Fatalf("no cursor marker or reverse video without colours:\n%s", d.Screen())
	}
}
