package invitations

import (
	"cmp"
	"context"
	"errors"
	"slices"

	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/config"
	"rdash/internal/explain"
	"rdash/internal/safe"
	"rdash/ui/common"
)

// identity is who the signed-in user is, for accepting and rejecting.
type identity struct {
	id, username string
	from         string // "server", "config", "remembered"; "" while unknown
}

// path is what the invitation routes take as userId.
func (i identity) path() string { return cmp.Or(i.id, i.username) }

// name is how the user is named in sentences.
func (i identity) name() string { return cmp.Or(i.username, i.id) }

// meLoaded keeps who the server says is signed in. A server that cannot
// say leaves the configured username, then the one asked for in an
// earlier run; failing both, the user is asked when it matters.
func (m *Model) meLoaded(msg common.MeMsg) tea.Cmd {
	if msg.Seq != m.meSeq {
		return nil
	}
	m.meSeq = 0
	me := msg.Me
	if me.Err == nil && cmp.Or(me.ID, me.Username) != "" {
		m.me = identity{id: me.ID, username: me.Username, from: "server"}
		return nil
	}
	switch {
	case m.common.Config.Username != "":
		m.me = identity{username: safe.Line(m.common.Config.Username), from: "config"}
	case m.state.Username != "":
		m.me = identity{username: safe.Line(m.state.Username), from: "remembered"}
	}
	if errors.Is(me.Err, api.ErrUnauthorized) {
		return common.ReportError(me.Err, "finding out who you are", nil)
	}
	return nil
}

// projectsLoadedMsg carries the user's projects, whose owners are
// organizations the user belongs to.
type projectsLoadedMsg struct {
	seq      int
	projects []api.Project
	err      error
}

// fetchProjects lists the user's projects (GET /users/@me/projects).
func fetchProjects(ctx context.Context, c Client, seq int) tea.Cmd {
	return func() tea.Msg {
		ps, _, err := c.ListUserProjects(ctx, api.Me)
		return projectsLoadedMsg{seq: seq, projects: ps, err: err}
	}
}

// projectsLoaded lists the organizations that own the user's projects. A
// failure leaves only a quiet note: organizations can still be typed.
func (m *Model) projectsLoaded(msg projectsLoadedMsg) tea.Cmd {
	if msg.seq != m.projSeq {
		return nil
	}
	m.projReady = true
	switch {
	case errors.Is(msg.err, context.Canceled):
		return nil
	case errors.Is(msg.err, api.ErrNotFound):
		m.projNote = "This server does not list your projects, so the organizations you belong to are not listed either."
		return nil
	case msg.err != nil:
		m.projNote = "Your projects could not be listed, so the organizations you belong to are not either."
		return nil
	}
	var cmds []tea.Cmd
	for _, p := range msg.projects {
		if p.Organization != nil {
			cmds = append(cmds, m.addOrg(orgFromAPI(*p.Organization), fromProjects))
		}
	}
	return tea.Batch(cmds...)
}

// invitationsLoadedMsg carries one organization's pending invitations.
type invitationsLoadedMsg struct {
	org  string
	seq  int
	invs []api.Invitation
	err  error
}

// listInvitations lists org's pending invitations (GET /orgs/{orgId}/invitations).
func listInvitations(ctx context.Context, c Client, org string, seq int) tea.Cmd {
	return func() tea.Msg {
		invs, _, err := c.ListInvitations(ctx, org)
		return invitationsLoadedMsg{org: org, seq: seq, invs: invs, err: err}
	}
}

// load asks again for o's invitations; a reply to an earlier ask is
// dropped.
func (m *Model) load(o *org) tea.Cmd {
	if o == nil {
		return nil
	}
	m.seq++
	o.seq, o.loading = m.seq, true
	return listInvitations(m.ctx, m.client, o.key, o.seq)
}

// reloadMsg asks to list an organization again (r on the error panel).
type reloadMsg struct{ org string }

// invitationsLoaded shows the list, or says in words why there is none:
// a 403 means the user does not manage the organization, and may be
// invited to it.
func (m *Model) invitationsLoaded(msg invitationsLoadedMsg) tea.Cmd {
	o := m.find(msg.org)
	if o == nil || msg.seq != o.seq || errors.Is(msg.err, context.Canceled) {
		return nil
	}
	o.loading = false
	o.invs, o.note = nil, ""
	var report tea.Cmd
	switch {
	case msg.err == nil:
		o.access = accessManage
		for _, in := range msg.invs {
			o.invs = append(o.invs, cleanInvitation(in))
		}
	case errors.Is(msg.err, api.ErrForbidden):
		o.access, o.note = accessDenied, explained(explain.OpList, o.label(), "", msg.err)
	case errors.Is(msg.err, api.ErrNotFound):
		o.access, o.note = accessMissing, explained(explain.OpList, o.label(), "", msg.err)
	default:
		o.access, o.note = accessFailed, common.Describe(msg.err).Sentence
		if common.Describe(msg.err).Blocking {
			report = common.ReportError(msg.err, "loading invitations of "+o.label(), reload(o.key))
		}
	}
	m.rebuild()
	return tea.Batch(report, m.remember(o))
}

func reload(org string) tea.Cmd {
	return func() tea.Msg { return reloadMsg{org: org} }
}

// remember keeps a typed organization for later runs once the server
// showed that it exists, so a typo is not remembered.
func (m *Model) remember(o *org) tea.Cmd {
	if o.src != fromTyped || (o.access != accessManage && o.access != accessDenied) {
		return nil
	}
	if slices.Contains(m.state.Orgs, o.key) {
		return nil
	}
	key := o.key
	return common.EditState("remembered organizations", func(s *config.State) { s.AddOrg(key) })
}
