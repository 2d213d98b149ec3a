package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"rdash/ui/common"
)

// Update routes msg. The routing rule:
//
//   - tea.WindowSizeMsg reaches every screen on the stack, first as SetSize
//     with the body's size, then as the message itself so a screen can
//     start work the new size needs (a changelog rendering); and it
//     reaches the header, status line and footer.
//   - Keys, mouse and paste reach only the focused (top) screen. Global keys
//     (q, esc, ?) are taken first unless that screen is Capturing() (a text
//     field or picker has focus, so q types a q); ctrl+c always quits. An
//     error panel takes the keys too, but over a capturing screen it keeps
//     only esc (dismiss): the user may be mid-word when it appears.
//   - Every other message (typed async results, ticks, ThemeMsg,
//     VersionsChangedMsg) reaches every screen on the stack, focused or
//     hidden; a screen keeps only its own message types and drops replies
//     whose request id it no longer awaits.
//   - Requests to the root itself (OpenMsg, BackMsg, ErrorMsg, StatusMsg,
//     EditStateMsg) are handled here; the status line sees every message.
//     SignedInMsg and SignedOutMsg are handled here (the header's user, r
//     to retry what failed) and then reach every screen.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	cmds := []tea.Cmd{m.status.Update(msg)}
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.resize(msg.Width, msg.Height)
		cmds = append(cmds, m.broadcast(msg))
	case tea.BackgroundColorMsg:
		if m.common.Config.Theme == "auto" {
			cmds = append(cmds, m.setTheme(msg.IsDark()))
		}
	case tea.KeyPressMsg:
		cmds = append(cmds, m.handleKey(msg))
	case tea.MouseMsg, tea.PasteMsg:
		cmds = append(cmds, m.updateTop(msg))
	case common.OpenMsg:
		m.retry = nil
		cmds = append(cmds, m.open(msg))
	case common.BackMsg:
		m.retry = nil
		m.pop()
	case common.SignedInMsg:
		cmds = append(cmds, m.signedIn(msg), m.broadcast(msg))
	case common.SignedOutMsg:
		m.user, m.retry = "", nil
		cmds = append(cmds, m.broadcast(msg))
	case common.ErrorMsg:
		cmds = append(cmds, m.report(msg))
	case common.EditStateMsg:
		cmds = append(cmds, m.editState(msg))
	case stateSavedMsg:
		cmds = append(cmds, m.stateSaved(msg))
	case userLoadedMsg:
		m.setUser(msg)
	default:
		cmds = append(cmds, m.broadcast(msg))
	}
	cmds = append(cmds, m.status.SetBusy(m.busy()))
	return m, tea.Batch(cmds...)
}

// handleKey applies the global keys, then gives the key to the top screen.
func (m *Model) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.common.Keys
	top := m.top()
	switch {
	case key.Matches(msg, k.ForceQuit):
		return m.quit()
	case m.panel != nil:
		return m.panelKey(msg, m.capturing())
	case top != nil && top.Capturing():
		return m.updateTop(msg)
	case m.showHelp:
		m.showHelp = false
		if key.Matches(msg, k.Quit) {
			return m.quit()
		}
		return nil
	case key.Matches(msg, k.Quit):
		return m.quit()
	case key.Matches(msg, k.Help):
		m.showHelp = true
		return nil
	case key.Matches(msg, k.Back) && len(m.stack) > 1:
		m.retry = nil
		m.pop()
		return nil
	case key.Matches(msg, k.Retry) && m.retry != nil:
		retry := m.retry
		m.retry = nil
		return retry
	}
	return m.updateTop(msg)
}

func (m *Model) quit() tea.Cmd {
	for _, s := range m.stack {
		s.Close()
	}
	m.cancel()
	return tea.Quit
}

func (m *Model) updateTop(msg tea.Msg) tea.Cmd {
	top := m.top()
	if top == nil {
		return nil
	}
	s, cmd := top.Update(msg)
	m.stack[len(m.stack)-1] = s
	return cmd
}

func (m *Model) broadcast(msg tea.Msg) tea.Cmd {
	cmds := make([]tea.Cmd, 0, len(m.stack))
	for i, s := range m.stack {
		var cmd tea.Cmd
		m.stack[i], cmd = s.Update(msg)
		cmds = append(cmds, cmd)
	}
	return tea.Batch(cmds...)
}

// busy is what the focused screen waits for, else any hidden one.
func (m *Model) busy() string {
	for i := len(m.stack) - 1; i >= 0; i-- {
		if b := m.stack[i].Busy(); b != "" {
			return b
		}
	}
	return ""
}

func (m *Model) setTheme(dark bool) tea.Cmd {
	t := common.Theme{Dark: dark, NoColor: m.common.Config.Env.NoColor}
	if t == m.common.Styles.Theme {
		return nil
	}
	s := common.NewStyles(t)
	m.common.Styles = s
	m.status.SetStyles(s)
	m.help.Styles = s.Help
	return m.broadcast(common.ThemeMsg{Styles: s})
}
