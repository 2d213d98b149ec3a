package stats

import (
	"fmt"
	"slices"

	"rdash/internal/safe"
	"rdash/internal/stats"
	"rdash/ui/chart"
	"rdash/ui/common"
)

// topVersions is how many versions the versions chart shows, the rest
// summed in one bar.
const topVersions = 10

// section is one chart: a grouping's bars, under a title and the rule it
// counts by.
type section struct {
	by     stats.By
	title  string
	rule   string
	groups []stats.Group // one a bar; for versions the top, then the rest
	others bool          // the last group is the rest of the versions, summed
	chart  chart.Chart
}

// sections are the charts of the counts, in the order of stats.All.
func (m *Model) sections() []section {
	c := m.counts
	var out []section
	for _, by := range stats.All {
		s := section{by: by, groups: c.Groups(by)}
		s.title, s.rule = titles(by, c)
		if by == stats.Version {
			s = topOf(s)
		} else {
			s.chart = barsOf(s)
		}
		out = append(out, s)
	}
	return out
}

// topOf is the versions chart: the most downloaded, and the rest summed
// in one bar, which runs off the scale of the others rather than flatten
// them.
func topOf(s section) section {
	top, rest := stats.Top(s.groups, topVersions)
	if rest.Versions == 0 {
		s.chart = barsOf(s)
		return s
	}
	s.title = fmt.Sprintf("Top %d versions by downloads", topVersions)
	s.groups, s.others = append(slices.Clone(top), rest), true
	s.rule = "The other " + common.Plural(rest.Versions, "version") + " are summed in the last bar"
	s.chart = barsOf(s)
	if len(top) > 0 && rest.Downloads > top[0].Downloads {
		s.chart.Max = top[0].Downloads
		s.rule += ", drawn off the scale of the others"
	}
	s.rule += "."
	return s
}

// titles are a grouping's title and the rule it counts by, stated where
// the numbers are. A version listing several game versions (or
// platforms) counts in each: the screen says whether the bars then add
// up to more than the total, as they do as soon as one version does.
func titles(by stats.By, c *stats.Counts) (title, rule string) {
	switch by {
	case stats.GameVersion:
		return "Downloads by game version", overlapRule("game version", "support", c.Groups(by), c.Downloads)
	case stats.Channel:
		return "Downloads by channel", ""
	case stats.Platform:
		return "Downloads by platform", overlapRule("platform", "list", c.Groups(by), c.Downloads)
	case stats.Version:
		return "Versions by downloads", ""
	}
	return "Versions published by month, and their downloads",
		"A bar is the downloads to date of the versions published that month (UTC); the note counts them."
}

func overlapRule(what, verb string, gs []stats.Group, total int64) string {
	var sum int64
	for _, g := range gs {
		sum += g.Downloads
	}
	rule := fmt.Sprintf("A version counts under each %s it lists: a bar is the downloads of the versions that %s it", what, verb)
	if sum > total {
		return rule + ", so the bars add up to more than the total."
	}
	return rule + "; none here lists more than one, so the bars add up to the total."
}

// barsOf is s's chart: a bar a group, labelled with the server's text
// made safe, noted with its versions.
func barsOf(s section) chart.Chart {
	var c chart.Chart
	for _, g := range s.groups {
		note := common.Plural(g.Versions, "version")
		if s.by == stats.Version && !(s.others && len(c.Bars) == len(s.groups)-1) {
			note = "" // one version each: the count says nothing
		}
		c.Bars = append(c.Bars, chart.Bar{Label: safe.Line(g.Label), Value: g.Downloads, Note: note})
	}
	return c
}
