package versions

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/internal/safe"
	"rdash/ui/clipboard"
	"rdash/ui/common"
	"rdash/ui/route"
)

func (m *Model) openDetail() tea.Cmd {
	v, ok := m.selected()
	if !ok {
		return nil
	}
	return common.Open(route.Detail, route.DetailArgs{Project: m.project, Version: v})
}

// toggleMark marks or unmarks the version under the cursor and moves down,
// so space can be held to mark a run.
func (m *Model) toggleMark() tea.Cmd {
	v, ok := m.selected()
	if !ok {
		return nil
	}
	m.marks.toggle(v)
	m.table.Move(1)
	return m.maybePrefetch()
}

// markMove marks the version under the cursor and moves by step, so
// that shift+↑ or shift+↓ held marks a run; a version marked already
// stays marked.
func (m *Model) markMove(step int) tea.Cmd {
	v, ok := m.selected()
	if !ok {
		return nil
	}
	m.marks.add(v)
	m.table.Move(step)
	return m.maybePrefetch()
}

// rangeStart is the row of the version marked last, when it is listed
// and marked still: V marks from there to the cursor; else -1.
func (m *Model) rangeStart() int {
	if m.marks.last == "" || !m.marks.has(m.marks.last) {
		return -1
	}
	for i, idx := range m.order {
		if m.versions.at(idx).ID == m.marks.last {
			return i
		}
	}
	return -1
}

// markRange marks every row from the one marked last to the cursor,
// both included, and says how many that marked.
func (m *Model) markRange() tea.Cmd {
	from, to := m.rangeStart(), m.table.Cursor()
	if from < 0 || to >= len(m.order) {
		return nil
	}
	if from > to {
		from, to = to, from
	}
	before := m.marks.len()
	for _, idx := range m.order[from : to+1] {
		m.marks.add(*m.versions.at(idx))
	}
	return common.Status(fmt.Sprintf("marked %s from %s to %s (%s marked in all)",
		plural(m.marks.len()-before, "more version", "more versions"),
		safe.Line(m.versions.at(m.order[from]).Version), safe.Line(m.versions.at(m.order[to]).Version),
		common.Count(int64(m.marks.len()))))
}

// markAll marks every loaded row (all of them match the current filter).
func (m *Model) markAll() tea.Cmd {
	if len(m.order) == 0 {
		return nil
	}
	for _, idx := range m.order {
		m.marks.add(*m.versions.at(idx))
	}
	return common.Status("marked " + plural(len(m.order), "loaded version", "loaded versions"))
}

func (m *Model) clearMarks() tea.Cmd {
	n := m.marks.len()
	m.marks.clear()
	if n == 0 {
		return nil
	}
	return common.Status("cleared " + plural(n, "mark", "marks"))
}

// editsOne reports that e edits the version under the cursor alone, as
// the detail's e does: nothing is marked, and its screen is there.
func (m *Model) editsOne() bool {
	_, ok := m.selected()
	return ok && m.marks.len() == 0 && m.common.Has(route.EditVersion)
}

// edit opens the edit of the version under the cursor, prefilled with its
// values, when nothing is marked; else the bulk edit of the marks.
func (m *Model) edit() tea.Cmd {
	if v, _ := m.selected(); m.editsOne() {
		return common.Open(route.EditVersion, route.DetailArgs{Project: m.project, Version: v})
	}
	return m.openSelection(route.BulkEdit)
}

// browse opens the primary file of the version under the cursor in the
// browser, once its address is found (or copies it where none opens).
func (m *Model) browse() tea.Cmd {
	v, ok := m.selected()
	if !ok {
		return nil
	}
	m.downloadSeq++
	m.openSeq = m.downloadSeq
	return common.FetchDownloadURL(m.ctx, m.client, m.project.Key(), v, m.downloadSeq)
}

// openSelection opens a bulk screen on the marked versions, or on the one
// under the cursor when none is marked.
func (m *Model) openSelection(r common.Route[route.SelectionArgs]) tea.Cmd {
	vs, hidden := m.Marked(), m.HiddenMarked()
	if len(vs) == 0 {
		v, ok := m.selected()
		if !ok {
			return nil
		}
		vs = []api.Version{v}
	}
	return common.Open(r, route.SelectionArgs{Project: m.project, Versions: vs, Hidden: hidden})
}

// copyID puts the version's ID on the clipboard with OSC 52, which works
// over SSH because the local terminal does the copying.
func (m *Model) copyID() tea.Cmd {
	v, ok := m.selected()
	if !ok {
		return nil
	}
	id := safe.Line(v.ID)
	return clipboard.Copy(m.common.Config, id, "the ID of "+safe.Line(v.Version)+": "+id)
}

func (m *Model) copyURL() tea.Cmd {
	v, ok := m.selected()
	if !ok {
		return nil
	}
	m.downloadSeq++
	return common.FetchDownloadURL(m.ctx, m.client, m.project.Key(), v, m.downloadSeq)
}

func (m *Model) downloadURL(msg common.DownloadURLMsg) tea.Cmd {
	switch {
	case msg.Seq != m.downloadSeq:
		return nil
	case msg.Seq == m.openSeq && msg.Err == nil:
		return clipboard.OpenURL(m.ctx, m.common, msg.URL, "the primary file of "+msg.Version)
	}
	return clipboard.CopyDownloadURL(m.common.Config, msg)
}

// versionsChanged follows edits and deletions made by another screen.
func (m *Model) versionsChanged(msg common.VersionsChangedMsg) tea.Cmd {
	if msg.Project != m.project.Key() && msg.Project != m.project.ID {
		return nil
	}
	selected := m.selectedID()
	created := false // a version the list has not loaded: a new one
	for _, u := range msg.Updated {
		if i := m.versions.index(u.ID); i >= 0 {
			*m.versions.at(i) = u
		} else {
			created = true
		}
		m.marks.refresh(u)
		m.seen.add(u)
	}
	gone := map[string]bool{}
	for _, id := range msg.Deleted {
		gone[id] = true
		m.marks.remove(id)
		if m.total > 0 {
			m.total--
		}
	}
	if len(gone) > 0 {
		m.versions = m.versions.without(gone)
	}
	m.rebuildRows(selected)
	switch {
	case created:
		return m.reload() // its place depends on the sort and the filter: the server says
	case len(msg.Deleted) > 0:
		return m.afterDeletion()
	}
	return nil
}

// afterDeletion keeps loading without a gap. Deleting listed versions
// moves the server's later versions up a page, so the version after the
// last loaded may now sit on the page already loaded: loading goes on
// from the page holding the first version not loaded, in the new
// numbering (versions listed twice are skipped), and a page or a sort's
// load in flight, numbered the old way, is asked for again.
func (m *Model) afterDeletion() tea.Cmd {
	switch {
	case m.all != nil:
		return m.loadAll(m.all.want, m.all.replace && m.all.Applied() == 0)
	case m.next > 1 && m.loading != 1: // paging, and not a new first page on its way
		inFlight := m.loading != 0
		m.resumePaging()
		if inFlight {
			return m.fetch(m.next)
		}
	}
	return nil
}
