package applyflow

import (
	"slices"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"rdash/ui/common"
)

// TestGuardedFooter: esc is the root's unless the screen captures the
// keys; while it captures and holds input, the keys that ask first are
// listed, esc among them (once) where it leaves.
func TestGuardedFooter(t *testing.T) {
	t.Parallel()
	k := common.DefaultKeyMap()
	hints := []key.Binding{common.WithHelp(k.Open, "enter", "preview"), common.WithHelp(k.Back, "esc", "back")}
	tests := []struct {
		name                          string
		capturing, holding, escLeaves bool
		want                          string
	}{
		{"not capturing", false, true, true, "enter preview"},
		{"capturing, nothing held", true, false, true, "enter preview · esc back"},
		{"capturing, held, esc leaves", true, true, true, "enter preview · esc leave (asks first) · ctrl+c quit (asks first)"},
		{"capturing, held, esc stays", true, true, false, "enter preview · esc back · ctrl+c quit (asks first)"},
	}
	for _, tt := range tests {
		got := GuardedFooter(k, hints, tt.capturing, tt.holding, tt.escLeaves)
		var words []string
		for _, b := range got {
			words = append(words, b.Help().Key+" "+b.Help().Desc)
		}
		if s := strings.Join(words, " · "); s != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, s, tt.want)
		}
	}
	if !slices.ContainsFunc(hints, func(b key.Binding) bool { return b.Help().Key == "esc" }) {
		t.Error("GuardedFooter changed the hints it was given")
	}
}

// TestLeaves: ctrl+c always leaves, q unless typed, esc where it leaves
// the screen; other keys never.
func TestLeaves(t *testing.T) {
	t.Parallel()
	k := common.DefaultKeyMap()
	ctrlC := tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl}
	q := tea.KeyPressMsg{Code: 'q', Text: "q"}
	esc := tea.KeyPressMsg{Code: tea.KeyEscape}
	j := tea.KeyPressMsg{Code: 'j', Text: "j"}
	tests := []struct {
		msg                  tea.KeyPressMsg
		capturing, escLeaves bool
		want                 bool
	}{
		{ctrlC, true, false, true},
		{q, false, false, true},
		{q, true, true, false},
		{esc, false, true, true},
		{esc, false, false, false},
		{j, false, true, false},
	}
	for _, tt := range tests {
		if got := Leaves(k, tt.msg, tt.capturing, tt.escLeaves); got != tt.want {
			t.Errorf("Leaves(%s, capturing %v, esc leaves %v) = %v", tt.msg, tt.capturing, tt.escLeaves, got)
		}
	}
}
