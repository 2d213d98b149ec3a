package versions

import (
	"slices"
	"strings"

	"rdash/api"
	"rdash/ui/common"
)

// Filter is what the server is asked to filter by. Values within one field
// are alternatives (any of); fields combine (all of), as the service does.
type Filter struct {
	Channels []string // channel slugs or IDs
	Game     []string // game versions
	Search   string   // substring of the version string or name
}

// Empty reports that nothing is filtered.
func (f Filter) Empty() bool {
	return len(f.Channels) == 0 && len(f.Game) == 0 && f.Search == ""
}

// Equal reports whether f and g ask the server the same thing.
func (f Filter) Equal(g Filter) bool {
	return slices.Equal(f.Channels, g.Channels) && slices.Equal(f.Game, g.Game) && f.Search == g.Search
}

// Options are the list request's query for page. The size is the
// dashboard's choice: a server that refuses it serves its default.
func (f Filter) Options(page, size int) *api.ListVersionsOptions {
	return &api.ListVersionsOptions{
		Page: page, PageSize: size, PageSizeOrDefault: true,
		Channels: slices.Clone(f.Channels), MinecraftVersions: slices.Clone(f.Game),
		Search: f.Search,
	}
}

// Match reports whether the server would list v under f. It counts the
// marked versions the filter hides, whose data the screen keeps.
func (f Filter) Match(v api.Version) bool {
	if len(f.Channels) > 0 && !slices.ContainsFunc(f.Channels, func(c string) bool {
		return strings.EqualFold(c, v.Channel.Slug) || c == v.Channel.ID
	}) {
		return false
	}
	if len(f.Game) > 0 && !slices.ContainsFunc(f.Game, func(g string) bool {
		return slices.Contains(v.MinecraftVersions, g)
	}) {
		return false
	}
	if f.Search == "" {
		return true
	}
	q := strings.ToLower(f.Search)
	return strings.Contains(strings.ToLower(v.Version), q) || strings.Contains(strings.ToLower(v.Name), q)
}

// splitList parses "1.21, 1.20.4 1.20.1" into distinct values, in order:
// a filter has no use for a repeat.
func splitList(s string) []string {
	var out []string
	for _, f := range common.SplitList(s) {
		if !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	return out
}
