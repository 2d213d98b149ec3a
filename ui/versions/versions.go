// Package versions is the versions screen: a project's versions in a
// table paged on the server (rows accumulate as the cursor nears the end),
// filtered by channel, game version and search text, sorted over the
// whole list (the rest is loaded first), with marks for bulk actions that
// survive filter changes.
package versions

import (
	"context"
	"fmt"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"rdash/api"
	"rdash/ui/common"
	"rdash/ui/route"
	"rdash/ui/table"
)

// searchDebounce is how long typing must pause before a search is sent.
const searchDebounce = 300 * time.Millisecond

// mode is what has the keyboard.
type mode int

const (
	modeTable mode = iota
	modeSearch
	modeGame
	modeChannels
	modeSorting // a sort is loading the rest of the list; esc stops it
)

// Model is the versions screen.
type Model struct {
	common  common.Common
	client  Client
	keys    keyMap
	ctx     context.Context
	cancel  context.CancelFunc
	project common.ProjectRef

	versions store           // loaded, in the server's order; the table's rows
	order    []int           // display order: indexes into versions
	listed   map[string]bool // IDs in versions
	shared   sharer          // what versions repeat, held once
	total    int             // -1 when the server does not say
	page     int             // last page loaded
	next     int             // next page to fetch; 0 when the end is known
	size     int             // the page size paging asks for
	longest  int             // the longest page the server sent at that size
	paging   api.Paging      // what the pages so far show of the end

	seq         int       // id of the awaited list request
	loading     int       // page being fetched; 0 when none
	refreshing  bool      // r asked again: the first page says so
	leaving     bool      // esc was pressed once with marks: again leaves
	all         *fullLoad // a sort loading the rest of the list; nil when none
	failed      bool
	stopFetch   context.CancelFunc
	searchSeq   int
	downloadSeq int
	openSeq     int // the download URL awaited to open (o), not to copy

	filter     Filter
	rowsFilter Filter // the filter the rows were listed under
	sort       sortState
	marks      marks
	seen       seen

	table    table.Model
	clicks   common.Clicks // tells a double click on a row
	mode     mode
	search   textinput.Model
	game     gameInput
	channels channelPicker

	chrome        chrome
	width, height int
	wide          bool
}

// Factory returns what builds the screen for route.Versions, talking to the
// service through cl.
func Factory(cl Client) func(common.Common, route.VersionsArgs) (common.Screen, error) {
	return func(c common.Common, a route.VersionsArgs) (common.Screen, error) {
		return New(c, cl, a), nil
	}
}

// New returns the versions screen of a.Project, starting from a.First
// when the picker already fetched it.
func New(c common.Common, cl Client, a route.VersionsArgs) *Model {
	ctx, cancel := context.WithCancel(c.Ctx)
	m := &Model{
		common: c, client: cl, keys: newKeyMap(c.Keys), ctx: ctx, cancel: cancel, project: a.Project,
		total: -1, listed: map[string]bool{}, marks: newMarks(), seen: newSeen(), shared: newSharer(), sort: serverOrder,
	}
	m.keys.offer(c)
	m.table = table.New(tableStyles(c.Styles), m)
	m.search = newInput(c.Styles, "search: ", searchHint)
	m.filter = Filter(a.Filter) // the list of a stats screen's bar
	m.search.SetValue(a.Filter.Search)
	m.game = newGameInput(c.Styles)
	m.table.SetColumns(m.columns())
	m.size = c.PageSize()
	if a.First != nil {
		m.seq++
		m.applyPage(*a.First)
	}
	m.renderChrome()
	return m
}

// Init fetches the first page, unless the picker handed it over; then
// the next, when the first does not fill a screen and more may follow.
func (m *Model) Init() tea.Cmd {
	if m.page > 0 {
		return m.maybePrefetch()
	}
	return m.reload()
}

// Project is the project whose versions the screen lists.
func (m *Model) Project() common.ProjectRef { return m.project }

// Title implements common.Screen.
func (m *Model) Title() string { return m.project.Key() }

// Capturing reports that a filter field or the channel picker is open.
// A sort loading the rest of the list does not capture: q quits and ?
// helps as everywhere, even while a slow server holds the load; only esc
// is the screen's then (Guards).
func (m *Model) Capturing() bool { return m.mode != modeTable && m.mode != modeSorting }

// Guards implements common.Guard: while a sort loads the rest of the
// list, esc stops the load rather than leave the screen, as it stops a
// running download; with versions marked, the first esc says that
// leaving drops the marks, and the second leaves.
func (m *Model) Guards(msg tea.KeyPressMsg) bool {
	return key.Matches(msg, m.keys.Cancel) && (m.mode == modeSorting || m.mode == modeTable && m.marks.len() > 0 && !m.leaving)
}

// Busy implements common.Screen.
func (m *Model) Busy() string {
	switch {
	case m.all != nil:
		return fmt.Sprintf("loading every version of %s to sort by %s", m.project.Key(), m.all.want)
	case m.loading != 0:
		return fmt.Sprintf("loading versions of %s (page %d)", m.project.Key(), m.loading)
	}
	return ""
}

// Close cancels the screen's requests.
func (m *Model) Close() { m.cancel() }

// SetSize implements common.Screen.
func (m *Model) SetSize(w, h int) {
	m.width, m.height = w, h
	if wide := w >= wideWidth; wide != m.wide {
		m.wide = wide
		m.table.SetColumns(m.columns())
		m.rebuildRows(m.selectedID())
	}
	m.table.SetSize(w, m.tableHeight())
	common.SizeInput(&m.search, max(w-12, 10), searchHint)
	common.SizeInput(&m.game.input, max(w-20, 10), gameHint)
	m.renderChrome()
}

// tableHeight leaves a line for the filters above the table and one for
// the counts below it.
func (m *Model) tableHeight() int { return max(m.height-2, 2) }

// Marked returns the marked versions, full values as last loaded, in the
// order they were marked: what the bulk edit and delete screens act on.
func (m *Model) Marked() []api.Version { return m.marks.list() }

// HiddenMarked counts the marked versions the current filter hides.
func (m *Model) HiddenMarked() int { return m.marks.hidden(m.filter) }

// tableStyles are the table's styles. The cursor's row is in bold reverse
// video rather than the theme's cursor colours: every cursor move rewrites
// the row it leaves and the row it lands on, and ESC[1;7m is 6 bytes where
// the 256-colour pair and bold are 22 (issue 12: a move costs at most 1.1x
// what a bubbles table's does). Reverse video reads on a light or a dark
// background and without colour; with NO_COLOR (the theme's NoColor) the
// theme's own cursor, plain reverse video, is kept, and a ">" in the
// gutter marks the row where reverse video does not show (TERM=dumb).
func tableStyles(s *common.Styles) table.Styles {
	cursor := s.Cursor
	if !s.Theme.NoColor {
		cursor = lipgloss.NewStyle().Reverse(true).Bold(true)
	}
	return table.Styles{Header: s.TableHeader, Cursor: cursor, Mark: s.Mark, Pointer: s.Theme.NoColor}
}
