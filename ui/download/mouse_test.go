package download

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"rdash/ui/internal/uitest"
)

// The wheel moves the choice of file a notch at a time; a click chooses
// the file clicked, taking the focus back from the directory.
func TestMouseChoosesAFile(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	v := publishOne(t, c, "8.9.5", map[string]string{"lumen-8.9.5.jar": "x"}, "https://example.com/a.zip", "https://example.com/b.zip")
	e := open(t, c, v, t.TempDir(), 80, 24)
	e.d.Send(tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	if e.m.chosen != 1 {
		t.Fatalf("the wheel chose file %d, want 1", e.m.chosen)
	}
	e.d.Send(tea.MouseWheelMsg{Button: tea.MouseWheelUp})
	e.d.Press("tab")
	y := strings.Index(e.d.Screen(), "b.zip")
	y = strings.Count(e.d.Screen()[:y], "\n")
	e.d.Send(tea.MouseClickMsg{Button: tea.MouseLeft, Y: y})
	if e.m.chosen != 2 || e.m.dirFocus {
		t.Fatalf("a click on b.zip chose %d (directory focused: %v)", e.m.chosen, e.m.dirFocus)
	}
	e.d.Send(tea.MouseClickMsg{Button: tea.MouseLeft, Y: 0})
	if e.m.chosen != 2 {
		t.Fatalf("a click on the title chose %d", e.m.chosen)
	}
}
