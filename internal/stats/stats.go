// Package stats counts a project's versions and their downloads by game
// version, channel, platform, version and month of publication: the one
// count behind `rdash stats` and the dashboard's stats screen, so the two
// never disagree.
//
// The counting rules, which both say where they show the numbers: a
// version listing several game versions (or platforms) counts in each,
// so those groups sum to more than the total; a version counts once, by
// its ID, however many times the pages listed it; a month is the UTC
// month the version was created in.
package stats

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"rdash/api"
	"rdash/ui/common"
)

// By is what the versions are grouped by.
type By string

// The groupings, as `rdash stats --by` names them.
const (
	GameVersion By = "game-version"
	Channel     By = "channel"
	Platform    By = "platform"
	Version     By = "version"
	Month       By = "month"
)

// All are the groupings, in the order the stats screen shows them.
var All = []By{GameVersion, Channel, Platform, Version, Month}

// Parse reads a grouping's name; an unknown one is an error naming those
// there are.
func Parse(s string) (By, error) {
	if i := slices.Index(All, By(s)); i >= 0 {
		return All[i], nil
	}
	names := make([]string, len(All))
	for i, b := range All {
		names[i] = string(b)
	}
	return "", fmt.Errorf("%q is not a grouping; one of: %s", s, strings.Join(names, ", "))
}

// Overlaps reports that a version may count in several groups of b (it
// lists several game versions or platforms), so the groups sum to more
// than the total.
func (b By) Overlaps() bool { return b == GameVersion || b == Platform }

// Group is the versions that share one value of a grouping.
type Group struct {
	// Key is the value: a game version, a channel's slug (its ID when it
	// has none), a platform, a version's ID, or a month as 2006-01. It is
	// empty for the versions that list none (no game version, no
	// platform, no date).
	Key string
	// Label is how the value reads: the game version, the channel's
	// slug (else its name), the platform, the version string, the month;
	// "(none)" for an empty Key. It is the server's text as it came:
	// whoever shows it makes it safe.
	Label     string
	Versions  int
	Downloads int64
}

// NoneLabel is the label of the versions that list no value.
const NoneLabel = "(none)"

// Counts are the totals of a list of versions and their groups.
type Counts struct {
	Versions  int
	Downloads int64
	groups    map[By][]Group
}

// Groups are the groups of b in the order they are shown: game versions
// and months newest first, channels, platforms and versions by
// downloads, most first; the group of versions listing none comes last.
func (c *Counts) Groups(b By) []Group { return c.groups[b] }

// Count counts vs. A version whose ID was counted already is skipped: a
// list read while it changed may repeat one.
func Count(vs []api.Version) *Counts {
	t := NewTally()
	for i := range vs {
		t.Add(&vs[i])
	}
	return t.Counts()
}

// Tally counts versions as they come, a page at a time, so a screen
// loading a long list counts while it waits for the next page; Counts
// then only puts the groups in order.
type Tally struct {
	t         *tally
	seen      map[string]bool
	versions  int
	downloads int64
}

// NewTally returns a tally of no version.
func NewTally() *Tally { return &Tally{t: newTally(), seen: map[string]bool{}} }

// Add counts v, unless a version of its ID was counted already; it
// reports whether it did.
func (t *Tally) Add(v *api.Version) bool {
	if v.ID != "" && t.seen[v.ID] {
		return false
	}
	t.seen[v.ID] = true
	t.versions++
	t.downloads = add(t.downloads, v.Downloads)
	t.t.version(v)
	return true
}

// Counts are the counts of the versions added so far.
func (t *Tally) Counts() *Counts {
	c := &Counts{Versions: t.versions, Downloads: t.downloads, groups: map[By][]Group{}}
	for _, b := range All {
		c.groups[b] = t.t.sorted(b)
	}
	return c
}

// Top is the first n groups, and the rest summed as one group labelled
// "N others" (zero when there is no rest).
func Top(gs []Group, n int) (top []Group, rest Group) {
	if len(gs) <= n {
		return gs, Group{}
	}
	rest.Label = common.Plural(len(gs)-n, "other")
	for _, g := range gs[n:] {
		rest.Versions += g.Versions
		rest.Downloads = add(rest.Downloads, g.Downloads)
	}
	return gs[:n], rest
}

// add is a+b, held at the largest int64 rather than wrapping: a server
// may send any count.
func add(a, b int64) int64 {
	if b > 0 && a > math.MaxInt64-b {
		return math.MaxInt64
	}
	return a + b
}

// order compares two groups of b for sorting.
func order(b By, x, y Group) int {
	if (x.Key == "") != (y.Key == "") { // the group of none last
		if x.Key == "" {
			return 1
		}
		return -1
	}
	switch b {
	case GameVersion:
		return common.NaturalCompare(y.Key, x.Key)
	case Month:
		return cmp.Compare(y.Key, x.Key)
	}
	// Most downloads first; cmp.Or would compare the labels every time.
	if c := cmp.Compare(y.Downloads, x.Downloads); c != 0 {
		return c
	}
	if b == Version { // the newest first
		if c := common.NaturalCompare(y.Label, x.Label); c != 0 {
			return c
		}
	} else if c := cmp.Compare(x.Label, y.Label); c != 0 {
		return c
	}
	return cmp.Compare(x.Key, y.Key)
}
