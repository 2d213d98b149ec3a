package stats

import (
	"slices"

	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/internal/stats"
	"rdash/ui/common"
	"rdash/ui/listload"
)

// pageSet is what a load has brought so far: each version once, by ID
// (a list read while it changes may repeat one), in the server's order,
// counted as it comes (the pages' waits are the counting's time), and
// the list's total as the server last said (-1 when it does not).
type pageSet struct {
	versions []api.Version
	tally    *stats.Tally
	total    int
}

func newPageSet() pageSet { return pageSet{tally: stats.NewTally(), total: -1} }

func (p *pageSet) add(vs []api.Version, total int) {
	if n := min(total, maxGrow) - len(p.versions); n > 0 { // held at their number, not copied as the slice grows
		p.versions = slices.Grow(p.versions, n)
	}
	for i := range vs {
		if p.tally.Add(&vs[i]) {
			p.versions = append(p.versions, vs[i])
		}
	}
	if total >= 0 {
		p.total = total
	}
}

// maxGrow bounds the room a server's total makes for versions before
// they come: a total of a billion must not take the memory of one.
const maxGrow = 100_000

// progress is how far the load is: "1,200 of 10,000", or "1,200 so far"
// when the server gives no total.
func (p *pageSet) progress() string {
	n := common.Count(int64(len(p.versions)))
	if p.total < 0 {
		return n + " so far"
	}
	return n + " of " + common.Count(int64(p.total))
}

// reload loads the whole list again, from page 1, under the filter: at
// the start, on r, and when versions changed in ways only the server can
// place. Replies to an earlier load are dropped.
func (m *Model) reload() tea.Cmd {
	if m.load != nil {
		m.load.Stop()
	}
	m.seq++
	m.failed, m.loaded = false, false // the charts wait for the whole list again
	m.pages = newPageSet()
	m.renderHead()
	f := m.filter
	query := func(page, size int) *api.ListVersionsOptions {
		return &api.ListVersionsOptions{Page: page, PageSize: size,
			Channels: slices.Clone(f.Channels), MinecraftVersions: slices.Clone(f.Game), Search: f.Search}
	}
	m.load = listload.Start(m.ctx, m.seq, m.client, m.project.Key(), query, 1, -1)
	return m.load.Ask()
}

// retryLoadMsg asks the screen to load the list again, after a failure.
type retryLoadMsg struct{}

// pageLoaded takes in a page of the load; on the last, the charts are
// counted and drawn.
func (m *Model) pageLoaded(msg listload.PageLoadedMsg) tea.Cmd {
	if !m.load.Owns(msg) {
		return nil // a load stopped since
	}
	pages, end, err := m.load.Take(msg)
	if err != nil {
		m.load.Stop() // the pages still on their way count for nothing now
		m.load, m.failed = nil, true
		m.renderHead()
		retry := func() tea.Msg { return retryLoadMsg{} }
		return common.ReportError(err, "loading every version of "+m.project.Key()+" to count them", retry)
	}
	for _, p := range pages {
		m.pages.add(p.Versions, p.Total)
	}
	if !end {
		return m.load.Ask()
	}
	m.load.Stop() // pages asked for past the end, when the server gave no total
	m.load = nil
	m.setCounted(m.pages.versions, m.pages.tally.Counts())
	m.pages = pageSet{}
	return nil
}

// setList makes vs the whole list, counts it and draws the charts.
func (m *Model) setList(vs []api.Version) { m.setCounted(vs, stats.Count(vs)) }

// setCounted makes vs, counted c, the whole list and draws the charts,
// keeping the selected bar when it is still there.
func (m *Model) setCounted(vs []api.Version, c *stats.Counts) {
	id, ok := m.selectedBar()
	m.list, m.loaded = vs, true
	m.counts = c
	m.secs = m.sections()
	m.redraw()
	m.selectBar(id, ok)
}

// versionsChanged follows edits and deletions made on other screens. A
// deleted version leaves the counts at once, and an edited one is counted
// anew; but a version the list has not loaded (a new one), or any edit
// under a filter (the version may have left it, or joined it), is for
// the server to place: the list is loaded again.
func (m *Model) versionsChanged(msg common.VersionsChangedMsg) tea.Cmd {
	if msg.Project != m.project.Key() && msg.Project != m.project.ID {
		return nil
	}
	if !m.loaded || m.load != nil {
		return m.reload() // the pages on their way may be from before the change
	}
	list := slices.Clone(m.list)
	gone := map[string]bool{}
	for _, id := range msg.Deleted {
		gone[id] = true
	}
	list = slices.DeleteFunc(list, func(v api.Version) bool { return gone[v.ID] })
	for _, u := range msg.Updated {
		i := slices.IndexFunc(list, func(v api.Version) bool { return v.ID == u.ID })
		if i < 0 || !m.unfiltered() {
			return m.reload()
		}
		list[i] = u
	}
	m.setList(list)
	return nil
}

// unfiltered reports that the list's filter lists every version.
func (m *Model) unfiltered() bool {
	return len(m.filter.Channels) == 0 && len(m.filter.Game) == 0 && m.filter.Search == ""
}
