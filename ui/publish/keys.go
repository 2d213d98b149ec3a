package publish

import (
	"charm.land/bubbles/v2/key"

	"rdash/ui/applyflow"
	"rdash/ui/common"
)

// keyMap is the form's keys. The form is all text fields, so it takes
// arrows, tab and control keys, never letters.
type keyMap struct {
	Next, Prev  key.Binding // the next or previous field
	Up, Down    key.Binding // the field above or below; a file in the list
	Left, Right key.Binding // the channel before or after
	Move        key.Binding // Up and Down, as the help names them
	Channel     key.Binding // Left and Right, as the help names them
	Complete    key.Binding // complete a channel, game version or platform
	Submit      key.Binding // text: next field; add file: add; button: preview
	Edit        key.Binding // changelog: open the editor
	Pick        key.Binding // add file: open the file picker
	LogFile     key.Binding // changelog: take it from a changelog file
	Primary     key.Binding // files: make the chosen file primary
	Remove      key.Binding // files: drop the chosen file
	Back        key.Binding // leave the form, the editor or the picker
	SwitchView  key.Binding // changelog: editor ⇄ rendered preview
	Cancel      key.Binding // running: cancel the upload
	Draft       key.Binding // results of a refusal: back to the form
	// The file picker's keys (filepicker.DefaultKeyMap), as its help
	// names them; esc is the screen's, back to the form.
	PickFile, Folders, PickMove, PickPage, PickEnds key.Binding
	// The picker's keys one by one, as the ? overlay names them.
	FolderUp, FolderInto, PickUp, PickDown, PickPgUp, PickPgDown, PickFirst, PickLast key.Binding
	// The files list's: the arrows (and j, k) choose a file, and past
	// the list's ends go to the field before or after.
	ChooseFile, FileUp, FileDown key.Binding
	flow                         applyflow.KeyMap
}

func newKeyMap() keyMap {
	k := keyMap{
		Next:       common.Bind([]string{"tab"}, "tab", "next"),
		Prev:       common.Bind([]string{"shift+tab"}, "shift+tab", "previous"),
		Up:         common.Bind([]string{"up"}, "↑", "up"),
		Down:       common.Bind([]string{"down"}, "↓", "down"),
		Left:       common.Bind([]string{"left"}, "←", "channel"),
		Right:      common.Bind([]string{"right"}, "→", "channel"),
		Complete:   common.Bind([]string{"tab"}, "tab", "complete"),
		Submit:     common.Bind([]string{"enter"}, "enter", "next"),
		Edit:       common.Bind([]string{"enter"}, "enter", "edit"),
		Pick:       common.Bind([]string{"ctrl+o"}, "ctrl+o", "pick a file"),
		LogFile:    common.Bind([]string{"ctrl+o"}, "ctrl+o", "changelog from a file"),
		Primary:    common.Bind([]string{"p", "space"}, "p/space", "make primary"),
		Remove:     common.Bind([]string{"x", "delete", "backspace"}, "x/delete/backspace", "remove"),
		Back:       common.Bind([]string{"esc"}, "esc", "back"),
		SwitchView: common.Bind([]string{"tab"}, "tab", "edit ⇄ preview"),
		Cancel:     common.Bind([]string{"esc"}, "esc", "cancel the upload"),
		Draft:      common.Bind([]string{"e", "enter"}, "e/enter", "back to the form"),
		Move:       common.Bind([]string{"up", "down"}, "↑/↓", "field"),
		Channel:    common.Bind([]string{"left", "right"}, "←/→", "channel"),
		PickFile:   common.Bind([]string{"enter"}, "enter", "choose"),
		Folders:    common.Bind([]string{"left", "right", "h", "l", "backspace"}, "←/→", "up/into folders"),
		PickMove:   common.Bind([]string{"down", "up", "j", "k", "ctrl+n", "ctrl+p"}, "↑/↓", "move"),
		PickPage:   common.Bind([]string{"pgdown", "pgup", "J", "K"}, "pgup/pgdn", "page"),
		PickEnds:   common.Bind([]string{"G", "g"}, "g/G", "first/last"),
		FolderUp:   common.Bind([]string{"left", "h", "backspace"}, "←/h/backspace", "up a folder"),
		FolderInto: common.Bind([]string{"right", "l"}, "→/l", "into a folder"),
		PickUp:     common.Bind([]string{"up", "k", "ctrl+p"}, "↑/k/ctrl+p", "up"),
		PickDown:   common.Bind([]string{"down", "j", "ctrl+n"}, "↓/j/ctrl+n", "down"),
		PickPgUp:   common.Bind([]string{"pgup", "K"}, "pgup/K", "page up"),
		PickPgDown: common.Bind([]string{"pgdown", "J"}, "pgdn/J", "page down"),
		PickFirst:  common.Bind([]string{"g"}, "g", "first"),
		PickLast:   common.Bind([]string{"G"}, "G", "last"),
		ChooseFile: common.Bind([]string{"up", "down", "k", "j"}, "↑/↓", "choose"),
		FileUp:     common.Bind([]string{"up", "k"}, "↑/k", "previous file, or the field above"),
		FileDown:   common.Bind([]string{"down", "j"}, "↓/j", "next file, or the field below"),
		flow:       applyflow.DefaultKeyMap(),
	}
	k.flow.Cancel = k.Cancel
	return k
}
