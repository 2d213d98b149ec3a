package ui

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"rdash/ui/account"
	"rdash/ui/bulkedit"
	"rdash/ui/common"
	"rdash/ui/detail"
	"rdash/ui/invitations"
	"rdash/ui/picker"
	"rdash/ui/signin"
	"rdash/ui/versions"
)

// defaultRoutes are the screens built into the dashboard. A new screen
// plugs in by adding its route here, or through Options.Routes; screens
// open it with common.Open(route, args) and never import it.
func defaultRoutes() map[common.Route]common.Factory {
	return map[common.Route]common.Factory{
		common.RoutePicker:      picker.Factory,
		common.RouteVersions:    versions.Factory,
		common.RouteDetail:      detail.Factory,
		common.RouteInvitations: invitations.Factory,
		common.RouteBulkEdit:    bulkedit.Factory,
		common.RouteDelete:      bulkedit.DeleteFactory,
		common.RouteUndo:        bulkedit.UndoFactory,
		common.RouteSignIn:      signin.Factory,
		common.RouteAccount:     account.Factory,
	}
}

// routeNames say what a route opens, for "not available" notes.
var routeNames = map[common.Route]string{
	common.RouteBulkEdit:    "bulk edit",
	common.RouteDelete:      "deleting versions",
	common.RouteInvitations: "invitations",
	common.RouteSignIn:      "signing in",
	common.RouteAccount:     "the account screen",
}

// open builds the screen registered for msg.Route, sizes it and pushes it.
func (m *Model) open(msg common.OpenMsg) tea.Cmd {
	f, ok := m.routes[msg.Route]
	if !ok {
		name := routeNames[msg.Route]
		if name == "" {
			name = string(msg.Route)
		}
		return m.status.Error(name + " is not available in this build")
	}
	c := m.common
	c.State = cloneState(m.state)
	s, err := f(c, msg.Args)
	if err != nil {
		m.common.Logger.Error("open screen", "route", msg.Route, "err", err)
		return m.status.Error(fmt.Sprintf("cannot open %s: %v", msg.Route, err))
	}
	m.showHelp = false
	s.SetSize(m.bodySize())
	m.stack = append(m.stack, s)
	return s.Init()
}

// pop closes the focused screen (cancelling its requests); the home
// screen stays.
func (m *Model) pop() {
	if len(m.stack) <= 1 {
		return
	}
	top := m.top()
	top.Close()
	m.stack = m.stack[:len(m.stack)-1]
}

// resize gives every screen the body's new size.
func (m *Model) resize(w, h int) {
	m.width, m.height = w, h
	m.status.SetWidth(w)
	m.help.SetWidth(w)
	bw, bh := m.bodySize()
	for _, s := range m.stack {
		s.SetSize(bw, bh)
	}
}

// chromeHeight is the header, the status line and the help footer.
const chromeHeight = 3

func (m *Model) bodySize() (int, int) {
	return m.width, max(m.height-chromeHeight, 1)
}
