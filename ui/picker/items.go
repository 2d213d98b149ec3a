package picker

import (
	"cmp"
	"slices"
	"strings"

	"rdash/api"
	"rdash/internal/safe"
	"rdash/ui/common"
)

// section is where an item comes from; items are listed by section.
type section int

const (
	sectionPinned section = iota
	sectionRecent
	sectionMine
	sectionTyped
)

var sectionTitles = [...]string{"PINNED", "RECENT", "YOUR PROJECTS", "OPEN ANY PROJECT"}

// item is one row of the picker. Every string is safe for the terminal.
type item struct {
	ref     common.ProjectRef
	section section
	pinned  bool
	summary string
	owner   string
	// inConfig marks pins from the config file, which the picker cannot
	// unpin (it never rewrites the user's file).
	inConfig bool
}

// fromProject turns a project from the server into an item.
func fromProject(p api.Project, s section) item {
	it := item{
		ref:     common.ProjectRef{ID: safe.Line(p.ID), Slug: safe.Line(p.Slug), Name: safe.Line(p.Name)},
		section: s, summary: safe.Line(p.Summary),
	}
	if p.Organization != nil {
		it.owner = safe.Line(p.Organization.Slug)
	}
	return it
}

// buildItems lists pinned projects (config first), then recent ones, then
// the user's own, each project once, named from the user's projects when
// they include it.
func (m *Model) buildItems() []item {
	seen := map[string]bool{}
	var items []item
	add := func(key string, s section, inConfig bool) {
		if key == "" || seen[key] {
			return
		}
		it := m.lookup(key, s)
		it.inConfig = inConfig
		it.pinned = s == sectionPinned
		seen[it.ref.ID], seen[it.ref.Slug], seen[key] = true, true, true
		items = append(items, it)
	}
	for _, p := range m.common.Config.Projects {
		add(p, sectionPinned, true)
	}
	for _, p := range m.state.Pinned {
		add(p, sectionPinned, false)
	}
	for _, p := range m.state.Recent {
		add(p, sectionRecent, false)
	}
	for _, p := range m.mine {
		add(cmp.Or(p.Slug, p.ID), sectionMine, false)
	}
	return items
}

// lookup finds key among the user's projects, or makes a bare item.
func (m *Model) lookup(key string, s section) item {
	for _, p := range m.mine {
		if p.Slug == key || p.ID == key {
			return fromProject(p, s)
		}
	}
	k := safe.Line(key)
	return item{ref: common.ProjectRef{Slug: k}, section: s}
}

// filtered is the items matching the filter text, plus, when text is
// typed, an item to open it as a slug or ID (unless an item has that key).
func filtered(items []item, text string) []item {
	text = strings.TrimSpace(text)
	if text == "" {
		return items
	}
	q := strings.ToLower(text)
	out := slices.DeleteFunc(slices.Clone(items), func(it item) bool {
		return !strings.Contains(strings.ToLower(it.ref.Slug+" "+it.ref.ID+" "+it.ref.Name), q)
	})
	exact := slices.ContainsFunc(out, func(it item) bool {
		return strings.EqualFold(it.ref.Slug, text) || it.ref.ID == text
	})
	if !exact {
		out = append(out, item{ref: common.ProjectRef{Slug: safe.Line(text)}, section: sectionTyped})
	}
	return out
}
