package publish

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"rdash/ui/internal/uitest"
)

// The wheel scrolls the form away from the focus, until a key brings the
// focus back into view.
func TestWheelScrollsTheForm(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	e := open(t, c, "lumen", 60, 10)
	if !strings.Contains(e.d.Screen(), "Channel") {
		t.Fatalf("the form does not start at its top:\n%s", e.d.Screen())
	}
	e.d.Send(tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	if strings.Contains(e.d.Screen(), "Channel") || !strings.Contains(e.d.Screen(), "Preview") {
		t.Fatalf("the wheel does not scroll the form:\n%s", e.d.Screen())
	}
	e.d.Press("right") // a key: the focused channel shows again
	if !strings.Contains(e.d.Screen(), "Channel") {
		t.Fatalf("a key does not bring the focus back:\n%s", e.d.Screen())
	}
	e.check()
}
