package bulkedit

import "charm.land/bubbles/v2/key"

// keyMap is the keys of the bulk screens that the dashboard's KeyMap does
// not have. The form takes arrows rather than j/k, which type letters.
type keyMap struct {
	Next, Prev  key.Binding // the next or previous control
	Up, Down    key.Binding // the control on the line above or below
	Left, Right key.Binding // change a choice, or move along a line of boxes
	Toggle      key.Binding // tick a box, press a button
	Submit      key.Binding // form: preview; preview: apply; buttons: press
	Complete    key.Binding // complete a game version
	RemoveRow   key.Binding // drop a dependency row
	Back        key.Binding // leave the form, the editor or a question
	SwitchView  key.Binding // changelog: editor ⇄ rendered preview
	Yes, No     key.Binding // answer a confirmation
	Retry, Undo key.Binding
}

func bind(keys []string, help, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
}

func newKeyMap() keyMap {
	return keyMap{
		Next:       bind([]string{"tab"}, "tab", "next"),
		Prev:       bind([]string{"shift+tab"}, "shift+tab", "previous"),
		Up:         bind([]string{"up"}, "↑", "up"),
		Down:       bind([]string{"down"}, "↓", "down"),
		Left:       bind([]string{"left"}, "←", "change"),
		Right:      bind([]string{"right"}, "→", "change"),
		Toggle:     bind([]string{"space"}, "space", "toggle"),
		Submit:     bind([]string{"enter"}, "enter", "preview"),
		Complete:   bind([]string{"tab"}, "tab", "complete"),
		RemoveRow:  bind([]string{"ctrl+x"}, "ctrl+x", "drop row"),
		Back:       bind([]string{"esc"}, "esc", "back"),
		SwitchView: bind([]string{"tab"}, "tab", "edit ⇄ preview"),
		Yes:        bind([]string{"y"}, "y", "yes"),
		No:         bind([]string{"n"}, "n", "no"),
		Retry:      bind([]string{"r"}, "r", "retry failed"),
		Undo:       bind([]string{"u"}, "u", "undo"),
	}
}

// withHelp returns b with other help text, for keys whose meaning depends
// on where the focus is.
func withHelp(b key.Binding, keys, desc string) key.Binding {
	b.SetHelp(keys, desc)
	return b
}
