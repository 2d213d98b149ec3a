package detail

import (
	"charm.land/bubbles/v2/key"

	"rdash/ui/common"
)

// keyMap is the detail screen's keys: the shared ones, and its own.
type keyMap struct {
	*common.KeyMap
	Refresh, CopyID, CopyURL, CopyLinks, SwitchPane key.Binding
	Edit, Download, Browse, WholeLinks              key.Binding
}

func newKeyMap(shared *common.KeyMap) keyMap {
	return keyMap{
		KeyMap:     shared,
		Refresh:    common.Bind([]string{"r"}, "r", "refresh"),
		CopyID:     common.Bind([]string{"y"}, "y", "copy ID"),
		CopyURL:    common.Bind([]string{"Y"}, "Y", "copy URL"),
		CopyLinks:  common.Bind([]string{"L"}, "L", "copy links"),
		WholeLinks: common.Bind([]string{"w"}, "w", "links whole"),
		Browse:     common.Bind([]string{"o"}, "o", "open file in browser"),
		SwitchPane: common.Bind([]string{"tab"}, "tab", "files ⇄ changelog"),
		Edit:       common.Bind([]string{"e"}, "e", "edit"),
		Download:   common.Bind([]string{"d"}, "d", "download"),
	}
}

// scrollHint stands for the scroll keys in the footer, in one hint.
var scrollHint = key.NewBinding(key.WithKeys("up", "down"), key.WithHelp("↑/↓", "scroll"))
