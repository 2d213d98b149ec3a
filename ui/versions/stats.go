package versions

import (
	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/ui/common"
	"rdash/ui/route"
)

// openStats opens the stats of the versions the filter lists. When every
// one of them is loaded, they go along, and the stats screen asks the
// server nothing; else it loads the list itself (ui/listload, as a sort
// does).
func (m *Model) openStats() tea.Cmd {
	a := route.StatsArgs{Project: m.project, Filter: route.Filter(m.filter)}
	if m.complete() && m.rowsFilter.Equal(m.filter) {
		a.Complete = true
		a.Versions = make([]api.Version, m.versions.len())
		for i := range a.Versions {
			a.Versions[i] = *m.versions.at(i)
		}
	}
	return common.Open(route.Stats, a)
}
