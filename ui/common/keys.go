package common

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// KeyMap is the keys every screen shares: the global ones the root
// handles and list navigation. Each screen owns its other keys, in a
// keyMap of its own package that embeds this one. Screens match with
// key.Matches.
type KeyMap struct {
	// Global, handled by the root unless a screen is capturing; ForceQuit
	// (ctrl+c) quits even then.
	Quit, ForceQuit, Back, Help key.Binding
	// Command opens the : prompt (a project, a screen, a filter).
	Command key.Binding
	// Retry re-runs what failed, from the error panel.
	Retry key.Binding
	// SignIn opens the sign-in screen from the error panel, when registered.
	SignIn key.Binding

	// Navigation, shared by lists and the changelog.
	Up, Down, PageUp, PageDown, HalfUp, HalfDown, Top, Bottom key.Binding
	Open                                                      key.Binding

	// Text fields: enter takes what was typed, esc leaves the field.
	Accept, Cancel key.Binding
}

// Bind is a binding of keys, shown in help as help and desc.
func Bind(keys []string, help, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
}

// WithHelp returns b with other help text, for keys whose meaning depends
// on where the focus is (esc "done" in a field, "cancel" in a form).
func WithHelp(b key.Binding, keys, desc string) key.Binding {
	b.SetHelp(keys, desc)
	return b
}

// DefaultKeyMap returns the dashboard's key bindings.
func DefaultKeyMap() *KeyMap {
	return &KeyMap{
		Quit:      Bind([]string{"q"}, "q", "quit"),
		ForceQuit: Bind([]string{"ctrl+c"}, "ctrl+c", "quit"),
		Back:      Bind([]string{"esc"}, "esc", "back"),
		Help:      Bind([]string{"?"}, "?", "help"),
		Command:   Bind([]string{":"}, ":", "command: a project, a screen, a filter"),
		Retry:     Bind([]string{"r"}, "r", "retry"),
		SignIn:    Bind([]string{"enter"}, "enter", "sign in"),

		Up:       Bind([]string{"up", "k"}, "↑/k", "up"),
		Down:     Bind([]string{"down", "j"}, "↓/j", "down"),
		PageUp:   Bind([]string{"pgup", "ctrl+b"}, "pgup/ctrl+b", "page up"),
		PageDown: Bind([]string{"pgdown", "ctrl+f"}, "pgdn/ctrl+f", "page down"),
		HalfUp:   Bind([]string{"ctrl+u"}, "ctrl+u", "½ page up"),
		HalfDown: Bind([]string{"ctrl+d"}, "ctrl+d", "½ page down"),
		Top:      Bind([]string{"g", "home"}, "g/home", "top"),
		Bottom:   Bind([]string{"G", "end"}, "G/end", "bottom"),
		Open:     Bind([]string{"enter"}, "enter", "open"),

		Accept: Bind([]string{"enter"}, "enter", "apply"),
		Cancel: Bind([]string{"esc"}, "esc", "cancel"),
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
