package versions

import (
	"cmp"
	"slices"
	"strings"

	"rdash/api"
	"rdash/ui/common"
)

// sortKey is what the rows can be sorted by: the server's order, or a
// column. The keys are in the order s cycles through them.
type sortKey int

const (
	sortServer sortKey = iota // the order the server sent: rdash claims none
	sortVersion
	sortName
	sortChannel
	sortDownloads
	sortCreated
	sortKeys
)

var sortNames = [...]string{"server order", "version", "name", "channel", "downloads", "created"}

// sortState is an order of the rows: which key, which way. The service
// states no order and cannot sort, so every order but its own is made
// here, and only over the whole list (sortload.go); until then the rows
// are in the server's order, and the screen says no more than that.
type sortState struct {
	key  sortKey
	desc bool
}

// serverOrder is the rows as the server listed them.
var serverOrder = sortState{key: sortServer}

// server reports that s is the server's own order: rows in it need no
// sorting, and a list in it may be partly loaded.
func (s sortState) server() bool { return s.key == sortServer }

// next cycles to the next key.
func (s sortState) next() sortState { return byKey((s.key + 1) % sortKeys) }

// byKey is the order by k in its natural direction: the newest, highest
// and most downloaded first, names and channels from A.
func byKey(k sortKey) sortState {
	return sortState{key: k, desc: k == sortCreated || k == sortVersion || k == sortDownloads}
}

// reversed is s the other way; the server's order has no way to turn,
// so from it, the oldest first.
func (s sortState) reversed() sortState {
	if s.server() {
		return sortState{key: sortCreated}
	}
	return sortState{key: s.key, desc: !s.desc}
}

func (s sortState) arrow() string {
	if s.desc {
		return "↓"
	}
	return "↑"
}

// String is "server order", or the column and its arrow: "created ↓".
func (s sortState) String() string {
	if s.server() {
		return sortNames[sortServer]
	}
	return sortNames[s.key] + " " + s.arrow()
}

// column is the column s sorts by; -1 for the server's order.
func (s sortState) column() int {
	return [...]int{-1, colVersion, colName, colChannel, colDownloads, colCreated}[s.key]
}

// sortKeyOf is the key that sorts by column col; ok is false for a
// column the rows are not sorted by (platforms, game versions).
func sortKeyOf(col int) (k sortKey, ok bool) {
	for k := sortServer + 1; k < sortKeys; k++ {
		if (sortState{key: k}).column() == col {
			return k, true
		}
	}
	return 0, false
}

// order returns the indexes of vs in s's order; ties keep the server's
// order, and the server's order is vs's own.
func (s sortState) order(vs *store) []int {
	idx := make([]int, vs.len())
	for i := range idx {
		idx[i] = i
	}
	if !s.server() {
		slices.SortStableFunc(idx, func(a, b int) int { return s.cmp(vs.at(a), vs.at(b)) })
	}
	return idx
}

// cmp compares a and b in s's direction.
func (s sortState) cmp(a, b *api.Version) int {
	c := s.compare(a, b)
	if s.desc {
		return -c
	}
	return c
}

func (s sortState) compare(a, b *api.Version) int {
	switch s.key {
	case sortVersion:
		return common.NaturalCompare(a.Version, b.Version)
	case sortName:
		return cmp.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name))
	case sortChannel:
		return cmp.Compare(channelLabel(a.Channel), channelLabel(b.Channel))
	case sortDownloads:
		return cmp.Compare(a.Downloads, b.Downloads)
	case sortCreated:
		return a.CreatedAt.Compare(b.CreatedAt)
	}
	return 0
}
