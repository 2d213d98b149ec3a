package invitations

import tea "charm.land/bubbletea/v2"

// accountChanged starts the screen again for the account now signed in,
// or for no one: who the user is, the organizations of their projects
// and what each allows all come from the server again, so nothing the
// previous account could do is offered. Organizations the user typed
// stay, asked again.
func (m *Model) accountChanged() tea.Cmd {
	var typed []string
	for _, o := range m.orgs {
		if o.src == fromTyped {
			typed = append(typed, o.key)
		}
	}
	m.orgs, m.me, m.dialog, m.pending = nil, identity{}, nil, nil
	m.projNote, m.projReady = "", false
	m.rebuild()
	cmds := []tea.Cmd{m.Init()}
	for _, k := range typed {
		cmds = append(cmds, m.addOrg(orgRef{key: k}, fromTyped))
	}
	return tea.Batch(cmds...)
}
