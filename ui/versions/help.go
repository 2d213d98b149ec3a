package versions

import (
	"charm.land/bubbles/v2/key"

	"rdash/ui/common"
)

// ShortHelp implements common.Screen: the keys of what has the keyboard,
// most used first, since the footer shows them in this order while they
// fit (common.Footer). Keys that act on a row are offered only when a row
// is under the cursor; keys of screens not registered are disabled
// (keyMap.offer), so neither shown nor taken.
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
		if len(m.channels.options) == 0 {
			return []key.Binding{k.OtherChannel, k.Accept, k.Cancel}
		}
		return []key.Binding{k.Toggle, k.Accept, k.Cancel, k.OtherChannel, k.Up, k.Down}
	case modeSorting:
		return []key.Binding{common.WithHelp(k.Cancel, "esc", "cancel sort"), k.Sort, k.SortReverse, k.Up, k.Down}
	}
	if _, ok := m.selected(); !ok {
		return m.noRowHelp()
	}
	if m.marks.len() > 0 { // what marking is for comes next
		return []key.Binding{k.Open, k.Mark, k.Edit, k.Delete, k.Search, k.Channels, k.GameVersions,
			k.ClearMarks, k.Sort, k.NewVersion, k.Download, k.Refresh}
	}
	return []key.Binding{k.Open, k.Mark, k.Search, k.Channels, k.GameVersions, k.Sort,
		k.NewVersion, k.Download, k.Stats, k.Edit, k.Delete, k.Refresh}
}

// noRowHelp is the table's footer when no row is listed: nothing to
// open or mark, so the filters, a refresh after a failure, and what acts
// on the marks the filter hides.
func (m *Model) noRowHelp() []key.Binding {
	k := m.keys
	var hints []key.Binding
	if m.failed {
		hints = append(hints, k.Refresh)
	}
	if !m.filter.Empty() {
		hints = append(hints, k.ClearFilters)
	}
	hints = append(hints, k.Search, k.Channels, k.GameVersions)
	if m.marks.len() > 0 {
		hints = append(hints, k.Edit, k.Delete, k.ClearMarks)
	}
	return append(hints, k.NewVersion)
}

// FullHelp implements common.Screen: every key that works, disabled ones
// left out by the help; while a sort loads, only the keys that work then.
func (m *Model) FullHelp() [][]key.Binding {
	k := m.keys
	nav := []key.Binding{k.Up, k.Down, k.PageUp, k.PageDown, k.HalfUp, k.HalfDown, k.Top, k.Bottom}
	if m.mode == modeSorting {
		return [][]key.Binding{{common.WithHelp(k.Cancel, "esc", "cancel sort"), k.Sort, k.SortReverse}, nav}
	}
	return [][]key.Binding{
		nav,
		{k.Open, k.Refresh, k.CopyID, k.CopyURL, k.Sort, k.SortReverse, k.Stats, k.NewVersion, k.Download},
		{k.Search, k.Channels, k.GameVersions, k.ClearFilters},
		{k.Mark, k.MarkAll, k.ClearMarks, k.Edit, k.Delete, k.Undo},
	}
}
