package versions

import (
	"charm.land/bubbles/v2/key"

	"rdash/ui/common"
	"rdash/ui/route"
)

// keyMap is the versions screen's keys: the shared ones, and its own.
type keyMap struct {
	*common.KeyMap
	// Tab completes a game version; space or x toggles a channel, o types
	// another.
	Complete, Toggle, OtherChannel key.Binding

	Search, Channels, GameVersions, ClearFilters key.Binding
	Sort, SortReverse                            key.Binding
	Mark, MarkAll, ClearMarks                    key.Binding
	MarkUp, MarkDown, MarkRange                  key.Binding
	Browse                                       key.Binding
	Refresh, CopyID, CopyURL, Edit, Delete       key.Binding
	Undo                                         key.Binding
	NewVersion, Download                         key.Binding
	Stats                                        key.Binding
}

func newKeyMap(shared *common.KeyMap) keyMap {
	b := common.Bind
	return keyMap{
		KeyMap:       shared,
		Complete:     b([]string{"tab"}, "tab", "complete"),
		Toggle:       b([]string{"space", "x"}, "space/x", "toggle"),
		OtherChannel: b([]string{"o"}, "o", "type a channel"),

		Search:       b([]string{"/"}, "/", "search"),
		Channels:     b([]string{"c"}, "c", "channel"),
		GameVersions: b([]string{"v"}, "v", "game"),
		ClearFilters: b([]string{"F"}, "F", "clear filters"),
		Sort:         b([]string{"s"}, "s", "sort"),
		SortReverse:  b([]string{"S"}, "S", "reverse sort"),
		Mark:         b([]string{"space"}, "space", "mark"),
		MarkAll:      b([]string{"a"}, "a", "mark all loaded"),
		ClearMarks:   b([]string{"A"}, "A", "clear marks"),
		MarkUp:       b([]string{"shift+up"}, "shift+↑", "mark, then up"),
		MarkDown:     b([]string{"shift+down"}, "shift+↓", "mark, then down"),
		MarkRange:    b([]string{"V"}, "V", "mark from the last mark to here"),
		Browse:       b([]string{"o"}, "o", "open file in browser"),
		Refresh:      b([]string{"r"}, "r", "refresh"),
		CopyID:       b([]string{"y"}, "y", "copy ID"),
		CopyURL:      b([]string{"Y"}, "Y", "copy URL"),
		Edit:         b([]string{"e"}, "e", "edit"),
		Delete:       b([]string{"D"}, "D", "delete"),
		Undo:         b([]string{"u"}, "u", "undo last edit"),
		NewVersion:   b([]string{"n"}, "n", "new version"),
		Download:     b([]string{"d"}, "d", "download"),
		Stats:        b([]string{"i"}, "i", "stats"),
	}
}

// offer disables the keys that open a screen c does not register: bulk
// edit, delete and undo where they are left out, publishing and
// downloading over rdash serve, stats where left out. A disabled key neither matches nor shows
// in the help.
func (k *keyMap) offer(c common.Common) {
	k.Edit.SetEnabled(c.Has(route.BulkEdit))
	k.Delete.SetEnabled(c.Has(route.Delete))
	k.Undo.SetEnabled(c.Has(route.Undo))
	k.NewVersion.SetEnabled(c.Has(route.NewVersion))
	k.Download.SetEnabled(c.Has(route.Download))
	k.Stats.SetEnabled(c.Has(route.Stats))
}
