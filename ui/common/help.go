package common

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// FieldHelp is a Screen whose text field may have the keys (Capturing)
// and still lets the root open the help: HelpKey is the key that does so
// in the field that has the focus, which the field's footer shows beside
// esc. Outside a field (not Capturing) the root's ? opens the help.
type FieldHelp interface {
	HelpKey() key.Binding
}

// HelpInField is the key that opens the help while a field has the keys:
// f1 always; ? as well where it would not be text, in a field that takes
// no ? (a slug, a version, a channel: prose is false) or that is empty.
// In a field of prose holding text, ? types and the footer names f1.
func HelpInField(value string, prose bool) key.Binding {
	if !prose || value == "" {
		return Bind([]string{"?", "f1"}, "?/f1", "help")
	}
	return Bind([]string{"f1"}, "f1", "help")
}

// HelpKeyOf is the key that opens the help over s while s captures the
// keys: its HelpKey, or none (disabled) when s has no field help.
func HelpKeyOf(s Screen) key.Binding {
	if f, ok := s.(FieldHelp); ok {
		return f.HelpKey()
	}
	return key.NewBinding(key.WithDisabled())
}

// OpensHelp reports that msg opens the ? overlay over s: ? where s does
// not capture the keys, else the help key of its field (FieldHelp).
func OpensHelp(k *KeyMap, s Screen, msg tea.KeyPressMsg) bool {
	if s != nil && s.Capturing() {
		return key.Matches(msg, HelpKeyOf(s))
	}
	return key.Matches(msg, k.Help)
}

// GlobalHelp is the root's keys that the ? overlay lists after the
// screen's groups: esc back when the screen is not the first (stacked),
// the : prompt, the help key, q and ctrl+c; while the screen captures the keys, only
// its help key and ctrl+c. A key the screen's groups name already is the
// screen's (a guarded esc "leave (asks first)", a sort's esc "cancel"):
// it is left out here, so no key is listed twice with two meanings.
func GlobalHelp(k *KeyMap, s Screen, groups [][]key.Binding, stacked bool) []key.Binding {
	var global []key.Binding
	switch {
	case s != nil && s.Capturing():
		global = []key.Binding{HelpKeyOf(s), k.ForceQuit}
	case stacked:
		global = []key.Binding{k.Back, k.Command, k.Help, k.Quit, k.ForceQuit}
	default:
		global = []key.Binding{k.Command, k.Help, k.Quit, k.ForceQuit}
	}
	named := map[string]bool{}
	for _, g := range groups {
		for _, b := range g {
			if b.Enabled() {
				for _, n := range HelpNames(b) {
					named[n] = true
				}
			}
		}
	}
	return slices.DeleteFunc(global, func(b key.Binding) bool {
		return !b.Enabled() || slices.ContainsFunc(b.Keys(), func(k string) bool { return named[k] })
	})
}

// keySymbols are the symbols help writes for keys, and the keys' names.
var keySymbols = strings.NewReplacer("↑", "up", "↓", "down", "←", "left", "→", "right", "pgdn", "pgdown")

// HelpNames are the keys that b's help names: its help key split at "/",
// with symbols read as key names ("↑/k" names up and k; "pgup/pgdn",
// pgup and pgdown). A key b binds that its help does not name is, to a
// reader of the help, not there.
func HelpNames(b key.Binding) []string {
	text := b.Help().Key
	switch text {
	case "":
		return nil
	case "/":
		return []string{"/"}
	}
	var out []string
	for _, tok := range strings.Split(text, "/") {
		if tok = keySymbols.Replace(strings.TrimSpace(tok)); tok != "" {
			out = append(out, tok)
		}
	}
	return out
}
