package versions

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/ui/common"
	"rdash/ui/route"
)

// A sort covers every version the filter lists, never only the pages
// loaded so far: the service cannot sort, so the rest of the list is
// loaded first. Meanwhile the rows stay in the server's order (and the
// table says so), the count line shows how far the load is, and esc
// stops it, leaving the rows loaded so far in the server's order.
//
// Pages are asked for at the service's largest page size, at most
// sortConcurrency at a time and never more than that past the last page
// applied, so no more than that many pages wait in memory; they are
// applied in order, so the rows keep the server's order throughout. Which
// pages are asked for depends on the count loaded and the total only,
// never on timing.
const (
	sortPageSize    = api.LargePageSize
	sortConcurrency = 4 // the api client's bound on bulk requests, and bulk.Load's
)

// fullLoad is a sort waiting for the rest of the list.
type fullLoad struct {
	want     sortState
	seq      int             // id of its requests; replies with another are dropped
	ctx      context.Context // its requests', cancelled by esc, a new load or leaving
	cancel   context.CancelFunc
	replace  bool // page 1 replaces the rows: a new filter or a refresh
	next     int  // the next page to ask for
	applied  int  // the last page applied, in order
	last     int  // the last page as the latest total says; 0 when unknown
	inFlight int
	ready    map[int]route.Page // pages in, waiting for the ones before
	paging   api.Paging         // what the pages applied show of the end
	longest  int                // the longest page applied
}

// sortPageLoadedMsg carries one page of a sort's load.
type sortPageLoadedMsg struct {
	seq  int
	page route.Page
	err  error
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
	ctx, cancel := context.WithCancel(m.ctx)
	first := 1
	if !replace {
		first = m.versions.len()/max(sortPageSize, m.longest) + 1
	}
	m.all = &fullLoad{want: want, seq: m.seq, ctx: ctx, cancel: cancel, replace: replace,
		next: first, applied: first - 1, ready: map[int]route.Page{}}
	if !replace && m.total >= 0 {
		m.all.last = lastPage(m.total)
	}
	m.mode = modeSorting
	return m.askPages()
}

// lastPage is the number of the last sort page of total versions.
func lastPage(total int) int { return max(1, (total+sortPageSize-1)/sortPageSize) }

// askPages asks for the next pages the load may have in flight. With
// nothing in flight it asks for the next page even past the last the
// total gives, so a server whose totals and pages disagree cannot leave
// the load waiting for nothing.
func (m *Model) askPages() tea.Cmd {
	l := m.all
	var cmds []tea.Cmd
	for l.inFlight < sortConcurrency && l.next <= l.applied+sortConcurrency && (l.last == 0 || l.next <= l.last || l.inFlight == 0) {
		opts := m.filter.Options(l.next, sortPageSize)
		cmds = append(cmds, fetchSortPage(l.ctx, m.client, m.project.Key(), opts, l.seq))
		l.next++
		l.inFlight++
	}
	return tea.Batch(cmds...)
}

func fetchSortPage(ctx context.Context, c Client, project string, opts *api.ListVersionsOptions, seq int) tea.Cmd {
	return func() tea.Msg {
		vs, resp, err := c.ListVersions(ctx, project, opts)
		if err != nil {
			return sortPageLoadedMsg{seq: seq, err: err}
		}
		return sortPageLoadedMsg{seq: seq, page: route.NewPage(vs, resp, opts.Page)}
	}
}

// sortPageLoaded applies the pages that are in, in order, and ends the
// load on the last page or asks for more.
func (m *Model) sortPageLoaded(msg sortPageLoadedMsg) tea.Cmd {
	l := m.all
	if l == nil || msg.seq != l.seq {
		return nil // cancelled, or a load started since
	}
	l.inFlight--
	if msg.err != nil {
		return m.sortFailed(msg.err)
	}
	l.ready[msg.page.Number] = msg.page
	for {
		p, ok := l.ready[l.applied+1]
		if !ok {
			break
		}
		delete(l.ready, p.Number)
		l.applied = p.Number
		l.longest = max(l.longest, len(p.Versions))
		next := nextAfter(&l.paging, p)
		m.applySortPage(p)
		if next == 0 {
			return m.finishSort()
		}
	}
	if msg.page.Total >= 0 {
		l.last = lastPage(msg.page.Total)
	}
	return m.askPages()
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
	if l.replace && l.applied == 0 {
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
	if l.replace && l.applied == 0 {
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
	m.pageAt(sortPageSize, l.longest, l.paging)
	m.next = l.applied + 1
	m.page = max(1, l.applied)
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
		m.all.cancel()
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
