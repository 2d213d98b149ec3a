package stats

import (
	"slices"

	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/internal/safe"
	"rdash/internal/stats"
	"rdash/ui/common"
	"rdash/ui/route"
)

// barID names a bar across a recount: its grouping and its group's key
// (the rest of the versions has none).
type barID struct {
	by     stats.By
	key    string
	others bool
}

// bars counts the bars of every chart.
func (m *Model) bars() int {
	n := 0
	for _, s := range m.secs {
		n += len(s.groups)
	}
	return n
}

// at is the chart and the bar within it of bar i, counted across charts.
func (m *Model) at(i int) (sec, bar int) {
	for j, s := range m.secs {
		if i < len(s.groups) {
			return j, i
		}
		i -= len(s.groups)
	}
	return -1, -1
}

// selectedBar names the selected bar; ok is false when there is none.
func (m *Model) selectedBar() (barID, bool) {
	sec, bar := m.at(m.cursor)
	if sec < 0 {
		return barID{}, false
	}
	s := m.secs[sec]
	return barID{by: s.by, key: s.groups[bar].Key, others: s.others && bar == len(s.groups)-1}, true
}

// selectBar puts the cursor on the bar id names, else keeps it where it
// is, within the bars there are.
func (m *Model) selectBar(id barID, ok bool) {
	i := 0
	for _, s := range m.secs {
		for j, g := range s.groups {
			others := s.others && j == len(s.groups)-1
			if ok && s.by == id.by && g.Key == id.key && others == id.others {
				m.moveTo(i)
				return
			}
			i++
		}
	}
	m.moveTo(m.cursor)
}

// target is where enter on the selected bar leads: the versions of a
// game version or a channel, under the rest of the filter, or a
// version's detail. ok is false for a bar the service cannot list alone
// (a platform, a month, the versions listing none, the rest summed).
func (m *Model) target() (tea.Cmd, bool) {
	id, ok := m.selectedBar()
	if !ok || id.key == "" || id.others {
		return nil, false
	}
	f := route.Filter{Channels: slices.Clone(m.filter.Channels), Game: slices.Clone(m.filter.Game), Search: m.filter.Search}
	switch id.by {
	case stats.GameVersion:
		f.Game = []string{id.key}
	case stats.Channel:
		f.Channels = []string{id.key}
	case stats.Version:
		if v, ok := m.version(id.key); ok {
			return common.Open(route.Detail, route.DetailArgs{Project: m.project, Version: v}), true
		}
		return nil, false
	default:
		return nil, false
	}
	return common.Open(route.Versions, route.VersionsArgs{Project: m.project, Filter: f}), true
}

func (m *Model) version(id string) (api.Version, bool) {
	i := slices.IndexFunc(m.list, func(v api.Version) bool { return v.ID == id })
	if i < 0 {
		return api.Version{}, false
	}
	return m.list[i], true
}

// wider reports that the list enter opens for a game version holds more
// versions than its bar counts: the bar's are those that also list one
// of the filter's game versions, which the service cannot also require.
func (m *Model) wider(id barID) bool {
	return id.by == stats.GameVersion && len(m.filter.Game) > 0 && !slices.Contains(m.filter.Game, id.key)
}

// info says what the selected bar counts, and what enter does on it.
func (m *Model) info() string {
	id, ok := m.selectedBar()
	if !ok {
		return ""
	}
	sec, bar := m.at(m.cursor)
	g := m.secs[sec].groups[bar]
	label, dl := safe.Line(g.Label), common.Plural(g.Downloads, "download")
	of := common.Plural(g.Versions, "version")
	switch {
	case id.others:
		return label + ": " + dl + " · s on the list sorts every version by downloads"
	case id.key == "":
		return dl + " of " + of + " that " + verb(g.Versions, "list") + " none · enter: the service cannot list them alone"
	}
	switch id.by {
	case stats.GameVersion:
		if m.wider(id) {
			return label + ": " + dl + " of " + of + " · enter lists every version for " + label + ", more than these"
		}
		return label + ": " + dl + " of " + of + " that " + verb(g.Versions, "support") + " it · enter lists them"
	case stats.Channel:
		return label + ": " + dl + " of " + of + " · enter lists them"
	case stats.Platform:
		return label + ": " + dl + " of " + of + " that " + verb(g.Versions, "list") + " it · enter: the service cannot filter by platform"
	case stats.Version:
		return label + ": " + dl + " · enter opens it"
	}
	return label + ": " + of + " published, " + dl + " · enter: the service cannot filter by date"
}

// verb is a verb agreeing with n versions: "1 version that lists", "2
// versions that list".
func verb(n int, v string) string {
	if n == 1 {
		return v + "s"
	}
	return v
}
