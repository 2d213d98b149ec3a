package versions

import (
	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/ui/common"
	"rdash/ui/listload"
	"rdash/ui/route"
)

// A sort covers every version the filter lists, never only the pages
// loaded so far: the service cannot sort, so the rest of the list is
// loaded first (ui/listload, shared with the stats screen). Meanwhile the
// rows stay in the server's order (and the table says so), the count
// line shows how far the load is, and esc stops it, leaving the rows
// loaded so far in the server's order.
const (
	sortPageSize    = listload.PageSize
	sortConcurrency = listload.Concurrency
)

// fullLoad is a sort waiting for the rest of the list.
type fullLoad struct {
	*listload.Load
	want    sortState
	replace bool // page 1 replaces the rows: a new filter or a refresh
}

// retrySortMsg asks the screen to load the rest again for want.
type retrySortMsg struct{ want sortState }

// sortBy puts the rows in order s: at once when every version is loaded
// (or s is the server's order), else once the rest is loaded. During a
// load it only changes the order the load ends in.
func (m *Model) sortBy(s sortState) tea.Cmd {
	switch {
	case m.all != nil && s.server():
		return m.cancelSort()
	case m.all != nil:
		m.all.want = s
		return nil
	case s.server() || m.complete():
		m.sortToTop(s)
		return nil
	}
	// A first page in flight or failed belongs to a new filter: it
	// replaces the rows on screen.
	return m.loadAll(s, m.loading == 1 || m.next == 1)
}

// complete reports that every version of the filter is loaded.
func (m *Model) complete() bool { return m.page > 0 && m.next == 0 && m.loading == 0 }

// loadAll starts loading the rest of the list for sort want: from page 1
// when replace, else from the page holding the first version not loaded
// (versions already listed are skipped). That page is counted in pages
// of the longest the server sent, sortPageSize or more: a server that
// sends fewer than asked makes the load start early, never late.
func (m *Model) loadAll(want sortState, replace bool) tea.Cmd {
	m.stopLoads()
	m.seq++
	m.loading, m.failed = 0, false
	first, total := 1, -1
	if !replace {
		first = m.versions.len()/max(sortPageSize, m.longest) + 1
		total = m.total
	}
	m.all = &fullLoad{Load: listload.Start(m.ctx, m.seq, m.client, m.project.Key(), m.filter.Options, first, total),
		want: want, replace: replace}
	m.mode = modeSorting
	return m.all.Ask()
}

// sortPageLoaded applies the pages that are in, in order, and ends the
// load on the last page or asks for more.
func (m *Model) sortPageLoaded(msg listload.PageLoadedMsg) tea.Cmd {
	if m.all == nil || !m.all.Owns(msg) {
		return nil // cancelled, or a load started since
	}
	pages, end, err := m.all.Take(msg)
	if err != nil {
		return m.sortFailed(err)
	}
	for _, p := range pages {
		m.applySortPage(p)
	}
	if end {
		return m.finishSort()
	}
	return m.all.Ask()
}

// applySortPage adds a page of the load to the rows, in the server's
// order; page 1 of a replacing load replaces them.
func (m *Model) applySortPage(p route.Page) {
	m.total = p.Total
	if m.all.replace && p.Number == 1 {
		m.sort = serverOrder
		m.table.SetColumns(m.columns())
		m.pageAt(m.common.PageSize(), 0, api.Paging{}) // another list: what paging knew is of the old one
		m.replaceRows(p.Versions)
		return
	}
	from := m.versions.len()
	m.addVersions(p.Versions)
	m.appendRows(from)
}

// finishSort sorts the rows, now every version is loaded.
func (m *Model) finishSort() tea.Cmd {
	want := m.all.want
	m.endLoad()
	m.next = 0
	m.page = max(1, (m.versions.len()+m.common.PageSize()-1)/m.common.PageSize())
	m.sortToTop(want)
	return nil
}

// cancelSort stops the load (esc): the rows loaded so far stay, in the
// server's order, and paging goes on from them. If a new filter's first
// page is not in yet, it is asked for again, for paging.
func (m *Model) cancelSort() tea.Cmd {
	l := m.all
	m.endLoad()
	if l.replace && l.Applied() == 0 {
		m.applySort(serverOrder)
		return m.fetch(1)
	}
	m.pageOnFrom(l)
	return m.maybePrefetch()
}

// sortFailed ends the load on a page that could not be loaded. The rows
// loaded stay in the server's order, and retrying starts the sort again.
func (m *Model) sortFailed(err error) tea.Cmd {
	l := m.all
	m.endLoad()
	m.failed = true
	if l.replace && l.Applied() == 0 {
		m.applySort(serverOrder)
		m.next = 1
		m.dropOtherFiltersRows()
	} else {
		m.pageOnFrom(l)
	}
	want := l.want
	retry := func() tea.Msg { return retrySortMsg{want: want} }
	return common.ReportError(err, "loading every version of "+m.project.Key()+" to sort by "+want.String(), retry)
}

// pageOnFrom goes on paging where the stopped load l was: its next page,
// in its page size, with what its pages showed of the end. Its pages
// were applied in order, so none is skipped, whatever size the server
// sent them in.
func (m *Model) pageOnFrom(l *fullLoad) {
	m.pageAt(sortPageSize, l.Longest(), l.Paging())
	m.next = l.Applied() + 1
	m.page = max(1, l.Applied())
}

// resumePaging points paging at the page holding the first version not
// loaded, after versions before it were deleted (the versions already
// listed in it are skipped). Pages are counted in the longest the server
// sent, the size asked or more, so a server that sends fewer makes paging
// start early, never late; what the pages before showed of the end no
// longer holds.
func (m *Model) resumePaging() {
	m.next = m.versions.len()/max(m.size, m.longest) + 1
	m.page = max(1, m.next-1)
	m.paging = api.Paging{}
}

// endLoad forgets the load and cancels its requests.
func (m *Model) endLoad() {
	if m.all != nil {
		m.all.Stop()
		m.all = nil
	}
	if m.mode == modeSorting {
		m.mode = modeTable
	}
}

// stopLoads cancels every request for rows: a page, or a sort's load.
func (m *Model) stopLoads() {
	if m.stopFetch != nil {
		m.stopFetch()
	}
	m.endLoad()
}

// sortToTop orders the rows by s, as asked, and puts the cursor on the
// first, as gh-dash and k9s do: the top of the order is what a sort is
// asked for to see.
func (m *Model) sortToTop(s sortState) {
	m.applySort(s)
	m.table.SetCursor(0)
}

// applySort orders the rows by s, keeping the cursor on its version.
func (m *Model) applySort(s sortState) {
	selected := m.selectedID()
	m.sort = s
	m.table.SetColumns(m.columns())
	m.resort(selected)
}
