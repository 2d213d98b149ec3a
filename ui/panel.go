package ui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"rdash/ui/common"
	"rdash/ui/route"
)

// panel is a blocking problem (signed out, server unreachable) shown in
// place of the screen, with the action that fixes it.
type panel struct {
	problem common.Problem
	context string
	retry   tea.Cmd
}

// report shows an error of screen from: blocking ones get the panel, the
// others fade from the status line, shown while that screen is on top.
// Cancelled requests (a screen was left) say nothing.
func (m *Model) report(msg common.ErrorMsg, from int) tea.Cmd {
	p := common.Describe(msg.Err)
	if p.Sentence == "" {
		return nil
	}
	m.common.Logger.Warn("request failed", "doing", msg.Context, "err", msg.Err)
	if p.Kind == common.KindSignIn && m.signedOut {
		// Not a sign-in the server refused: the user signed out here.
		p.Sentence, p.Fix = "You are signed out.", "sign in to go on"
	}
	if p.Blocking {
		m.retry = nil
		m.panel = &panel{problem: p, context: msg.Context, retry: msg.Retry}
		return nil
	}
	text := p.Text()
	if msg.Context != "" {
		text = msg.Context + ": " + text
	}
	return m.status.Error(from, text)
}

// panelKey handles keys while the panel is up: retry, sign in (when that
// screen is registered), dismiss, quit. While the screen under it is
// capturing, the panel keeps only esc and the other keys go on to the
// field, so a q typed as the panel appears neither quits nor retries.
func (m *Model) panelKey(msg tea.KeyPressMsg, capturing bool) tea.Cmd {
	k := m.common.Keys
	p := m.panel
	switch {
	case capturing && key.Matches(msg, k.Back):
		m.panel = nil
		return nil
	case capturing:
		return m.updateTop(msg)
	case key.Matches(msg, k.Retry) && p.retry != nil:
		m.panel = nil
		return p.retry
	case key.Matches(msg, k.SignIn) && p.problem.SignIn && m.hasRoute(route.SignIn.Key()):
		m.panel = nil
		return common.Open(route.SignIn, route.SignInArgs{Context: p.context, Retry: p.retry})
	case key.Matches(msg, k.Back):
		m.panel = nil
	case key.Matches(msg, k.Quit):
		return m.quit()
	}
	return nil
}

// capturing reports that the top screen's field has the keys.
func (m *Model) capturing() bool {
	top := m.top()
	return top != nil && top.Capturing()
}

func (m *Model) panelHelp() []key.Binding {
	k := m.common.Keys
	dismiss := key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "dismiss"))
	if m.capturing() {
		return []key.Binding{dismiss}
	}
	var b []key.Binding
	if m.panel.retry != nil {
		b = append(b, k.Retry)
	}
	if m.panel.problem.SignIn && m.hasRoute(route.SignIn.Key()) {
		b = append(b, k.SignIn)
	}
	return append(b, dismiss, k.Quit)
}

func (m *Model) panelTitle() string {
	switch m.panel.problem.Kind {
	case common.KindSignIn:
		return "Signed out"
	case common.KindUnreachable:
		return "Server unreachable"
	}
	return "Problem"
}

// panelView renders the panel centred in the body.
func (m *Model) panelView(w, h int) string {
	s := m.common.Styles
	p := m.panel.problem
	inner := max(min(64, w-4), 10)
	lines := []string{s.PanelTitle.Render(m.panelTitle()), ""}
	if m.panel.context != "" {
		lines = append(lines, s.Muted.Render("While "+m.panel.context+":"))
	}
	lines = append(lines, p.Sentence)
	fix := p.Fix
	if p.SignIn && m.hasRoute(route.SignIn.Key()) && !m.capturing() {
		fix = "press enter to sign in again" // not a command line to go and run
	}
	if fix != "" {
		lines = append(lines, "", s.Bold.Render(strings.ToUpper(fix[:1])+fix[1:]))
	}
	body := lipgloss.NewStyle().Width(inner).Render(strings.Join(lines, "\n"))
	box := s.Panel.Render(body)
	return lipgloss.Place(w, h, lipgloss.Center, lipgloss.Center, box)
}
