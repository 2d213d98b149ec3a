package detail

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"

	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/ui/common"
	"rdash/ui/internal/uitest"
	"rdash/ui/route"
)

// fullScreen runs a screen as the root does: sized by the window, on the
// alternate screen. idle says, for the test's goroutine, that the screen
// has nothing in flight.
type fullScreen struct {
	s    common.Screen
	idle *atomic.Bool
}

func (f fullScreen) Init() tea.Cmd { return f.s.Init() }

func (f fullScreen) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if ws, ok := msg.(tea.WindowSizeMsg); ok {
		f.s.SetSize(ws.Width, ws.Height)
	}
	_, cmd := f.s.Update(msg)
	f.idle.Store(f.s.Busy() == "")
	return f, cmd
}

func (f fullScreen) View() tea.View {
	v := tea.NewView(f.s.View())
	v.AltScreen = true
	return v
}

// scrollBytes runs the detail of a version with a long changelog at w×h
// through Bubble Tea's real renderer and returns the bytes it writes per
// line scrolled, over lines presses of j.
func scrollBytes(t *testing.T, w, h, lines int) float64 {
	t.Helper()
	sandbox, _ := uitest.Sandbox(t, "alice")
	v := listed(t, sandbox, "2.0.0")
	v.Changelog = strings.Repeat(v.Changelog+"\n\n", 3) // long enough to scroll
	m := New(uitest.Common(t), stubClient{v: v}, route.DetailArgs{Project: common.ProjectRef{Slug: "lumen"}, Version: v})
	idle := &atomic.Bool{}
	return uitest.WireBytes(t, fullScreen{s: m, idle: idle}, w, h, tea.KeyPressMsg{Code: 'j', Text: "j"}, lines, idle.Load)
}

// stubClient answers GET with v, files and all.
type stubClient struct{ v api.Version }

func (c stubClient) GetVersion(context.Context, string, string) (*api.Version, *api.Response, error) {
	v := c.v
	return &v, nil, nil
}

func (stubClient) DownloadURL(context.Context, string, string, string) (*url.URL, *api.Response, error) {
	return nil, nil, errors.New("no downloads here")
}

func (stubClient) GetVersionByID(context.Context, string) (*api.Version, *api.Response, error) {
	return nil, nil, errors.New("no versions here")
}

func (stubClient) ListUserProjects(context.Context, string) ([]api.Project, *api.Response, error) {
	return nil, nil, errors.New("no projects here")
}

// Scrolling the changelog one line costs about what one new line does,
// with the info in a pane of its own (120x40) as in the single pane
// (80x24): the renderer scrolls a region and writes the line that comes
// in. Beside the info, every line changed: 632 B per line here, against
// glow's 195 (issue 12's budget: 250).
func TestScrollingWritesOnlyTheNewLine(t *testing.T) {
	t.Parallel()
	for _, size := range [][2]int{{120, 40}, {80, 24}} {
		got := scrollBytes(t, size[0], size[1], 10)
		t.Logf("%dx%d: %.0f B per scrolled line", size[0], size[1], got)
		if got > 250 {
			t.Errorf("%dx%d: %.0f B per scrolled line, budget 250", size[0], size[1], got)
		}
	}
}
