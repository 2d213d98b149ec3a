package picker

import (
	"context"
	"errors"

	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/config"
	"rdash/ui/common"
	"rdash/ui/route"
)

// projectsLoadedMsg carries the signed-in user's projects.
type projectsLoadedMsg struct {
	seq      int
	projects []api.Project
	err      error
}

// fetchMine lists the signed-in user's projects (GET /users/@me/projects).
func fetchMine(ctx context.Context, c Client, seq int) tea.Cmd {
	return func() tea.Msg {
		ps, _, err := c.ListUserProjects(ctx, "@me")
		return projectsLoadedMsg{seq: seq, projects: ps, err: err}
	}
}

// refetchMine asks for the user's projects again; forget drops those
// listed so far at once, when they were another account's.
func (m *Model) refetchMine(forget bool) tea.Cmd {
	m.mineSeq++
	m.mineLoaded = false
	if forget {
		m.mine, m.mineNote = nil, ""
		m.rebuild()
	}
	return fetchMine(m.ctx, m.client, m.mineSeq)
}

// projectsLoaded keeps the projects; a failure only leaves a quiet note,
// since the server need not list them and any project can still be typed.
// Whatever was listed before goes: a list that could not be had is not
// shown as if it were the user's.
func (m *Model) projectsLoaded(msg projectsLoadedMsg) {
	if msg.seq != m.mineSeq || errors.Is(msg.err, context.Canceled) {
		return
	}
	m.mineLoaded = true
	m.mine, m.mineNote = nil, ""
	switch {
	case msg.err == nil:
		m.mine = msg.projects
	case errors.Is(msg.err, api.ErrNotFound):
		m.mineNote = "This server does not list your projects: open one by its slug or ID (/), " +
			"and those you open stay under RECENT; p pins one."
	case errors.Is(msg.err, api.ErrUnauthorized) && m.common.Has(route.Account):
		// In the dashboard (and over rdash serve) the account screen signs in.
		m.mineNote = "Not signed in, so your projects are not listed: press @, then enter, to sign in."
	case errors.Is(msg.err, api.ErrUnauthorized):
		m.mineNote = "Not signed in, so your projects are not listed: run `rdash auth login`."
	default:
		m.mineNote = "Your projects could not be listed: " + common.Describe(msg.err).Sentence
	}
	m.rebuild()
}

// projectCheckedMsg carries the first page of a project being opened: it
// proves the project exists, and the versions screen starts with it.
type projectCheckedMsg struct {
	seq  int
	ref  common.ProjectRef
	page route.Page
	err  error
}

// checkProject fetches the first page of ref's versions.
func checkProject(ctx context.Context, c Client, ref common.ProjectRef, pageSize, seq int) tea.Cmd {
	return func() tea.Msg {
		vs, resp, err := c.ListVersions(ctx, ref.Key(), &api.ListVersionsOptions{Page: 1, PageSize: pageSize, PageSizeOrDefault: true})
		msg := projectCheckedMsg{seq: seq, ref: ref, err: err}
		if err == nil {
			msg.page = route.NewPage(vs, resp, 1)
		}
		return msg
	}
}

func (m *Model) openSelected() tea.Cmd {
	it, ok := m.selected()
	if !ok {
		return nil
	}
	return m.open(it.ref)
}

// open checks ref by fetching its first page; a newer open supersedes it.
func (m *Model) open(ref common.ProjectRef) tea.Cmd {
	m.openSeq++
	m.opening = ref.Key()
	return checkProject(m.ctx, m.client, ref, m.common.PageSize(), m.openSeq)
}

func (m *Model) cancelOpening() {
	m.openSeq++
	m.opening = ""
}

func (m *Model) projectChecked(msg projectCheckedMsg) tea.Cmd {
	if msg.seq != m.openSeq {
		return nil
	}
	m.opening = ""
	if errors.Is(msg.err, api.ErrNotFound) {
		return common.ReportError(errNoProject(msg.ref.Key()), "", nil)
	}
	if msg.err != nil {
		retry := m.retryOpen(msg.ref)
		return common.ReportError(msg.err, "opening "+msg.ref.Key(), retry)
	}
	key, page := msg.ref.Key(), msg.page
	return tea.Batch(
		common.EditState("recent projects", func(s *config.State) { s.Touch(key) }),
		common.Open(route.Versions, route.VersionsArgs{Project: msg.ref, First: &page}),
	)
}

// reopenMsg asks the picker to open ref again (r on the error panel).
type reopenMsg struct{ ref common.ProjectRef }

// retryOpen is a command that opens ref again from the error panel.
func (m *Model) retryOpen(ref common.ProjectRef) tea.Cmd {
	return func() tea.Msg { return reopenMsg{ref: ref} }
}

// noProjectError says a typed project does not exist.
type noProjectError struct{ key string }

func (e noProjectError) Error() string { return "no project " + e.key }

func errNoProject(key string) error { return noProjectError{key: key} }
