package common

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// KeyMap is every key binding of the dashboard, in one place so help,
// screens and tests agree. Screens match with key.Matches.
type KeyMap struct {
	// Global, handled by the root unless a screen is capturing; ForceQuit
	// (ctrl+c) quits even then.
	Quit, ForceQuit, Back, Help key.Binding
	// Retry re-runs what failed, from the error panel.
	Retry key.Binding
	// SignIn opens the sign-in screen from the error panel, when registered.
	SignIn key.Binding

	// Navigation, shared by lists and the changelog.
	Up, Down, PageUp, PageDown, HalfUp, HalfDown, Top, Bottom key.Binding
	Open                                                      key.Binding

	// Text fields and pickers.
	Accept, Cancel, Complete, Toggle key.Binding

	// Project picker.
	Filter, Pin, Invitations, Account key.Binding

	// Versions.
	Search, Channels, GameVersions, ClearFilters key.Binding
	Sort, SortReverse                            key.Binding
	Mark, MarkAll, ClearMarks                    key.Binding
	Refresh, CopyID, CopyURL, Edit, Delete       key.Binding
	Undo                                         key.Binding

	// Detail.
	SwitchPane key.Binding
}

func bind(keys []string, help, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
}

// DefaultKeyMap returns the dashboard's key bindings.
func DefaultKeyMap() *KeyMap {
	return &KeyMap{
		Quit:      bind([]string{"q"}, "q", "quit"),
		ForceQuit: bind([]string{"ctrl+c"}, "ctrl+c", "quit"),
		Back:      bind([]string{"esc"}, "esc", "back"),
		Help:      bind([]string{"?"}, "?", "help"),
		Retry:     bind([]string{"r"}, "r", "retry"),
		SignIn:    bind([]string{"enter"}, "enter", "sign in"),

		Up:       bind([]string{"up", "k"}, "↑/k", "up"),
		Down:     bind([]string{"down", "j"}, "↓/j", "down"),
		PageUp:   bind([]string{"pgup", "ctrl+b"}, "pgup", "page up"),
		PageDown: bind([]string{"pgdown", "ctrl+f"}, "pgdn", "page down"),
		HalfUp:   bind([]string{"ctrl+u"}, "ctrl+u", "½ page up"),
		HalfDown: bind([]string{"ctrl+d"}, "ctrl+d", "½ page down"),
		Top:      bind([]string{"g", "home"}, "g", "top"),
		Bottom:   bind([]string{"G", "end"}, "G", "bottom"),
		Open:     bind([]string{"enter"}, "enter", "open"),

		Accept:   bind([]string{"enter"}, "enter", "apply"),
		Cancel:   bind([]string{"esc"}, "esc", "cancel"),
		Complete: bind([]string{"tab"}, "tab", "complete"),
		Toggle:   bind([]string{"space", "x"}, "space", "toggle"),

		Filter:      bind([]string{"/"}, "/", "filter"),
		Pin:         bind([]string{"p"}, "p", "pin/unpin"),
		Invitations: bind([]string{"i"}, "i", "invitations"),
		Account:     bind([]string{"@"}, "@", "account"),

		Search:       bind([]string{"/"}, "/", "search"),
		Channels:     bind([]string{"c"}, "c", "channel"),
		GameVersions: bind([]string{"v"}, "v", "game"),
		ClearFilters: bind([]string{"F"}, "F", "clear filters"),
		Sort:         bind([]string{"s"}, "s", "sort"),
		SortReverse:  bind([]string{"S"}, "S", "reverse sort"),
		Mark:         bind([]string{"space"}, "space", "mark"),
		MarkAll:      bind([]string{"a"}, "a", "mark all loaded"),
		ClearMarks:   bind([]string{"A"}, "A", "clear marks"),
		Refresh:      bind([]string{"r"}, "r", "refresh"),
		CopyID:       bind([]string{"y"}, "y", "copy ID"),
		CopyURL:      bind([]string{"Y"}, "Y", "copy URL"),
		Edit:         bind([]string{"e"}, "e", "bulk edit"),
		Delete:       bind([]string{"D"}, "D", "delete"),
		Undo:         bind([]string{"u"}, "u", "undo last edit"),

		SwitchPane: bind([]string{"tab"}, "tab", "files ⇄ changelog"),
	}
}

// ListStep says how far a list's cursor moves for msg, a key of the list
// navigation (up, down, pages, top, bottom), given the
// list's length and the rows on screen; ok is false for any other key.
// Callers clamp the result.
func (k *KeyMap) ListStep(msg tea.KeyPressMsg, length, page int) (step int, ok bool) {
	switch {
	case key.Matches(msg, k.Up):
		return -1, true
	case key.Matches(msg, k.Down):
		return 1, true
	case key.Matches(msg, k.PageUp):
		return -page, true
	case key.Matches(msg, k.PageDown):
		return page, true
	case key.Matches(msg, k.Top):
		return -length, true
	case key.Matches(msg, k.Bottom):
		return length, true
	}
	return 0, false
}
