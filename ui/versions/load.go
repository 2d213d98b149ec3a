package versions

import (
	"context"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/ui/common"
	"rdash/ui/listload"
	"rdash/ui/route"
)

// pageLoadedMsg carries one page of versions for request seq.
type pageLoadedMsg struct {
	seq  int
	page route.Page
	err  error
}

// fetchPage lists one page of versions under a filter.
func fetchPage(ctx context.Context, c Client, project string, opts *api.ListVersionsOptions, seq int) tea.Cmd {
	return func() tea.Msg {
		vs, resp, err := c.ListVersions(ctx, project, opts)
		if err != nil {
			return pageLoadedMsg{seq: seq, err: err}
		}
		return pageLoadedMsg{seq: seq, page: route.NewPage(vs, resp, opts.Page)}
	}
}

// reload fetches the first page again (refresh, or a new filter). Rows
// stay on screen until it arrives; replies to earlier requests are dropped.
// Under a sort, or during a sort's load, it loads the whole list again
// for that sort.
func (m *Model) reload() tea.Cmd {
	switch {
	case m.all != nil:
		return m.loadAll(m.all.want, true)
	case !m.sort.server():
		return m.loadAll(m.sort, true)
	}
	return m.fetch(1)
}

// loadNext fetches the page after the last one loaded, unless a sort is
// loading the rest of the list anyway.
func (m *Model) loadNext() tea.Cmd {
	if m.next == 0 || m.loading != 0 || m.all != nil {
		return nil
	}
	return m.fetch(m.next)
}

// fetch starts the request for page, superseding any in flight. Page 1
// starts the list over, at the configured page size.
func (m *Model) fetch(page int) tea.Cmd {
	m.stopLoads()
	if page == 1 {
		m.pageAt(m.common.PageSize(), 0, api.Paging{})
	}
	ctx, cancel := context.WithCancel(m.ctx)
	m.stopFetch = cancel
	m.seq++
	m.loading, m.failed = page, false
	opts := m.filter.Options(page, m.size)
	return fetchPage(ctx, m.client, m.project.Key(), opts, m.seq)
}

// pageAt sets how paging goes on: pages of size, the longest seen so
// far at that size, and what the pages so far showed of the end.
func (m *Model) pageAt(size, longest int, g api.Paging) {
	m.size, m.longest, m.paging = size, longest, g
}

// maybePrefetch fetches the next page once the cursor is within a page
// of the end: a screen of rows or a server page, whichever is more, so
// PageDown never outruns the rows loaded. Each page that arrives checks
// again, so pages smaller than the screen are fetched until a screen is
// ready. After a failure it waits until the cursor is on the last row,
// so a broken page is not asked for again on every keystroke.
func (m *Model) maybePrefetch() tea.Cmd {
	left := m.versions.len() - m.table.Cursor()
	margin := max(m.table.PageHeight(), m.common.PageSize())
	if left > margin || (m.failed && left > 1) {
		return nil
	}
	return m.loadNext()
}

// retryLoadMsg asks the screen to fetch again what failed.
type retryLoadMsg struct{}

func (m *Model) pageLoaded(msg pageLoadedMsg) tea.Cmd {
	if msg.seq != m.seq {
		return nil // superseded by a newer filter or refresh
	}
	failedPage := m.loading
	m.loading = 0
	if msg.err != nil {
		m.failed = true
		retry := func() tea.Msg { return retryLoadMsg{} }
		what := "loading versions of " + m.project.Key()
		// Ask for the failed page next. After page 1 of a new filter that
		// is page 1 again, never the old filter's next page; and the old
		// filter's rows go, as they are not what the filter line says.
		m.next = failedPage
		if failedPage == 1 {
			m.dropOtherFiltersRows()
		}
		return common.ReportError(msg.err, what, retry)
	}
	m.applyPage(msg.page)
	if m.refreshing && msg.page.Number == 1 {
		m.refreshing = false
		return tea.Batch(common.Status(m.refreshed()), m.maybePrefetch())
	}
	return m.maybePrefetch()
}

// refreshed says what r brought: how many versions the server lists now.
func (m *Model) refreshed() string {
	n := plural(m.versions.len(), "version", "versions") + " listed"
	if m.total >= 0 {
		n = fmt.Sprintf("%s of %s listed", common.Count(int64(m.versions.len())), plural(m.total, "version", "versions"))
	}
	return "refreshed " + m.project.Key() + ": " + n
}

// applyPage replaces the rows (page 1) or appends to them, skipping
// versions already listed (new versions shift the server's pages).
func (m *Model) applyPage(p route.Page) {
	m.page, m.next, m.total = p.Number, listload.NextAfter(&m.paging, p), p.Total
	m.longest = max(m.longest, len(p.Versions))
	if p.Number > 1 {
		from := m.versions.len()
		m.addVersions(p.Versions)
		m.appendRows(from)
		return
	}
	m.replaceRows(p.Versions)
}

// dropOtherFiltersRows empties the table when its rows were listed under
// another filter than the one the screen shows, once that filter's first
// page could not be loaded: rows that do not match the filter line would
// look like its answer. A refresh under the same filter keeps its rows.
func (m *Model) dropOtherFiltersRows() {
	if m.rowsFilter.Equal(m.filter) {
		return
	}
	m.replaceRows(nil)
	m.page, m.total = 0, -1
}

// replaceRows makes vs the rows, listed under the screen's filter,
// keeping the cursor on its version when it is still listed.
func (m *Model) replaceRows(vs []api.Version) {
	m.rowsFilter = m.filter
	selected := m.selectedID()
	m.versions, m.listed = store{}, map[string]bool{}
	m.addVersions(vs)
	m.rebuildRows(selected)
	if !m.selectID(selected) {
		m.table.SetCursor(0)
	}
}

// addVersions appends the versions not listed yet.
func (m *Model) addVersions(vs []api.Version) {
	for _, v := range vs {
		if !m.listed[v.ID] {
			m.listed[v.ID] = true
			m.shared.share(&v)
			m.versions.add(v)
			m.marks.refresh(v)
			m.seen.add(v)
		}
	}
}

// appendRows adds the versions from index from on at the end of the
// rows. Rows are only ever appended in the server's order: any other
// sort waits for the whole list (sortload.go). The table measures only
// the new rows, so a page costs the same at row 50 as at row 10,000.
func (m *Model) appendRows(from int) {
	for i := from; i < m.versions.len(); i++ {
		m.order = append(m.order, i)
	}
	m.table.Append(m.versions.len() - from)
}

// rebuildRows orders every version by the sort and has the table measure
// them all again (their cells changed, or the versions did), then puts
// the cursor back on the version with id selected, when still listed.
// The caller reads selected before it changes m.versions.
func (m *Model) rebuildRows(selected string) {
	m.listed = make(map[string]bool, m.versions.len())
	for i := range m.versions.len() {
		m.listed[m.versions.at(i).ID] = true
	}
	m.order = m.sort.order(&m.versions)
	m.table.Reset(len(m.order))
	m.selectID(selected)
}

// resort orders the rows by the sort, and the table draws them again.
func (m *Model) resort(selected string) {
	m.order = m.sort.order(&m.versions)
	m.table.Redraw()
	m.selectID(selected)
}

// Cells implements table.Source: the cells of the version on row i, made
// safe for the terminal. Only the rows measured and the rows on screen
// become strings; the versions are all the screen holds of its rows.
func (m *Model) Cells(i int) []string { return cells(m.versionAt(i), m.common.Now(), m.wide) }

// selected is the version under the cursor.
func (m *Model) selected() (api.Version, bool) {
	c := m.table.Cursor()
	if c < 0 || c >= len(m.order) || m.order[c] >= m.versions.len() {
		return api.Version{}, false
	}
	return *m.versions.at(m.order[c]), true
}

func (m *Model) selectedID() string {
	v, _ := m.selected()
	return v.ID
}

// selectID puts the cursor back on the version with id; it reports
// whether that version is listed.
func (m *Model) selectID(id string) bool {
	if id == "" {
		return false
	}
	if m.selectedID() == id {
		return true
	}
	for i, idx := range m.order {
		if m.versions.at(idx).ID == id {
			m.table.SetCursor(i)
			return true
		}
	}
	return false
}

// versionAt is the version shown on table row i.
func (m *Model) versionAt(i int) api.Version { return *m.versions.at(m.order[i]) }
