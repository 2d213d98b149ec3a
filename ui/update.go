package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"rdash/ui/common"
)

// Update routes msg. The routing rule:
//
//   - A reply reaches only the screen whose command produced it, focused
//     or hidden: the root wraps every command a screen returns so that its
//     message comes back in an envelope with the screen's id (own). A
//     reply to a screen that has left the stack is dropped, and so are
//     its errors, opens and backs; the screen was cancelled with it.
//   - Only what is global is broadcast to every screen: tea.WindowSizeMsg
//     (after SetSize with the body's size, so a screen can start work the
//     new size needs), ThemeMsg, StateMsg, VersionsChangedMsg, SignedInMsg,
//     SignedOutMsg and MembershipsChangedMsg.
//   - Keys, mouse, paste and any other terminal event reach only the
//     focused (top) screen; the mouse only when it is on, over the body,
//     with Y from the body's top (mouse.go). Global keys (q, esc, ?) are taken first unless
//     that screen is Capturing() (a text field has focus, so q types a q);
//     ctrl+c always quits. A screen that holds input not yet sent
//     (common.Guard) gets ctrl+c, q and esc instead, and asks first. An
//     error panel takes the keys too, but over a capturing screen it
//     keeps only esc: the user may be mid-word.
//   - Requests to the root (OpenMsg, BackMsg, ErrorMsg, StatusMsg,
//     EditStateMsg, SignedInMsg, SignedOutMsg, VersionsChangedMsg,
//     MembershipsChangedMsg) are
//     handled here, whichever screen sent them; so is WhoAmI, whose
//     answer (MeMsg) goes to the asking screen alone. bubbletea's own
//     messages (tea.Quit, the clipboard, colour queries) pass to the
//     program unwrapped. The status line sees every message the root
//     handles. A note (StatusMsg, a recoverable ErrorMsg) belongs to the
//     screen that sent it: it shows only while that screen is on top.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	from := m.topID() // a request from no screen is about the one in view
	if e, ok := msg.(envelope); ok {
		var cmd tea.Cmd
		if msg, cmd = m.deliver(e); msg == nil {
			return m, tea.Batch(cmd, m.status.SetBusy(m.busy()))
		}
		from = e.from
	}
	cmds := []tea.Cmd{m.status.Update(msg)}
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.resize(msg.Width, msg.Height)
		cmds = append(cmds, m.broadcast(msg))
	case tea.BackgroundColorMsg:
		if m.common.Config.Theme == "auto" {
			t := m.common.Styles.Theme
			t.Dark = msg.IsDark()
			cmds = append(cmds, m.setTheme(t))
		}
	case tea.ColorProfileMsg:
		t := m.common.Styles.Theme
		t.ANSI16 = msg.Profile == colorprofile.ANSI
		t.NoColor = t.NoColor || msg.Profile <= colorprofile.ASCII
		cmds = append(cmds, m.setTheme(t))
	case tea.KeyPressMsg:
		cmds = append(cmds, m.handleKey(msg))
	case tea.MouseMsg:
		cmds = append(cmds, m.mouse(msg))
	case tea.PasteMsg:
		if m.cmd != nil {
			m.cmd.input, _ = m.cmd.input.Update(msg)
			break
		}
		cmds = append(cmds, m.updateTop(msg))
	case common.OpenMsg:
		m.retry = nil
		cmds = append(cmds, m.open(msg))
	case common.BackMsg:
		m.retry = nil
		m.pop()
	case common.SignedInMsg:
		m.signedOut = false
		cmds = append(cmds, m.signedIn(msg), m.broadcast(msg), m.askWhoAmI(0))
	case common.SignedOutMsg:
		m.user, m.retry, m.signedOut = "", nil, true
		cmds = append(cmds, m.broadcast(msg), m.askWhoAmI(0))
	case common.VersionsChangedMsg, common.MembershipsChangedMsg:
		cmds = append(cmds, m.broadcast(msg))
	case common.ErrorMsg:
		cmds = append(cmds, m.report(msg, from))
	case common.EditStateMsg:
		cmds = append(cmds, m.editState(msg))
	case stateSavedMsg:
		cmds = append(cmds, m.stateSaved(msg))
	case meAnswer:
		m.heard(msg)
	case commandPanicMsg:
		m.failed = msg.err
		return m, tea.Quit
	case common.StatusMsg:
		cmds = append(cmds, m.status.Info(from, msg.Text))
	default: // a screen's own ticks and replies come in envelopes
		if !m.status.Owns(msg) {
			cmds = append(cmds, m.updateTop(msg))
		}
	}
	cmds = append(cmds, m.status.SetBusy(m.busy()))
	return m, tea.Batch(cmds...)
}

// handleKey applies the global keys, then gives the key to the top screen.
func (m *Model) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.common.Keys
	top := m.top()
	switch {
	case key.Matches(msg, k.ForceQuit) && guards(top, msg):
		return m.updateTop(msg) // the screen asks before its input is lost
	case key.Matches(msg, k.ForceQuit):
		return m.quit()
	case m.panel != nil:
		return m.panelKey(msg, m.capturing())
	case m.showHelp:
		return m.helpKey(msg)
	case m.cmd != nil:
		return m.commandKey(msg)
	case top != nil && top.Capturing() && common.OpensHelp(k, top, msg):
		m.showHelp = true // a field's help key: ? where it would not be text, f1
		return nil
	case top != nil && top.Capturing():
		return m.updateTop(msg)
	case key.Matches(msg, k.Quit, k.Back) && guards(top, msg):
		return m.updateTop(msg)
	case key.Matches(msg, k.Quit):
		return m.quit()
	case key.Matches(msg, k.Help):
		m.showHelp = true
		return nil
	case key.Matches(msg, k.Command):
		return m.openCommand()
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

// helpKey handles a key while the ? overlay is up. Taller than the
// body, the overlay scrolls with the list keys; any other key closes it,
// and q quits as well, unless a field under the overlay has the keys
// (there q would have been typed) or the screen asks first.
func (m *Model) helpKey(msg tea.KeyPressMsg) tea.Cmd {
	k, top := m.common.Keys, m.top()
	if _, h := m.bodySize(); m.helpLines() > h {
		if step, ok := k.ListStep(msg, m.helpLines(), h-1); ok {
			m.scrollHelp(step)
			return nil
		}
	}
	m.showHelp, m.helpTop = false, 0
	if key.Matches(msg, k.Quit) && !guards(top, msg) && !m.capturing() {
		return m.quit()
	}
	return nil
}

// guards reports that s holds input not yet sent and asks before msg
// drops it (common.Guard).
func guards(s common.Screen, msg tea.KeyPressMsg) bool {
	g, ok := s.(common.Guard)
	return ok && g.Guards(msg)
}

func (m *Model) quit() tea.Cmd {
	for _, f := range m.stack {
		f.s.Close()
	}
	m.cancel()
	return tea.Quit
}

func (m *Model) updateTop(msg tea.Msg) tea.Cmd {
	if len(m.stack) == 0 {
		return nil
	}
	return m.updateAt(len(m.stack)-1, msg)
}

// broadcast gives a global message to every screen on the stack.
func (m *Model) broadcast(msg tea.Msg) tea.Cmd {
	cmds := make([]tea.Cmd, 0, len(m.stack))
	for i := range m.stack {
		cmds = append(cmds, m.updateAt(i, msg))
	}
	return tea.Batch(cmds...)
}

// busy is what the focused screen waits for, else any hidden one.
func (m *Model) busy() string {
	for i := len(m.stack) - 1; i >= 0; i-- {
		if b := m.stack[i].s.Busy(); b != "" {
			return b
		}
	}
	return ""
}

func (m *Model) setTheme(t common.Theme) tea.Cmd {
	if t == m.common.Styles.Theme {
		return nil
	}
	s := common.NewStyles(t)
	m.common.Styles = s
	m.status.SetStyles(s)
	m.help.Styles = s.Help
	return m.broadcast(common.ThemeMsg{Styles: s})
}
