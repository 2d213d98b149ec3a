package statusbar

import (
	"strings"
	"testing"

	"charm.land/bubbles/v2/spinner"
	"github.com/charmbracelet/x/ansi"

	"rdash/ui/common"
)

func TestNotesFadeUnlessReplaced(t *testing.T) {
	t.Parallel()
	m := New(common.NewStyles(common.Theme{Dark: true}))
	m.SetWidth(60)
	m.Error(0, "first")
	first := m.seq
	m.Info(0, "second")
	m.Update(noteExpiredMsg{seq: first})
	if m.note != "second" {
		t.Fatalf("an old expiry cleared the newer note: %q", m.note)
	}
	m.Update(noteExpiredMsg{seq: m.seq})
	if m.note != "" {
		t.Fatalf("note did not fade: %q", m.note)
	}
}

func TestSpinnerRunsOnlyWhileBusy(t *testing.T) {
	t.Parallel()
	m := New(common.NewStyles(common.Theme{Dark: true}))
	m.SetWidth(40)
	if m.SetBusy("loading versions of lumen") == nil {
		t.Fatal("becoming busy did not start the spinner")
	}
	if m.SetBusy("loading versions of lumen") != nil {
		t.Fatal("a second tick chain was started")
	}
	if !strings.Contains(ansi.Strip(m.View()), "loading versions of lumen…") {
		t.Fatalf("view = %q", m.View())
	}
	m.SetBusy("")
	if cmd := m.Update(spinner.TickMsg{}); cmd != nil {
		t.Fatal("the spinner kept ticking while idle")
	}
	m.Error(0, "a long error message that does not fit in forty columns at all")
	if w := ansi.StringWidth(m.View()); w > 40 {
		t.Fatalf("status line is %d wide", w)
	}
}

// TestNotesStayWithTheirScreen: a note shows only while the screen it
// belongs to is on top, and goes when that screen leaves.
func TestNotesStayWithTheirScreen(t *testing.T) {
	t.Parallel()
	m := New(common.NewStyles(common.Theme{Dark: true}))
	m.SetWidth(60)
	m.Focus(2)
	m.Error(2, "cannot invite dave")
	if !strings.Contains(ansi.Strip(m.View()), "✗ cannot invite dave") {
		t.Fatalf("the top screen's note is not shown: %q", m.View())
	}
	m.Focus(3) // another screen opens over it
	if m.Note() != "" || strings.Contains(m.View(), "dave") {
		t.Fatalf("a covered screen's note shows: %q", m.View())
	}
	m.Focus(2) // and closes before the note fades
	if m.Note() != "cannot invite dave" {
		t.Fatalf("the note did not come back with its screen: %q", m.View())
	}
	m.Forget(3)
	if m.Note() == "" {
		t.Fatal("another screen leaving dropped the note")
	}
	m.Forget(2)
	m.Focus(1)
	m.Focus(2) // a new screen that got the same place
	if m.Note() != "" {
		t.Fatalf("the note of a screen that left is still there: %q", m.Note())
	}
	m.Info(2, "copied the ID of 2.4.0")
	m.Focus(3)
	m.Focus(2) // back on the list: the copy is old news
	if m.Note() != "" {
		t.Fatalf("a passing note came back with its screen: %q", m.Note())
	}
}
