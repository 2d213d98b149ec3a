package bulkedit

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"rdash/ui/internal/uitest"
)

var wheelDown = tea.MouseWheelMsg{Button: tea.MouseWheelDown}

// The wheel scrolls the form where it is longer than the screen, and the
// preview (the changelog's diff among its lines).
func TestWheelScrolls(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	e := openEdit(t, c, "lumen", versionsOf(t, c, "lumen", 6), 60, 14)
	e.choose(platMode, "add and remove")
	e.choose(chanMode, "snapshot")
	if !strings.Contains(e.d.Screen(), "Channel") {
		t.Fatalf("the form does not start at its top:\n%s", e.d.Screen())
	}
	e.d.Send(wheelDown)
	if e.m.formScroll == 0 || strings.Contains(e.d.Screen(), "Channel") {
		t.Fatalf("the wheel does not scroll the form:\n%s", e.d.Screen())
	}
	e.preview()
	before := e.d.Screen()
	e.d.Send(wheelDown)
	if e.d.Screen() == before {
		t.Fatalf("the wheel does not scroll the preview:\n%s", before)
	}
	e.check()
}
