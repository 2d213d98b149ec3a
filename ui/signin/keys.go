package signin

import (
	"charm.land/bubbles/v2/key"

	"rdash/ui/common"
)

// keyMap is the sign-in screen's keys; esc, q and ? stay the root's
// while no field or question has the keys.
type keyMap struct {
	Copy, OneLine, Browser, Paste, Submit, Leave, Again key.Binding
	Yes, No                                             key.Binding
}

func newKeyMap() keyMap {
	return keyMap{
		Copy:    common.Bind([]string{"y"}, "y", "copy URL"),
		OneLine: common.Bind([]string{"u"}, "u", "URL on one line"),
		Browser: common.Bind([]string{"o"}, "o", "open browser"),
		Paste:   common.Bind([]string{"enter", "p"}, "enter/p", "paste the code"),
		Submit:  common.Bind([]string{"enter"}, "enter", "sign in"),
		Leave:   common.Bind([]string{"esc"}, "esc", "leave the field"),
		Again:   common.Bind([]string{"enter", "r"}, "enter/r", "start again"),
		Yes:     common.Bind([]string{"y"}, "y", "store in plain text"),
		// The default is No: enter and esc keep the user signed out.
		No: common.Bind([]string{"n", "enter", "esc"}, "n/enter/esc", "keep signed out"),
	}
}
