package ui

import (
	"slices"

	tea "charm.land/bubbletea/v2"

	"rdash/config"
	"rdash/ui/common"
)

// stateSavedMsg reports whether a change to the State was saved.
type stateSavedMsg struct {
	what string
	err  error
}

// editState applies a screen's change to the State, saves a copy in a
// command and gives every screen the new State.
func (m *Model) editState(msg common.EditStateMsg) tea.Cmd {
	msg.Edit(&m.state)
	cmds := []tea.Cmd{m.broadcast(common.StateMsg{State: cloneState(m.state)})}
	if save := m.opts.SaveState; save != nil {
		s, what := cloneState(m.state), msg.What
		cmds = append(cmds, func() tea.Msg { return stateSavedMsg{what: what, err: save(s)} })
	}
	return tea.Batch(cmds...)
}

func (m *Model) stateSaved(msg stateSavedMsg) tea.Cmd {
	if msg.err == nil {
		return nil
	}
	m.common.Logger.Error("save state", "what", msg.what, "err", msg.err)
	return m.status.Error(m.topID(), "could not save "+msg.what+": "+msg.err.Error())
}

// cloneState copies s so a command saving it never shares slices with the
// State that Update goes on changing.
func cloneState(s config.State) config.State {
	s.Recent, s.Pinned, s.Orgs = slices.Clone(s.Recent), slices.Clone(s.Pinned), slices.Clone(s.Orgs)
	return s
}
