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
	m.Error("first")
	first := m.seq
	m.Info("second")
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
	m.Error("a long error message that does not fit in forty columns at all")
	if w := ansi.StringWidth(m.View()); w > 40 {
		t.Fatalf("status line is %d wide", w)
	}
}
