package applyflow

import (
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"rdash/ui/common"
)

// lineOf is the line of the screen that holds s, or -1.
func lineOf(screen, s string) int {
	return slices.IndexFunc(strings.Split(screen, "\n"), func(l string) bool { return strings.Contains(l, s) })
}

var wheelDown = tea.MouseWheelMsg{Button: tea.MouseWheelDown}

// The wheel scrolls the preview and the results, a notch WheelLines
// lines; a click on the results selects the version on that line, its
// reason and fix included.
func TestMouseScrollsAndSelects(t *testing.T) {
	t.Parallel()
	f := &fake{refuse: map[string]bool{"A": true, "B": true}}
	fl, d := open(t, f, Options{})
	d.WaitForText("enter sends them")
	d.Send(tea.WindowSizeMsg{Width: 80, Height: 5})
	d.Send(wheelDown)
	if fl.scroll == 0 || !strings.Contains(d.Screen(), "C  third") {
		t.Fatalf("the wheel does not scroll the preview (at %d):\n%s", fl.scroll, d.Screen())
	}
	d.Send(tea.WindowSizeMsg{Width: 80, Height: 10})
	d.Press("enter")
	d.WaitFor("the results", func() bool { return fl.Stage() == StageResults })
	if lineOf(d.Screen(), "vC") >= 0 {
		t.Fatalf("the test needs vC below the fold:\n%s", d.Screen())
	}
	d.Send(wheelDown)
	y := lineOf(d.Screen(), "vC")
	if y < 0 {
		t.Fatalf("the wheel does not scroll the results:\n%s", d.Screen())
	}
	d.Send(tea.MouseClickMsg{Button: tea.MouseLeft, Y: y})
	if fl.picked != "C" || !strings.Contains(d.Raw(), fl.common.Styles.Cursor.Render(common.Fit("vC", 16)+" C")) {
		t.Fatalf("a click on vC selected %q:\n%s", fl.picked, d.Screen())
	}
	d.Send(tea.MouseClickMsg{Button: tea.MouseLeft, Y: lineOf(d.Screen(), "rename B")})
	if fl.picked != "B" {
		t.Fatalf("a click on B's fix selected %q", fl.picked)
	}
	d.Send(tea.MouseClickMsg{Button: tea.MouseLeft, Y: 0})
	if fl.picked != "B" {
		t.Fatalf("a click on the title selected %q", fl.picked)
	}
}
