package ui

import (
	"errors"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"rdash/ui/internal/uitest"
)

// A screen's command that panics ends the program through tea.Quit, with
// the panic kept for the caller: not through bubbletea's own recovery,
// whose kill closes the input reader under the goroutine reading it.
func TestACommandThatPanicsQuitsAndSaysWhy(t *testing.T) {
	t.Parallel()
	m := New(Options{Config: uitest.Config(), Now: uitest.Now, Context: t.Context()})
	cmd := own(1, func() tea.Msg { panic("a bug in a screen") })
	msg := cmd()
	if _, ok := msg.(commandPanicMsg); !ok {
		t.Fatalf("the command's panic came back as %T", msg)
	}
	_, quit := m.Update(msg)
	if quit == nil {
		t.Fatal("no command after a panic: the program goes on")
	}
	if _, ok := quit().(tea.QuitMsg); !ok {
		t.Fatalf("after a panic the root returned %T, not tea.Quit", quit())
	}
	if err := m.Err(); !errors.Is(err, ErrPanic) || !strings.Contains(err.Error(), "a bug in a screen") || !strings.Contains(err.Error(), "panic_test.go") {
		t.Fatalf("Err() = %v, want ErrPanic with the value and the stack", err)
	}
}
