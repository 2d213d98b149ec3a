package versions

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"rdash/ui/common"
	"rdash/ui/listload"
	"rdash/ui/route"
)

// Update implements common.Screen. It renders the lines around the table
// afterwards, so View only assembles.
func (m *Model) Update(msg tea.Msg) (common.Screen, tea.Cmd) {
	cmd := m.update(msg)
	m.renderChrome()
	return m, cmd
}

func (m *Model) update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return m.key(msg)
	case tea.MouseWheelMsg:
		return m.wheel(msg)
	case tea.MouseClickMsg:
		return m.click(msg)
	case pageLoadedMsg:
		return m.pageLoaded(msg)
	case listload.PageLoadedMsg:
		return m.sortPageLoaded(msg)
	case retrySortMsg:
		return m.sortBy(msg.want)
	case retryLoadMsg:
		if m.versions.len() == 0 {
			return m.reload()
		}
		return m.loadNext()
	case searchDebouncedMsg:
		return m.searchDebounced(msg)
	case common.DownloadURLMsg:
		return m.downloadURL(msg)
	case common.VersionsChangedMsg:
		return m.versionsChanged(msg)
	case common.FilterMsg:
		return m.commandFilter(msg)
	case common.ThemeMsg:
		m.setStyles(msg.Styles)
	default:
		return m.updateInputs(msg) // paste, cursor blink
	}
	return nil
}

func (m *Model) key(msg tea.KeyPressMsg) tea.Cmd {
	switch m.mode {
	case modeSearch:
		return m.searchKey(msg)
	case modeGame:
		return m.gameKey(msg)
	case modeChannels:
		return m.channelKey(msg)
	case modeSorting:
		return m.sortingKey(msg)
	}
	if m.leaving = !m.leaving && key.Matches(msg, m.keys.Cancel) && m.marks.len() > 0; m.leaving {
		return common.Status(fmt.Sprintf("esc again leaves %s and drops its %s; any other key keeps them",
			m.project.Key(), plural(m.marks.len(), "mark", "marks")))
	}
	if cmd, ok := m.navKey(msg); ok {
		if m.table.Len() == 0 {
			return nil // no row to move to, and no page to ask for on the way
		}
		return tea.Batch(cmd, m.maybePrefetch())
	}
	return m.actionKey(msg)
}

// navKey moves the cursor; it reports whether msg was a movement.
func (m *Model) navKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	k, page := m.keys, m.table.PageHeight()
	step, ok := k.ListStep(msg, m.table.Len(), page)
	switch {
	case key.Matches(msg, k.HalfUp):
		step, ok = -page/2, true
	case key.Matches(msg, k.HalfDown):
		step, ok = page/2, true
	}
	if ok {
		m.table.Move(step)
	}
	return nil, ok
}

func (m *Model) actionKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.keys
	switch {
	case key.Matches(msg, k.Open):
		return m.openDetail()
	case key.Matches(msg, k.Mark):
		return m.toggleMark()
	case key.Matches(msg, k.MarkAll):
		return m.markAll()
	case key.Matches(msg, k.ClearMarks):
		return m.clearMarks()
	case key.Matches(msg, k.Refresh):
		m.refreshing = true // the first page says what came
		return m.reload()
	case key.Matches(msg, k.Search):
		m.mode = modeSearch
		return m.search.Focus()
	case key.Matches(msg, k.GameVersions):
		m.mode = modeGame
		return m.game.open(m.filter.Game)
	case key.Matches(msg, k.Channels):
		m.mode = modeChannels
		m.channels = openChannels(m.common.Styles, m.seen.channels, m.filter.Channels)
	case key.Matches(msg, k.ClearFilters) && !m.filter.Empty():
		m.search.SetValue("")
		return m.setFilter(Filter{})
	case key.Matches(msg, k.Sort):
		return m.sortBy(m.sort.next())
	case key.Matches(msg, k.SortReverse):
		return m.sortBy(m.sort.reversed())
	case key.Matches(msg, k.Stats):
		return m.openStats()
	case key.Matches(msg, k.CopyID):
		return m.copyID()
	case key.Matches(msg, k.CopyURL):
		return m.copyURL()
	case key.Matches(msg, k.Edit):
		return m.edit()
	case key.Matches(msg, k.Browse):
		return m.browse()
	case key.Matches(msg, k.MarkUp):
		return m.markMove(-1)
	case key.Matches(msg, k.MarkDown):
		return m.markMove(1)
	case key.Matches(msg, k.MarkRange):
		return m.markRange()
	case key.Matches(msg, k.Delete):
		return m.openSelection(route.Delete)
	case key.Matches(msg, k.Undo):
		return common.Open(route.Undo, m.project)
	case key.Matches(msg, k.NewVersion):
		return common.Open(route.NewVersion, m.project)
	case key.Matches(msg, k.Download):
		if v, ok := m.selected(); ok {
			return common.Open(route.Download, route.DetailArgs{Project: m.project, Version: v})
		}
	}
	return nil
}

// setFilter applies a new filter: the first page is fetched again; marks stay.
func (m *Model) setFilter(f Filter) tea.Cmd {
	if f.Equal(m.filter) {
		return nil
	}
	m.filter = f
	return m.reload()
}

// commandFilter sets the filters the : command line names, as the
// filter keys would.
func (m *Model) commandFilter(msg common.FilterMsg) tea.Cmd {
	f := m.filter
	if msg.Clear {
		f = Filter{}
	}
	if msg.Channels != nil {
		f.Channels = msg.Channels
	}
	if msg.Game != nil {
		f.Game = msg.Game
	}
	if msg.Search != nil {
		f.Search = *msg.Search
	}
	m.search.SetValue(f.Search)
	return m.setFilter(f)
}

// Completions implements common.Completer: the channels and game versions
// seen, for the : command line.
func (m *Model) Completions(command string) []string {
	switch command {
	case "channel":
		out := make([]string, 0, len(m.seen.channels))
		for _, c := range m.seen.channels {
			out = append(out, c.slug)
		}
		return out
	case "game":
		return m.seen.game
	}
	return nil
}

// sortingKey handles keys while a sort loads the rest of the list: esc
// stops it, s and S change the order it ends in, and the rows loaded so
// far can be browsed. Nothing else runs meanwhile: a filter would start
// the load over, and marks and bulk actions wait for the list it makes.
func (m *Model) sortingKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.keys
	switch {
	case key.Matches(msg, k.Cancel):
		return m.cancelSort()
	case key.Matches(msg, k.Sort):
		return m.sortBy(m.all.want.next())
	case key.Matches(msg, k.SortReverse):
		return m.sortBy(m.all.want.reversed())
	}
	m.navKey(msg)
	return nil
}

func (m *Model) setStyles(s *common.Styles) {
	m.common.Styles = s
	m.table.SetStyles(tableStyles(s))
	m.table.SetColumns(m.columns())
	m.search = common.StyleInput(m.search, s)
	m.game.input = common.StyleInput(m.game.input, s)
}

func (m *Model) updateInputs(msg tea.Msg) tea.Cmd {
	switch {
	case m.mode == modeSearch:
		return m.updateSearch(msg)
	case m.mode == modeGame:
		return m.game.update(msg)
	case m.mode == modeChannels && m.channels.typing():
		var cmd tea.Cmd
		m.channels.other, cmd = m.channels.other.Update(msg)
		return cmd
	}
	return nil
}
