package versions

import "rdash/api"

// marks are the versions marked for a bulk action. They survive filter
// changes, refreshes and paging (k9s's lesson), so each keeps the version
// as last loaded: the bulk screens can show them even when the list does
// not, and the count the filter hides can always be shown.
type marks struct {
	order []string
	byID  map[string]api.Version
	// last is the version marked or unmarked last: V marks from it.
	last string
}

func newMarks() marks { return marks{byID: map[string]api.Version{}} }

func (m *marks) has(id string) bool { _, ok := m.byID[id]; return ok }

func (m *marks) len() int { return len(m.order) }

// toggle marks v, or unmarks it; it reports whether v is marked after.
func (m *marks) toggle(v api.Version) bool {
	m.last = v.ID
	if m.has(v.ID) {
		m.remove(v.ID)
		return false
	}
	m.add(v)
	return true
}

func (m *marks) add(v api.Version) {
	m.last = v.ID
	if !m.has(v.ID) {
		m.order = append(m.order, v.ID)
	}
	m.byID[v.ID] = v
}

func (m *marks) remove(id string) {
	if !m.has(id) {
		return
	}
	delete(m.byID, id)
	for i, o := range m.order {
		if o == id {
			m.order = append(m.order[:i:i], m.order[i+1:]...)
			break
		}
	}
}

func (m *marks) clear() {
	m.order = nil
	clear(m.byID)
}

// refresh keeps the newest data of a marked version.
func (m *marks) refresh(v api.Version) {
	if m.has(v.ID) {
		m.byID[v.ID] = v
	}
}

// list returns the marked versions in the order they were marked.
func (m *marks) list() []api.Version {
	out := make([]api.Version, 0, len(m.order))
	for _, id := range m.order {
		out = append(out, m.byID[id])
	}
	return out
}

// hidden counts the marked versions that f keeps out of the list.
func (m *marks) hidden(f Filter) int {
	n := 0
	for _, id := range m.order {
		if !f.Match(m.byID[id]) {
			n++
		}
	}
	return n
}
