package common

import (
	"testing"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"
)

func TestFooter(t *testing.T) {
	t.Parallel()
	s := NewStyles(Theme{NoColor: true}).Help
	k := DefaultKeyMap()
	open, filter := Bind([]string{"enter"}, "enter", "open"), Bind([]string{"/"}, "/", "filter")
	pin, inv := Bind([]string{"p"}, "p", "pin/unpin"), Bind([]string{"i"}, "i", "invitations")
	hints := []key.Binding{open, filter, pin, inv, k.Quit}
	disabled := Bind([]string{"x"}, "x", "hidden")
	disabled.SetEnabled(false)
	for _, tt := range []struct {
		name  string
		width int
		hints []key.Binding
		more  key.Binding
		want  string
	}{
		{"all fit", 80, hints, k.Help, "enter open • / filter • p pin/unpin • i invitations • q quit • ? help"},
		{"whole hints, then ? more", 60, hints, k.Help, "enter open • / filter • p pin/unpin • i invitations • ? more"},
		{"priority order is kept", 40, hints, k.Help, "enter open • / filter • ? more"},
		{"no help key", 40, hints, key.NewBinding(key.WithDisabled()), "enter open • / filter • p pin/unpin"},
		{"the same key once", 80, []key.Binding{k.Back, open, WithHelp(k.Back, "esc", "back")}, k.Help, "esc back • enter open • ? help"},
		{"a second meaning of a key is not shown", 80, []key.Binding{open, k.Accept}, k.Help, "enter open • ? help"},
		{"disabled hints are left out", 80, []key.Binding{disabled, open}, k.Help, "enter open • ? help"},
		{"too narrow for anything", 4, hints, k.Help, "? m…"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := ansi.Strip(Footer(s, tt.width, tt.hints, tt.more))
			if got != tt.want || ansi.StringWidth(got) > tt.width {
				t.Fatalf("Footer(%d) = %q, want %q", tt.width, got, tt.want)
			}
		})
	}
}

// The help bubble's own styles render as they always did.
func TestFooterUsesTheHelpStyles(t *testing.T) {
	t.Parallel()
	s := help.DefaultStyles(true)
	got := Footer(s, 80, []key.Binding{Bind([]string{"a"}, "a", "act")}, key.NewBinding(key.WithDisabled()))
	if want := s.ShortKey.Render("a") + " " + s.ShortDesc.Render("act"); got != want {
		t.Fatalf("Footer = %q, want %q", got, want)
	}
}
