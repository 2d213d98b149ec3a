package versions

import (
	"bytes"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	btable "charm.land/bubbles/v2/table"
	tea "charm.land/bubbletea/v2"

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

// wireBytes runs m at w×h on the alternate screen through Bubble Tea's
// real renderer and returns the bytes it writes per key, over n presses
// of k, once ready reports the first screen complete.
func wireBytes(t *testing.T, m tea.Model, w, h int, k tea.KeyPressMsg, n int, ready func() bool) float64 {
	t.Helper()
	out := &output{}
	p := tea.NewProgram(m, tea.WithOutput(out), tea.WithInput(nil), tea.WithWindowSize(w, h),
		tea.WithContext(t.Context()), tea.WithoutSignals())
	done := make(chan error, 1)
	go func() { _, err := p.Run(); done <- err }()
	t.Cleanup(func() {
		p.Quit()
		<-done
	})
	deadline := time.Now().Add(10 * time.Second)
	for !ready() {
		if time.Now().After(deadline) {
			t.Fatal("the first screen did not complete")
		}
		time.Sleep(10 * time.Millisecond)
	}
	start := settle(t, out, 0)
	end := start
	for range n {
		p.Send(k)
		end = settle(t, out, end)
	}
	return float64(end-start) / float64(n)
}

// fullScreen runs the versions screen as the root does; idle tells the
// test's goroutine that the first page is in.
type fullScreen struct {
	m    *Model
	idle *atomic.Bool
}

func (f fullScreen) Init() tea.Cmd { return f.m.Init() }

func (f fullScreen) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if ws, ok := msg.(tea.WindowSizeMsg); ok {
		f.m.SetSize(ws.Width, ws.Height)
	}
	_, cmd := f.m.Update(msg)
	f.idle.Store(f.m.page > 0 && f.m.loading == 0)
	return f, cmd
}

func (f fullScreen) View() tea.View {
	v := tea.NewView(f.m.View())
	v.AltScreen = true
	return v
}

// bubblesTable is a bubbles table on the alternate screen.
type bubblesTable struct{ t btable.Model }

func (b bubblesTable) Init() tea.Cmd { return nil }

func (b bubblesTable) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	var cmd tea.Cmd
	b.t, cmd = b.t.Update(msg)
	return b, cmd
}

func (b bubblesTable) View() tea.View {
	v := tea.NewView(b.t.View())
	v.AltScreen = true
	return v
}

// A cursor move in the versions table costs no more than 1.1 times what
// it costs in a bubbles table of the same width and rows (issue 12).
func TestCursorMoveBytesMatchBubblesTable(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	m := New(uitest.Common(t, nil), c, route.VersionsArgs{Project: common.ProjectRef{Slug: "emberforge-core"}})
	idle := &atomic.Bool{}
	down := tea.KeyPressMsg{Code: tea.KeyDown}
	ours := wireBytes(t, fullScreen{m: m, idle: idle}, 120, 40, down, 10, idle.Load)

	cols := []btable.Column{{Title: "VERSION", Width: 14}, {Title: "NAME", Width: 28}, {Title: "CHANNEL", Width: 8},
		{Title: "PLATFORMS", Width: 18}, {Title: "GAME", Width: 18}, {Title: "DOWNLOADS", Width: 10}, {Title: "CREATED", Width: 10}}
	rows := make([]btable.Row, len(m.rows))
	for i, r := range m.rows {
		rows[i] = btable.Row(r)
	}
	bt := btable.New(btable.WithColumns(cols), btable.WithRows(rows), btable.WithWidth(120), btable.WithHeight(38), btable.WithFocused(true))
	ref := wireBytes(t, bubblesTable{t: bt}, 120, 40, down, 10, func() bool { return true })
	t.Logf("120x40: %.0f B per cursor move; bubbles table %.0f B (%.2fx)", ours, ref, ours/ref)
	if ours > 1.1*ref {
		t.Errorf("%.0f B per cursor move, more than 1.1x the bubbles table's %.0f B", ours, ref)
	}
}
