package detail

import (
	"context"
	"errors"
	"slices"

	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/internal/safe"
	"rdash/ui/common"
	"rdash/ui/markdown"
)

// versionLoadedMsg carries the whole version (with files) for request seq.
type versionLoadedMsg struct {
	seq     int
	version *api.Version
	err     error
}

// fetchVersion gets one version (GET /projects/{id}/versions/{versionId}).
func fetchVersion(ctx context.Context, c Client, project, id string, seq int) tea.Cmd {
	return func() tea.Msg {
		v, _, err := c.GetVersion(ctx, project, id)
		return versionLoadedMsg{seq: seq, version: v, err: err}
	}
}

func (m *Model) fetch() tea.Cmd {
	m.seq++
	m.loading = true
	return fetchVersion(m.ctx, m.client, m.project.Key(), m.version.ID, m.seq)
}

// retryMsg asks the screen to fetch the version again.
type retryMsg struct{}

func (m *Model) versionLoaded(msg versionLoadedMsg) tea.Cmd {
	if msg.seq != m.seq {
		return nil
	}
	m.loading = false
	refreshed := m.refreshing
	m.refreshing = false
	if msg.err != nil {
		m.layout() // the info says the files failed
		retry := func() tea.Msg { return retryMsg{} }
		report := common.ReportError(msg.err, "loading "+m.Title(), retry)
		if errors.Is(msg.err, api.ErrNotFound) { // deleted elsewhere: the list drops it too
			gone := common.VersionsChangedMsg{Project: m.project.Key(), Deleted: []string{m.version.ID}}
			return tea.Batch(report, func() tea.Msg { return gone })
		}
		return report
	}
	m.version, m.full = *msg.version, true
	m.source = safe.Text(m.version.Changelog)
	m.layout()
	cmds := []tea.Cmd{m.render(), m.lookUp()}
	if refreshed {
		cmds = append(cmds, common.Status("refreshed "+m.Title()))
	}
	return tea.Batch(cmds...)
}

// lookUp asks the names of the version's dependencies, when it has some
// that point at a project or a version.
func (m *Model) lookUp() tea.Cmd {
	if !slices.ContainsFunc(m.version.Dependencies, func(d api.Dependency) bool { return d.VersionID != "" || d.ProjectID != "" }) {
		return nil
	}
	m.namesSeq++
	m.naming = true
	return lookUpNames(m.ctx, m.client, m.version.Dependencies, m.namesSeq)
}

func (m *Model) namesFound(msg depNamesMsg) {
	if msg.seq == m.namesSeq {
		m.names, m.naming = msg.names, false
		m.layout()
	}
}

// renderChangelog renders the changelog in a command; the rendering comes
// back to this screen only, as a markdown.Rendered.
func renderChangelog(key markdown.Key, source string) tea.Cmd {
	return markdown.RenderCmd(key, source)
}

// render asks for the rendering the current width and theme need: from
// the cache when it is there, else from a command. Until it arrives the
// previous rendering stays on screen, cut to the new width, so a resize
// never blanks the page.
func (m *Model) render() tea.Cmd {
	if m.width == 0 || m.source == "" {
		return nil
	}
	key := markdown.NewKey(m.version.ID, m.source, m.changelogWidth(), m.common.Styles.Theme.GlamourStyle())
	if key == m.want && (m.rendering || m.rendered != "") {
		return nil
	}
	m.want = key
	if out, ok := m.common.Markdown.Get(key); ok {
		m.rendering = false
		m.show(out)
		return nil
	}
	m.rendering = true
	return renderChangelog(key, m.source)
}

func (m *Model) changelogRendered(msg markdown.Rendered) tea.Cmd {
	if msg.Err != nil {
		if msg.Key == m.want {
			m.rendering = false
			m.show(m.source) // plain text beats nothing
		}
		return common.ReportError(msg.Err, "rendering the changelog", nil)
	}
	m.common.Markdown.Put(msg.Key, msg.Out)
	if msg.Key == m.want {
		m.rendering = false
		m.show(msg.Out)
	}
	return nil
}
