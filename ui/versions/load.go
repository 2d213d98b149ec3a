package versions

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/ui/common"
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
func (m *Model) reload() tea.Cmd {
	return m.fetch(1)
}

// loadNext fetches the page after the last one loaded.
func (m *Model) loadNext() tea.Cmd {
	if m.next == 0 || m.loading != 0 {
		return nil
	}
	return m.fetch(m.next)
}

// fetch starts the request for page, superseding any in flight.
func (m *Model) fetch(page int) tea.Cmd {
	if m.stopFetch != nil {
		m.stopFetch()
	}
	ctx, cancel := context.WithCancel(m.ctx)
	m.stopFetch = cancel
	m.seq++
	m.loading, m.failed = page, false
	opts := m.filter.Options(page, m.common.PageSize())
	return fetchPage(ctx, m.client, m.project.Key(), opts, m.seq)
}

// maybePrefetch fetches the next page once the cursor is near the end.
// After a failure it waits until the cursor is on the last row, so a
// broken page is not asked for again on every keystroke.
func (m *Model) maybePrefetch() tea.Cmd {
	left := len(m.versions) - m.table.Cursor()
	if left > prefetchMargin || (m.failed && left > 1) {
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
		// is page 1 again (it replaces the old filter's rows), never the
		// old filter's next page.
		m.next = failedPage
		return common.ReportError(msg.err, what, retry)
	}
	m.applyPage(msg.page)
	return m.maybePrefetch()
}

// applyPage replaces the rows (page 1) or appends to them, skipping
// versions already listed (new versions shift the server's pages).
func (m *Model) applyPage(p route.Page) {
	selected := m.selectedID()
	if p.Number <= 1 {
		m.versions = m.versions[:0:0]
	}
	have := make(map[string]bool, len(m.versions))
	for _, v := range m.versions {
		have[v.ID] = true
	}
	for _, v := range p.Versions {
		if !have[v.ID] {
			have[v.ID] = true
			m.versions = append(m.versions, v)
			m.marks.refresh(v)
			m.seen.add(v)
		}
	}
	m.page, m.next, m.total = p.Number, p.Next, p.Total
	m.rebuildRows(selected)
	if !m.selectID(selected) && p.Number <= 1 {
		m.table.SetCursor(0)
	}
}

// rebuildRows renders every row's cells, applies the local sort and puts
// the cursor back on the version with id selected, when still listed.
// The caller reads selected before it changes m.versions.
func (m *Model) rebuildRows(selected string) {
	now := m.common.Now()
	m.rows = make([][]string, len(m.versions))
	for i, v := range m.versions {
		m.rows[i] = cells(v, now, m.wide)
	}
	m.resort(selected)
}

// resort orders the rows for display and hands them to the table.
func (m *Model) resort(selected string) {
	m.order = m.sort.order(m.versions)
	rows := make([][]string, len(m.order))
	for i, idx := range m.order {
		rows[i] = m.rows[idx]
	}
	m.table.SetRows(rows)
	m.selectID(selected)
}

// selected is the version under the cursor.
func (m *Model) selected() (api.Version, bool) {
	c := m.table.Cursor()
	if c < 0 || c >= len(m.order) || m.order[c] >= len(m.versions) {
		return api.Version{}, false
	}
	return m.versions[m.order[c]], true
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
	for i, idx := range m.order {
		if m.versions[idx].ID == id {
			m.table.SetCursor(i)
			return true
		}
	}
	return false
}

// versionAt is the version shown on table row i.
func (m *Model) versionAt(i int) api.Version { return m.versions[m.order[i]] }
