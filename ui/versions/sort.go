package versions

import (
	"cmp"
	"slices"
	"strings"

	"rdash/api"
	"rdash/ui/common"
)

// sortKey is a column the rows can be sorted by.
type sortKey int

const (
	sortCreated sortKey = iota // descending, the server's order
	sortVersion
	sortName
	sortChannel
	sortDownloads
	sortKeys
)

var sortNames = [...]string{"created", "version", "name", "channel", "downloads"}

// sortState is an order of the rows: which column, which way. The service
// lists newest first and cannot sort otherwise, so every other order is
// made here, and only over the whole list (sortload.go).
type sortState struct {
	key  sortKey
	desc bool
}

// serverOrder is the order the service lists versions in.
var serverOrder = sortState{key: sortCreated, desc: true}

// server reports that s is the service's own order: rows in it need no
// sorting, and a list in it may be partly loaded.
func (s sortState) server() bool { return s == serverOrder }

// next cycles to the next column, each with its natural direction.
func (s sortState) next() sortState {
	k := (s.key + 1) % sortKeys
	return sortState{key: k, desc: k == sortCreated || k == sortVersion || k == sortDownloads}
}

// reversed is s the other way.
func (s sortState) reversed() sortState { return sortState{key: s.key, desc: !s.desc} }

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
	}
	return a.CreatedAt.Compare(b.CreatedAt)
}
