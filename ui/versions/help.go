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
		return []key.Binding{common.WithHelp(k.Accept, "enter", "search"), common.WithHelp(k.Cancel, "esc", "done")}
	case modeGame:
		return []key.Binding{k.Complete, k.Accept, common.WithHelp(k.Cancel, "esc", "cancel")}
	case modeChannels:
		if m.channels.typing() {
			return []key.Binding{common.WithHelp(k.Accept, "enter", "add"), common.WithHelp(k.Cancel, "esc", "stop typing")}
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
		return []key.Binding{k.Open, k.Mark, m.editHelp(), k.Delete, k.Search, k.Channels, k.GameVersions,
			k.ClearMarks, k.Sort, k.NewVersion, k.Download, k.Refresh}
	}
	return []key.Binding{k.Open, k.Mark, k.Search, k.Channels, k.GameVersions, k.Sort,
		k.NewVersion, k.Download, k.Stats, m.editHelp(), k.Delete, k.Refresh}
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
		hints = append(hints, m.editHelp(), k.Delete, k.ClearMarks)
	}
	return append(hints, k.NewVersion)
}

// FullHelp implements common.Screen: the keys of the step the user is
// on, each that works there: a filter's field, the channel picker, a
// sort loading, or the table, whose keys on a row are left out when no
// row is listed.
func (m *Model) FullHelp() [][]key.Binding {
	k := m.keys
	nav := []key.Binding{k.Up, k.Down, k.PageUp, k.PageDown, k.HalfUp, k.HalfDown, k.Top, k.Bottom}
	switch m.mode {
	case modeSearch, modeGame:
		return [][]key.Binding{m.ShortHelp()}
	case modeChannels:
		if m.channels.typing() || len(m.channels.options) == 0 {
			return [][]key.Binding{m.ShortHelp()}
		}
		return [][]key.Binding{{k.Toggle, k.OtherChannel, k.Accept, k.Cancel}, {k.Up, k.Down}}
	case modeSorting:
		return [][]key.Binding{{common.WithHelp(k.Cancel, "esc", "cancel sort"), k.Sort, k.SortReverse}, nav}
	}
	_, row := m.selected()
	onRow := func(bs ...key.Binding) []key.Binding {
		if !row {
			return nil
		}
		return bs
	}
	var filters []key.Binding
	if !m.filter.Empty() {
		filters = append(filters, k.ClearFilters)
	}
	marks := onRow(k.Mark, k.MarkUp, k.MarkDown, k.MarkAll)
	if m.rangeStart() >= 0 {
		marks = append(marks, k.MarkRange)
	}
	if m.marks.len() > 0 {
		marks = append(marks, k.ClearMarks)
	}
	if row || m.marks.len() > 0 {
		marks = append(marks, m.editHelp(), k.Delete)
	}
	out := [][]key.Binding{
		append(onRow(k.Open, k.CopyID, k.CopyURL, k.Browse, k.Download), k.Refresh, k.Sort, k.SortReverse, k.Stats, k.NewVersion),
		append([]key.Binding{k.Search, k.Channels, k.GameVersions}, filters...),
		append(marks, k.Undo),
	}
	if row {
		out = append([][]key.Binding{nav}, out...)
	}
	if m.marks.len() > 0 { // esc asks before the marks go (Guards)
		out = append(out, []key.Binding{common.WithHelp(k.Cancel, "esc", "back (asks first: the marks go)")})
	}
	return out
}

// editHelp is e, said the way it works now: the version under the
// cursor's own edit, prefilled, when nothing is marked; else the bulk
// edit of the marked versions.
func (m *Model) editHelp() key.Binding {
	if m.editsOne() {
		return m.keys.Edit
	}
	return common.WithHelp(m.keys.Edit, "e", "bulk edit")
}

// HelpKey implements common.FieldHelp: ? opens the help from the game
// versions and channel fields and the channel picker, which take no ?,
// and from the search when it is empty (a name may hold a ?); f1 from
// any.
func (m *Model) HelpKey() key.Binding {
	if m.mode == modeSearch {
		return common.HelpInField(m.search.Value(), true)
	}
	return common.HelpInField("", false)
}
