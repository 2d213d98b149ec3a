package bulkedit

import (
	"charm.land/bubbles/v2/key"

	"rdash/ui/applyflow"
	"rdash/ui/common"
)

// keyMap is the keys of the bulk screens that the dashboard's KeyMap does
// not have. The form takes arrows rather than j/k, which type letters.
type keyMap struct {
	Next, Prev  key.Binding // the next or previous control
	Up, Down    key.Binding // the control on the line above or below
	Left, Right key.Binding // change a choice, or move along a line of boxes
	Move        key.Binding // Up and Down, as the help names them
	Change      key.Binding // Left and Right, as the help names them
	Toggle      key.Binding // tick a box, press a button
	Submit      key.Binding // form: preview; buttons: press
	Complete    key.Binding // complete a game version
	RemoveRow   key.Binding // drop a dependency row
	Back        key.Binding // leave the form or the editor
	SwitchView  key.Binding // changelog: editor ⇄ rendered preview
	Undo        key.Binding // results: undo the edit made here
	Draft       key.Binding // results of a refusal: back to the form
	// flow is the apply flow's keys: apply, answer, retry.
	flow applyflow.KeyMap
}

func newKeyMap() keyMap {
	return keyMap{
		Next:       common.Bind([]string{"tab"}, "tab", "next"),
		Prev:       common.Bind([]string{"shift+tab"}, "shift+tab", "previous"),
		Up:         common.Bind([]string{"up"}, "↑", "up"),
		Down:       common.Bind([]string{"down"}, "↓", "down"),
		Left:       common.Bind([]string{"left"}, "←", "change"),
		Right:      common.Bind([]string{"right"}, "→", "change"),
		Move:       common.Bind([]string{"up", "down"}, "↑/↓", "move"),
		Change:     common.Bind([]string{"left", "right"}, "←/→", "change"),
		Toggle:     common.Bind([]string{"space"}, "space", "toggle"),
		Submit:     common.Bind([]string{"enter"}, "enter", "preview"),
		Complete:   common.Bind([]string{"tab"}, "tab", "complete"),
		RemoveRow:  common.Bind([]string{"ctrl+x"}, "ctrl+x", "drop row"),
		Back:       common.Bind([]string{"esc"}, "esc", "back"),
		SwitchView: common.Bind([]string{"tab"}, "tab", "edit ⇄ preview"),
		Undo:       common.Bind([]string{"u"}, "u", "undo"),
		Draft:      common.Bind([]string{"e", "enter"}, "e/enter", "back to the form"),
		flow:       applyflow.DefaultKeyMap(),
	}
}
