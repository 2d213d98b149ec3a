package invitations

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// A click selects the row under it, the wheel moves the cursor; while a
// form is up the list under it does not move.
func TestMouseSelectsRows(t *testing.T) {
	t.Parallel()
	w := start(t, setup{})
	line := func(text string) int {
		for i, l := range strings.Split(w.d.Screen(), "\n") {
			if strings.Contains(l, text) {
				return i
			}
		}
		t.Fatalf("%q is not on screen:\n%s", text, w.d.Screen())
		return 0
	}
	y := line("Dave Dalton")
	w.d.Send(tea.MouseClickMsg{X: 5, Y: y, Button: tea.MouseLeft})
	if r, _ := w.m.selected(); r.inv == nil || r.inv.Username != "dave" {
		t.Fatalf("the click did not select dave's invitation:\n%s", w.d.Screen())
	}
	w.d.Send(tea.MouseClickMsg{X: 5, Y: line("USERNAME"), Button: tea.MouseLeft}) // the column titles
	if r, _ := w.m.selected(); r.inv == nil {
		t.Fatal("a click on the column titles moved the cursor")
	}
	w.d.Send(tea.MouseWheelMsg{X: 5, Y: y, Button: tea.MouseWheelUp})
	if r, _ := w.m.selected(); r.inv != nil {
		t.Fatal("the wheel up did not move to the organization")
	}
	w.d.Send(tea.MouseWheelMsg{X: 5, Y: y, Button: tea.MouseWheelDown})
	w.d.Press("x")
	w.d.WaitForText("Cancel dave's invitation")
	w.d.Send(tea.MouseWheelMsg{X: 5, Y: y, Button: tea.MouseWheelUp})
	if r, _ := w.m.selected(); r.inv == nil {
		t.Fatal("the wheel moved the list under the confirmation")
	}
}
