package download

import (
	"context"
	"errors"

	"charm.land/bubbles/v2/key"

	"rdash/ui/common"
)

// keyMap is the screen's keys besides the list's navigation.
type keyMap struct {
	Download key.Binding // save the chosen file; copy an external URL
	Switch   key.Binding // files ⇄ directory
	Back     key.Binding // leave; cancel a download
	Again    key.Binding // results: choose another file
	Reload   key.Binding // read the files again after a failure
	// A file of that name is there already:
	Overwrite key.Binding // replace it
	KeepBoth  key.Binding // save beside it, "name (1).jar"
}

func newKeyMap() keyMap {
	return keyMap{
		Download:  common.Bind([]string{"enter"}, "enter", "download"),
		Switch:    common.Bind([]string{"tab"}, "tab", "directory"),
		Back:      common.Bind([]string{"esc"}, "esc", "back"),
		Again:     common.Bind([]string{"enter"}, "enter", "another file"),
		Reload:    common.Bind([]string{"r"}, "r", "reload"),
		Overwrite: common.Bind([]string{"o"}, "o", "overwrite"),
		KeepBoth:  common.Bind([]string{"k"}, "k", "keep both"),
	}
}

func errorsIsCanceled(err error) bool { return errors.Is(err, context.Canceled) }
