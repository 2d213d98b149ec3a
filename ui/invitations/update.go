package invitations

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/huh/v2"

	"rdash/config"
	"rdash/internal/explain"
	"rdash/internal/safe"
	"rdash/ui/common"
)

// Update implements common.Screen.
func (m *Model) Update(msg tea.Msg) (common.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return m, m.key(msg)
	case tea.WindowSizeMsg:
		return m, nil // SetSize gave the body's size; this is the terminal's
	case tea.MouseWheelMsg, tea.MouseClickMsg:
		m.mouse(msg.(tea.MouseMsg))
	case common.MeMsg:
		return m, m.meLoaded(msg)
	case projectsLoadedMsg:
		return m, m.projectsLoaded(msg)
	case invitationsLoadedMsg:
		return m, m.invitationsLoaded(msg)
	case actionDoneMsg:
		return m, m.actionDone(msg)
	case reloadMsg:
		return m, m.load(m.find(msg.org))
	case common.SignedInMsg, common.SignedOutMsg:
		return m, m.accountChanged()
	case common.StateMsg:
		m.state = msg.State
	case common.ThemeMsg:
		m.common.Styles = msg.Styles
		m.input = common.StyleInput(m.input, msg.Styles)
		if m.dialog != nil {
			m.dialog.form.WithTheme(formTheme(msg.Styles))
		}
	default:
		// Pastes, cursor blinks and huh's own messages go to what has focus.
		switch {
		case m.dialog != nil:
			return m, m.updateDialog(msg)
		case m.input.Focused():
			var cmd tea.Cmd
			m.input, cmd = m.input.Update(msg)
			return m, cmd
		}
	}
	return m, nil
}

func (m *Model) key(msg tea.KeyPressMsg) tea.Cmd {
	k := m.common.Keys
	switch {
	case m.dialog != nil && key.Matches(msg, k.Cancel):
		m.dialog, m.pending = nil, nil
		return nil
	case m.dialog != nil:
		return m.dialogDone(m.dialog.key(msg))
	case m.input.Focused():
		return m.inputKey(msg)
	case m.acting != nil && key.Matches(msg, k.Back):
		return common.Status("wait: still " + m.acting.doing())
	}
	return m.listKey(msg)
}

// updateDialog gives msg to the form and acts once it is done.
func (m *Model) updateDialog(msg tea.Msg) tea.Cmd {
	f, cmd := m.dialog.form.Update(msg)
	m.dialog.form = f.(*huh.Form)
	return m.dialogDone(cmd)
}

// dialogDone closes the form once it is finished, and acts on it.
func (m *Model) dialogDone(cmd tea.Cmd) tea.Cmd {
	d := m.dialog
	switch d.form.State {
	case huh.StateCompleted:
		m.dialog = nil
		return tea.Batch(cmd, m.submit(d))
	case huh.StateAborted:
		m.dialog, m.pending = nil, nil
	}
	return cmd
}

func (m *Model) listKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.common.Keys
	if step, ok := k.ListStep(msg, len(m.rows), m.listHeight()); ok {
		m.move(step)
		return nil
	}
	switch {
	case key.Matches(msg, m.keys.Refresh):
		return m.refresh()
	case key.Matches(msg, m.keys.AddOrg):
		return m.input.Focus()
	case key.Matches(msg, m.keys.Accept, m.keys.Reject, m.keys.Cancel, m.keys.Invite):
		return m.act(msg)
	}
	return nil
}

// act starts the action msg asks for on the selected row, when it applies
// there; one change runs at a time.
func (m *Model) act(msg tea.KeyPressMsg) tea.Cmd {
	r, ok := m.selected()
	if !ok {
		return nil
	}
	if m.acting != nil {
		return common.Status("wait: still " + m.acting.doing())
	}
	o := r.org
	base := action{org: o.key, orgLabel: o.label()}
	switch {
	case r.inv != nil && key.Matches(msg, m.keys.Cancel):
		base.op, base.user, base.who = explain.OpCancel, r.inv.ID, r.inv.Username
		return m.confirm(base)
	case o.canManage() && key.Matches(msg, m.keys.Invite):
		return m.invite(o)
	case r.inv == nil && o.canAnswer() && key.Matches(msg, m.keys.Accept):
		base.op = explain.OpAccept
		return m.answer(base)
	case r.inv == nil && o.canAnswer() && key.Matches(msg, m.keys.Reject):
		base.op = explain.OpReject
		return m.answer(base)
	}
	return nil
}

// answer asks to accept or reject the user's own invitation, after asking
// who the user is when neither the server nor the config says.
func (m *Model) answer(a action) tea.Cmd {
	if m.me.path() == "" {
		if m.meSeq != 0 {
			return common.Status("still asking the server who you are; try again in a moment")
		}
		return m.askWho(a)
	}
	a.user, a.who = m.me.path(), m.me.name()
	return m.confirm(a)
}

// refresh lists every organization again, and the user's projects.
func (m *Model) refresh() tea.Cmd {
	m.seq++
	m.projSeq = m.seq
	cmds := []tea.Cmd{fetchProjects(m.ctx, m.client, m.projSeq)}
	for _, o := range m.orgs {
		cmds = append(cmds, m.load(o))
	}
	return tea.Batch(cmds...)
}

// inputKey handles keys while an organization is typed: enter adds it
// (or moves to it when listed), esc gives up.
func (m *Model) inputKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.common.Keys
	switch {
	case key.Matches(msg, k.Cancel):
		m.input.Blur()
		m.input.SetValue("")
		return nil
	case key.Matches(msg, k.Accept):
		typed := strings.TrimSpace(m.input.Value())
		if typed == "" {
			m.input.Blur()
			return nil
		}
		// A pasted invitation link names the organization too.
		typed, err := config.ParseOrg(typed)
		if err != nil {
			return common.Status(safe.Line(err.Error())) // the field keeps the text to fix
		}
		m.input.Blur()
		m.input.SetValue("")
		cmd := m.addOrg(orgRef{key: typed}, fromTyped)
		m.cursor = m.indexOf(row{org: m.find(typed)})
		m.clampScroll()
		if cmd == nil {
			return m.load(m.find(typed))
		}
		return cmd
	}
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(msg)
	return cmd
}
