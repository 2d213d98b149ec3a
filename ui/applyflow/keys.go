package applyflow

import (
	"charm.land/bubbles/v2/key"

	"rdash/ui/common"
)

// KeyMap is the flow's keys; scrolling uses the dashboard's navigation
// keys (common.KeyMap).
type KeyMap struct {
	Submit      key.Binding // preview: apply; question: press the focused button
	Back        key.Binding // leave the preview or the question
	Left, Right key.Binding // move between the question's buttons
	Next, Prev  key.Binding // the same, as in a form
	Yes, No     key.Binding // answer the question
	Retry       key.Binding // make the plan again; send again what failed
	Cancel      key.Binding // running a CancellableJob: cancel it
}

// DefaultKeyMap returns the flow's keys.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Submit: common.Bind([]string{"enter"}, "enter", "apply"),
		Back:   common.Bind([]string{"esc"}, "esc", "back"),
		Left:   common.Bind([]string{"left"}, "←", "change"),
		Right:  common.Bind([]string{"right"}, "→", "change"),
		Next:   common.Bind([]string{"tab"}, "tab", "next"),
		Prev:   common.Bind([]string{"shift+tab"}, "shift+tab", "previous"),
		Yes:    common.Bind([]string{"y"}, "y", "yes"),
		No:     common.Bind([]string{"n"}, "n", "no"),
		Retry:  common.Bind([]string{"r"}, "r", "retry failed"),
		Cancel: common.Bind([]string{"esc"}, "esc", "cancel"),
	}
}
