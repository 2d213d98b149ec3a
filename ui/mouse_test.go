package ui

import (
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"rdash/ui/detail"
	"rdash/ui/internal/uitest"
	"rdash/ui/picker"
	"rdash/ui/versions"
)

// clock is a clock the test moves.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// startMouse runs the dashboard with the mouse on (or off) at w×h.
func startMouse(t *testing.T, on bool, project string, w, h int) (*uitest.Driver, *Model, *clock) {
	t.Helper()
	c, _ := uitest.Sandbox(t, "alice")
	cfg := uitest.Config()
	cfg.Mouse = on
	cfg.Env.NoColor = true // the cursor is marked "> "
	clk := &clock{now: uitest.Now()}
	m := New(Options{Client: c, Config: cfg, Now: clk.Now, Context: t.Context(), Project: project})
	d := uitest.NewDriver(t, m, w, h)
	ready(d, m, project)
	return d, m, clk
}

func click(x, y int) tea.MouseClickMsg {
	return tea.MouseClickMsg{X: x, Y: y, Button: tea.MouseLeft}
}

func wheel(down bool, y int) tea.MouseWheelMsg {
	b := tea.MouseWheelUp
	if down {
		b = tea.MouseWheelDown
	}
	return tea.MouseWheelMsg{X: 10, Y: y, Button: b}
}

// lineWith is the screen line showing text.
func lineWith(t *testing.T, d *uitest.Driver, text string) int {
	t.Helper()
	for i, l := range lines(d.Screen()) {
		if strings.Contains(l, text) {
			return i
		}
	}
	t.Fatalf("%q is not on screen:\n%s", text, d.Screen())
	return 0
}

// A click selects a project, a second click on it within the double-click
// time opens it; one too late only selects. The wheel moves the cursor.
func TestMouseOnThePicker(t *testing.T) {
	t.Parallel()
	d, m, clk := startMouse(t, true, "", 80, 24)
	if d.Model().View().MouseMode != tea.MouseModeCellMotion {
		t.Fatal("the mouse is on but not asked for")
	}
	if _, ok := m.top().(*picker.Model); !ok {
		t.Fatal("not on the picker")
	}
	selected := func(text string) bool { return strings.HasPrefix(lines(d.Screen())[lineWith(t, d, text)], "> ") }
	y := lineWith(t, d, "emberforge-core")
	d.Send(click(10, y))
	if !selected("emberforge-core") || len(m.stack) != 1 {
		t.Fatalf("the click did not select emberforge-core, or opened it:\n%s", d.Screen())
	}
	d.Send(wheel(false, y))
	if !selected("lumen ") {
		t.Fatalf("the wheel up did not move to lumen:\n%s", d.Screen())
	}
	d.Send(wheel(true, y))
	if !selected("emberforge-core") {
		t.Fatalf("the wheel down did not move back:\n%s", d.Screen())
	}
	clk.add(600 * time.Millisecond)
	d.Send(click(10, y)) // too late for a double click
	settle(d, m)
	if len(m.stack) != 1 {
		t.Fatal("two slow clicks opened the project")
	}
	clk.add(200 * time.Millisecond)
	d.Send(click(10, y))
	d.WaitFor("the project to open", func() bool { return len(m.stack) == 2 })
	if v, ok := m.top().(*versions.Model); !ok || v.Title() != "emberforge-core" {
		t.Fatalf("the double click opened %q, not emberforge-core", m.top().Title())
	}
}

// The wheel scrolls the changelog, and over the ? overlay the help.
func TestMouseWheelScrolls(t *testing.T) {
	t.Parallel()
	d, m, _ := startMouse(t, true, "lumen", 80, 24)
	d.Press("enter")
	d.WaitFor("the detail", func() bool { _, ok := m.top().(*detail.Model); return ok })
	settle(d, m)
	before := d.Screen()
	d.Send(wheel(true, 10))
	if d.Screen() == before || lines(d.Screen())[3] == lines(before)[3] {
		t.Fatalf("the wheel did not scroll the changelog:\n%s", d.Screen())
	}
	d.Send(wheel(false, 10))
	if d.Screen() != before {
		t.Fatalf("the wheel back up did not scroll back:\n%s", d.Screen())
	}
	d.Send(tea.WindowSizeMsg{Width: 40, Height: 12})
	settle(d, m)
	d.Press("?")
	d.WaitForText("↓ more")
	d.Send(wheel(true, 5))
	if m.helpTop != 3 || !m.showHelp {
		t.Fatalf("the wheel moved the help to line %d", m.helpTop)
	}
}

// Off, the default, the terminal is not asked for the mouse, and an event
// that comes anyway (a terminal left in mouse mode) does nothing; on,
// clicks on the header or the footer reach no screen.
func TestMouseOffAndOutsideTheBody(t *testing.T) {
	t.Parallel()
	d, m, _ := startMouse(t, false, "", 80, 24)
	if d.Model().View().MouseMode != tea.MouseModeNone {
		t.Fatal("the mouse is asked for while off")
	}
	y := lineWith(t, d, "emberforge-core")
	before := d.Screen()
	d.Send(click(10, y))
	d.Send(click(10, y))
	d.Send(wheel(true, y))
	if d.Screen() != before || len(m.stack) != 1 {
		t.Fatalf("mouse events worked with the mouse off:\n%s", d.Screen())
	}
	d, m, _ = startMouse(t, true, "", 80, 24)
	before = d.Screen()
	for _, y := range []int{0, 22, 23} {
		d.Send(click(10, y))
		d.Send(click(10, y))
		d.Send(wheel(true, y))
	}
	if d.Screen() != before || len(m.stack) != 1 {
		t.Fatalf("events off the body reached the picker:\n%s", d.Screen())
	}
}
