package detail

import (
	"bytes"
	"context"
	"errors"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/ui/common"
	"rdash/ui/internal/uitest"
	"rdash/ui/route"
)

// output collects what the renderer writes, safely for the test to read.
type output struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (o *output) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.b.Write(p)
}

func (o *output) Len() int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.b.Len()
}

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

// settle waits until the renderer has written something since mark and
// then nothing for a few frames; it returns the bytes written so far.
func settle(t *testing.T, out *output, mark int) int {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	last, still := out.Len(), 0
	for still < 5 || last == mark {
		if time.Now().After(deadline) {
			t.Fatalf("the renderer did not settle: %d bytes, %d at the mark", last, mark)
		}
		time.Sleep(20 * time.Millisecond)
		if n := out.Len(); n != last {
			last, still = n, 0
		} else {
			still++
		}
	}
	return last
}

// scrollBytes runs the detail of a version with a long changelog at w×h
// through Bubble Tea's real renderer and returns the bytes it writes per
// line scrolled, over lines presses of j.
func scrollBytes(t *testing.T, w, h, lines int) float64 {
	t.Helper()
	sandbox, _ := uitest.Sandbox(t, "alice")
	v := listed(t, sandbox, "2.0.0")
	v.Changelog = strings.Repeat(v.Changelog+"\n\n", 3) // long enough to scroll
	m := New(uitest.Common(t, nil), stubClient{v: v}, route.DetailArgs{Project: common.ProjectRef{Slug: "lumen"}, Version: v})
	idle := &atomic.Bool{}
	out := &output{}
	p := tea.NewProgram(fullScreen{s: m, idle: idle},
		tea.WithOutput(out), tea.WithInput(nil), tea.WithWindowSize(w, h),
		tea.WithContext(t.Context()), tea.WithoutSignals())
	done := make(chan error, 1)
	go func() { _, err := p.Run(); done <- err }()
	t.Cleanup(func() {
		p.Quit()
		<-done
	})
	deadline := time.Now().Add(10 * time.Second)
	for !idle.Load() {
		if time.Now().After(deadline) {
			t.Fatal("the changelog did not render")
		}
		time.Sleep(10 * time.Millisecond)
	}
	start := settle(t, out, 0)
	end := start
	for range lines {
		p.Send(tea.KeyPressMsg{Code: 'j', Text: "j"})
		end = settle(t, out, end)
	}
	return float64(end-start) / float64(lines)
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
