package cmd

import (
	"rdash/internal/stats"
)

// statsJSON is rdash stats' JSON (docs/json.md): the totals, the filter
// they are under, and the groups of one grouping.
type statsJSON struct {
	Project   string          `json:"project"`
	By        string          `json:"by"`
	Filter    statsFilterJSON `json:"filter"`
	Versions  int             `json:"versions"`
	Downloads int64           `json:"downloads"`
	// GroupsOverlap says a version may count in several groups (game
	// versions, platforms): the groups add up to more than the total.
	GroupsOverlap bool `json:"groups_overlap"`
	// Complete is false when the list was cut at the most pages rdash
	// reads: the counts cover the versions read.
	Complete bool             `json:"complete"`
	Groups   []statsGroupJSON `json:"groups"`
}

type statsFilterJSON struct {
	Channels     []string   `json:"channels"`
	GameVersions []string   `json:"game_versions"`
	Search       nullString `json:"search"`
}

// statsGroupJSON is one group: its key (null for the versions listing
// none), how it reads, and its counts.
type statsGroupJSON struct {
	Key       nullString `json:"key"`
	Label     string     `json:"label"`
	Versions  int        `json:"versions"`
	Downloads int64      `json:"downloads"`
}

func statsOut(opts *statsOptions, c *stats.Counts, complete bool) statsJSON {
	out := statsJSON{Project: opts.Project, By: string(opts.By),
		Filter: statsFilterJSON{Channels: nonNilSlice(opts.Channels), GameVersions: nonNilSlice(opts.GameVersions),
			Search: nullString(opts.Search)},
		Versions: c.Versions, Downloads: c.Downloads, GroupsOverlap: opts.By.Overlaps(), Complete: complete,
		Groups: []statsGroupJSON{}}
	for _, g := range c.Groups(opts.By) {
		out.Groups = append(out.Groups, statsGroupJSON{Key: nullString(g.Key), Label: g.Label, Versions: g.Versions, Downloads: g.Downloads})
	}
	return out
}
