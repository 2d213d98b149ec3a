package versions

import (
	"cmp"
	"slices"
	"strings"
	"time"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"rdash/api"
	"rdash/internal/safe"
	"rdash/ui/common"
	"rdash/ui/table"
)

// Column indexes, in display order.
const (
	colVersion = iota
	colName
	colChannel
	colPlatforms
	colGame
	colDownloads
	colCreated
)

// wideWidth is the width from which dates are shown in full.
const wideWidth = 140

// columns are the table's columns. Priorities say what narrow terminals
// drop first: platforms, then name, downloads, game versions and the
// date; the version string and its channel always stay.
func (m *Model) columns() []table.Column {
	s := m.common.Styles
	created := table.Column{Title: "CREATED", Min: 8, Max: 8, Priority: 4}
	if m.wide {
		created.Min, created.Max = 26, 36
	}
	cols := []table.Column{
		{Title: "VERSION", Min: 7, Max: 32, Priority: 7},
		{Title: "NAME", Min: 12, Max: 40, Priority: 2},
		{Title: "CHANNEL", Min: 7, Max: 12, Priority: 6, Tint: func(c string) lipgloss.Style { return s.Channel(c) }},
		{Title: "PLATFORMS", Min: 10, Max: 30, Priority: 1},
		{Title: "GAME", Min: 8, Max: 28, Priority: 5},
		{Title: "DOWNLOADS", Min: 9, Max: 11, Priority: 3, Right: true},
		created,
	}
	c := m.sort.column()
	cols[c].Title += " " + m.sort.arrow()
	cols[c].Min = max(cols[c].Min, ansi.StringWidth(cols[c].Title))
	return cols
}

// cells are v's table cells, made safe for the terminal once, at load.
func cells(v api.Version, now time.Time, wide bool) []string {
	created := common.Ago(v.CreatedAt, now)
	if wide {
		created = common.Date(v.CreatedAt) + " (" + created + ")"
	}
	return []string{
		safe.Line(v.Version),
		safe.Line(v.Name),
		safe.Line(channelLabel(v.Channel)),
		strings.Join(safe.Lines(v.Platforms), ","),
		strings.Join(safe.Lines(v.MinecraftVersions), ","),
		common.Count(v.Downloads),
		created,
	}
}

func channelLabel(c api.Channel) string {
	if c.Slug != "" {
		return c.Slug
	}
	return c.Name
}

// sortKey is a column the rows can be sorted by locally.
type sortKey int

const (
	sortCreated sortKey = iota // the server's order
	sortVersion
	sortName
	sortChannel
	sortDownloads
	sortKeys
)

var sortNames = [...]string{"created", "version", "name", "channel", "downloads"}

// sortState is the local sort: which column, which way.
type sortState struct {
	key  sortKey
	desc bool
}

// next cycles to the next column, each with its natural direction.
func (s sortState) next() sortState {
	k := (s.key + 1) % sortKeys
	return sortState{key: k, desc: k == sortCreated || k == sortVersion || k == sortDownloads}
}

func (s sortState) arrow() string {
	if s.desc {
		return "↓"
	}
	return "↑"
}

func (s sortState) String() string { return sortNames[s.key] + " " + s.arrow() }

func (s sortState) column() int {
	return [...]int{colCreated, colVersion, colName, colChannel, colDownloads}[s.key]
}

// order sorts indexes of vs; ties keep the server's order.
func (s sortState) order(vs []api.Version) []int {
	idx := make([]int, len(vs))
	for i := range idx {
		idx[i] = i
	}
	s.sortIndexes(idx, vs)
	return idx
}

// sortIndexes sorts idx, indexes of vs in ascending order, by s.
func (s sortState) sortIndexes(idx []int, vs []api.Version) {
	slices.SortStableFunc(idx, func(a, b int) int { return s.cmp(vs[a], vs[b]) })
}

// cmp compares a and b in s's direction.
func (s sortState) cmp(a, b api.Version) int {
	c := s.compare(a, b)
	if s.desc {
		return -c
	}
	return c
}

// merge merges added, sorted indexes all above those in order, into
// order, as sorting them all again would (ties keep the server's order).
// It returns the merged order and where each of added landed in it. When
// the new versions all sort after the old, as in the server's order,
// they are appended without touching the old ones.
func (s sortState) merge(order, added []int, vs []api.Version) (merged, at []int) {
	at = make([]int, len(added))
	if len(order) == 0 || len(added) == 0 || s.cmp(vs[order[len(order)-1]], vs[added[0]]) <= 0 {
		for k := range added {
			at[k] = len(order) + k
		}
		return append(order, added...), at
	}
	merged = make([]int, 0, len(order)+len(added))
	i := 0
	for k, a := range added {
		for i < len(order) && s.cmp(vs[order[i]], vs[a]) <= 0 {
			merged = append(merged, order[i])
			i++
		}
		at[k] = len(merged)
		merged = append(merged, a)
	}
	return append(merged, order[i:]...), at
}

func (s sortState) compare(a, b api.Version) int {
	switch s.key {
	case sortVersion:
		return common.NaturalCompare(a.Version, b.Version)
	case sortName:
		return cmp.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name))
	case sortChannel:
		return cmp.Compare(channelLabel(a.Channel), channelLabel(b.Channel))
	case sortDownloads:
		return cmp.Compare(a.Downloads, b.Downloads)
	}
	return a.CreatedAt.Compare(b.CreatedAt)
}
