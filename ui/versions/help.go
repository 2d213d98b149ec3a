package versions

import (
	"charm.land/bubbles/v2/key"

	"rdash/ui/common"
	"rdash/ui/route"
)

// ShortHelp implements common.Screen: the keys of what has the keyboard.
func (m *Model) ShortHelp() []key.Binding {
	k := m.keys
	switch m.mode {
	case modeSearch:
		return []key.Binding{k.Accept, common.WithHelp(k.Cancel, "esc", "done")}
	case modeGame:
		return []key.Binding{k.Complete, k.Accept, k.Cancel}
	case modeChannels:
		if m.channels.typing() {
			return []key.Binding{common.WithHelp(k.Accept, "enter", "add"), k.Cancel}
		}
		return []key.Binding{k.Up, k.Down, k.Toggle, k.OtherChannel, k.Accept, k.Cancel}
	case modeSorting:
		return []key.Binding{common.WithHelp(k.Cancel, "esc", "cancel sort"), k.Sort, k.SortReverse, k.Up, k.Down}
	}
	return []key.Binding{k.Open, k.Mark, k.Search, k.Channels, k.GameVersions}
}

// FullHelp implements common.Screen: while a sort loads, only the keys
// that work then.
func (m *Model) FullHelp() [][]key.Binding {
	k := m.keys
	if m.mode == modeSorting {
		return [][]key.Binding{
			{common.WithHelp(k.Cancel, "esc", "cancel sort"), k.Sort, k.SortReverse},
			{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom},
		}
	}
	bulk := []key.Binding{k.Mark, k.MarkAll, k.ClearMarks}
	if m.common.Has(route.BulkEdit) {
		bulk = append(bulk, k.Edit)
	}
	if m.common.Has(route.Delete) {
		bulk = append(bulk, k.Delete)
	}
	if m.common.Has(route.Undo) {
		bulk = append(bulk, k.Undo)
	}
	return [][]key.Binding{
		{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom},
		{k.Open, k.Refresh, k.CopyID, k.CopyURL, k.Sort, k.SortReverse},
		{k.Search, k.Channels, k.GameVersions, k.ClearFilters},
		bulk,
	}
}
