package stats

import (
	"slices"
	"time"

	"rdash/api"
)

// monthLayout is how a month is keyed and shown: locale-free, and in
// order as text.
const monthLayout = "2006-01"

// maxFilledMonths bounds the months a timeline fills in between the
// first and the last version's: a server's dates far apart (year 1 and
// year 9999) must not make a hundred thousand empty months.
const maxFilledMonths = 1200

// tally adds versions up, group by group, for every grouping. A version
// is a group of its own: Count counts each once, so those need no map.
type tally struct {
	groups   map[By]map[string]*Group
	versions []Group
}

func newTally() *tally {
	t := &tally{groups: map[By]map[string]*Group{}}
	for _, b := range All {
		t.groups[b] = map[string]*Group{}
	}
	return t
}

// version counts v in each group it belongs to: once in each distinct
// game version and platform it lists.
func (t *tally) version(v *api.Version) {
	t.each(GameVersion, v, v.MinecraftVersions)
	t.each(Platform, v, v.Platforms)
	t.add(Channel, v, channelKey(v.Channel), channelLabel(v.Channel))
	t.versions = append(t.versions, Group{Key: v.ID, Label: v.Version, Versions: 1, Downloads: v.Downloads})
	month := ""
	if !v.CreatedAt.IsZero() {
		month = v.CreatedAt.UTC().Format(monthLayout)
	}
	t.add(Month, v, month, month)
}

// each counts v once in the group of each distinct value of values, or
// in the group of none when it lists none.
func (t *tally) each(b By, v *api.Version, values []string) {
	if len(values) == 0 {
		t.add(b, v, "", "")
		return
	}
	for i, s := range values {
		if !slices.Contains(values[:i], s) {
			t.add(b, v, s, s)
		}
	}
}

func (t *tally) add(b By, v *api.Version, key, label string) {
	g := t.groups[b][key]
	if g == nil {
		if key == "" {
			label = NoneLabel
		}
		g = &Group{Key: key, Label: label}
		t.groups[b][key] = g
	}
	g.Versions++
	g.Downloads = add(g.Downloads, v.Downloads)
}

// sorted is b's groups in their order; a timeline has every month from
// the first to the last, those without a version at zero.
func (t *tally) sorted(b By) []Group {
	if b == Month {
		t.fillMonths()
	}
	out := slices.Clone(t.versions)
	if b != Version {
		out = make([]Group, 0, len(t.groups[b]))
		for _, g := range t.groups[b] {
			out = append(out, *g)
		}
	}
	slices.SortFunc(out, func(x, y Group) int { return order(b, x, y) })
	return out
}

func (t *tally) fillMonths() {
	ms := t.groups[Month]
	var first, last time.Time
	for k := range ms {
		at, err := time.Parse(monthLayout, k)
		if err != nil {
			continue // the group of none
		}
		if first.IsZero() || at.Before(first) {
			first = at
		}
		if at.After(last) {
			last = at
		}
	}
	if first.IsZero() || monthsBetween(first, last) > maxFilledMonths {
		return
	}
	for at := first; !at.After(last); at = at.AddDate(0, 1, 0) {
		k := at.Format(monthLayout)
		if ms[k] == nil {
			ms[k] = &Group{Key: k, Label: k}
		}
	}
}

func monthsBetween(a, b time.Time) int {
	return (b.Year()-a.Year())*12 + int(b.Month()-a.Month())
}

// channelKey is what filters by c: its slug, else its ID.
func channelKey(c api.Channel) string {
	if c.Slug != "" {
		return c.Slug
	}
	return c.ID
}

// channelLabel is how c reads: its slug, else its name, else its ID.
func channelLabel(c api.Channel) string {
	switch {
	case c.Slug != "":
		return c.Slug
	case c.Name != "":
		return c.Name
	}
	return c.ID
}
