package detail

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/internal/safe"
)

// depNamesMsg carries the names of the dependencies of request seq: by
// "version:ID" and "project:ID", what to show in place of the ID.
type depNamesMsg struct {
	seq   int
	names map[string]string
}

// lookUpNames finds what the dependencies point at: a version by its ID
// (GET /versions/{versionId}, which names its project), a project among
// the user's (the interface has no project by ID). What cannot be found
// keeps its ID.
func lookUpNames(ctx context.Context, c Client, deps []api.Dependency, seq int) tea.Cmd {
	return func() tea.Msg {
		names := map[string]string{}
		projects := map[string]string{}
		if ps, _, err := c.ListUserProjects(ctx, "@me"); err == nil {
			for _, p := range ps {
				projects[p.ID] = projectName(p)
			}
		}
		for _, d := range deps {
			switch {
			case d.VersionID != "":
				if v, _, err := c.GetVersionByID(ctx, d.VersionID); err == nil {
					names["version:"+d.VersionID] = versionName(v, projects)
				}
			case d.ProjectID != "":
				if n, ok := projects[d.ProjectID]; ok {
					names["project:"+d.ProjectID] = n
				}
			}
		}
		return depNamesMsg{seq: seq, names: names}
	}
}

// projectName is "Emberforge Core (emberforge-core)".
func projectName(p api.Project) string {
	name, slug := safe.Line(p.Name), safe.Line(p.Slug)
	switch {
	case name == "":
		return slug
	case slug == "" || slug == name:
		return name
	}
	return name + " (" + slug + ")"
}

// versionName is "2.3.1 of Lumen (lumen)", or, when its project is not
// one rdash can name, "2.3.1 of project prjQuart".
func versionName(v *api.Version, projects map[string]string) string {
	out := safe.Line(v.Version)
	if p, ok := projects[v.ProjectID]; ok {
		return out + " of " + p
	}
	if v.ProjectID != "" {
		out += " of project " + safe.Reveal(v.ProjectID)
	}
	return out
}

// depTarget is what a dependency points at, in words: its name looked up,
// else its ID.
func (m *Model) depTarget(d api.Dependency) (kind, target string) {
	kind, id := d.Target()
	if n, ok := m.names[kind+":"+id]; ok {
		return kind, n
	}
	return kind, safe.Reveal(id)
}
