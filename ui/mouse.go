package ui

import (
	tea "charm.land/bubbletea/v2"

	"rdash/ui/common"
)

// mouse routes a mouse event. With the mouse off (the default, so that
// the terminal selects text) it goes nowhere, and nowhere while the error
// panel is up. Over the ? overlay the wheel scrolls it. Else it goes to
// the focused screen, when it is over the screen's body, with Y counted
// from the body's top: a screen knows its own lines, not the header.
func (m *Model) mouse(msg tea.MouseMsg) tea.Cmd {
	if !m.common.Config.Mouse || m.panel != nil {
		return nil
	}
	if m.showHelp {
		if w, ok := msg.(tea.MouseWheelMsg); ok {
			m.scrollHelp(common.Wheel(w) * common.WheelLines)
		}
		return nil
	}
	_, h := m.bodySize()
	y := msg.Mouse().Y - m.bodyTop()
	if y < 0 || y >= h {
		return nil
	}
	return m.updateTop(inBody(msg, y))
}

// bodyTop is the screen line the body starts on: under the header, but
// where the terminal is too short for it (render).
func (m *Model) bodyTop() int {
	if m.height < chromeHeight+1 {
		return 0
	}
	return 1
}

// scrollHelp moves the ? overlay by n lines, when it is taller than the
// body.
func (m *Model) scrollHelp(n int) {
	_, h := m.bodySize()
	if lines := m.helpLines(); lines > h {
		m.helpTop = max(0, min(m.helpTop+n, lines-(h-1)))
	}
}

// inBody is msg with its Y set to y.
func inBody(msg tea.MouseMsg, y int) tea.Msg {
	switch msg := msg.(type) {
	case tea.MouseClickMsg:
		msg.Y = y
		return msg
	case tea.MouseReleaseMsg:
		msg.Y = y
		return msg
	case tea.MouseWheelMsg:
		msg.Y = y
		return msg
	case tea.MouseMotionMsg:
		msg.Y = y
		return msg
	}
	return msg
}
