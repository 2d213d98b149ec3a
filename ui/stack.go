package ui

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"rdash/ui/account"
	"rdash/ui/bulkedit"
	"rdash/ui/common"
	"rdash/ui/detail"
	"rdash/ui/download"
	"rdash/ui/invitations"
	"rdash/ui/picker"
	"rdash/ui/publish"
	"rdash/ui/route"
	"rdash/ui/signin"
	"rdash/ui/stats"
	"rdash/ui/versions"
)

// Client is every screen's client interface in one, so that the command
// starting the dashboard passes one value (*api.Client satisfies it) and
// each screen is handed only the part it declared.
type Client interface {
	picker.Client
	versions.Client
	detail.Client
	invitations.Client
	common.UserGetter // the root's: who is signed in
	bulkedit.Client
	publish.Client
	download.Client
	stats.Client
}

// register puts the screens built into the dashboard in reg: one line
// per screen. Screens open each other with common.Open(route.X, args) and
// never import each other; see docs/architecture.md.
// withLocalFiles adds the screens that read or write files on the
// machine running rdash (Options.NoLocalFiles).
func register(reg *common.Registry, c Client, withSession, withLocalFiles bool) {
	common.Register(reg, route.Picker, picker.Factory(c))
	common.Register(reg, route.Versions, versions.Factory(c))
	common.Register(reg, route.Detail, detail.Factory(c))
	common.Register(reg, route.Invitations, invitations.Factory(c))
	common.Register(reg, route.BulkEdit, bulkedit.Factory(c))
	common.Register(reg, route.Delete, bulkedit.DeleteFactory(c))
	common.Register(reg, route.Undo, bulkedit.UndoFactory(c))
	common.Register(reg, route.Stats, stats.Factory(c))
	if withLocalFiles { // over rdash serve the files would be the server's
		common.Register(reg, route.NewVersion, publish.Factory(c))
		common.Register(reg, route.EditVersion, publish.EditFactory(c))
		common.Register(reg, route.Download, download.Factory(c))
	}
	if withSession { // nothing to sign in or out with otherwise
		common.Register(reg, route.SignIn, signin.Factory)
		common.Register(reg, route.Account, account.Factory)
	}
}

// routeNames say what a route opens, for "not available" notes.
var routeNames = map[common.RouteKey]string{
	route.BulkEdit.Key():    "bulk edit",
	route.Delete.Key():      "deleting versions",
	route.Invitations.Key(): "invitations",
	route.SignIn.Key():      "signing in",
	route.Account.Key():     "the account screen",
	route.NewVersion.Key():  "publishing a version",
	route.EditVersion.Key(): "editing a version",
	route.Download.Key():    "downloading",
	route.Stats.Key():       "the stats screen",
}

// localFileRoutes are the screens Options.NoLocalFiles leaves out.
var localFileRoutes = map[common.RouteKey]bool{
	route.NewVersion.Key(): true, route.EditVersion.Key(): true, route.Download.Key(): true,
}

// open builds the screen registered for msg.Route, sizes it and pushes it.
func (m *Model) open(msg common.OpenMsg) tea.Cmd {
	if !m.routes.Has(msg.Route) {
		name := routeNames[msg.Route]
		if name == "" {
			name = string(msg.Route)
		}
		where := "in this build"
		if m.opts.NoLocalFiles && localFileRoutes[msg.Route] {
			where = "here: it would use the server's files, not yours"
		}
		return m.status.Error(m.topID(), name+" is not available "+where)
	}
	c := m.common
	c.State = cloneState(m.state)
	s, err := m.routes.Build(c, msg)
	if err != nil {
		m.common.Logger.Error("open screen", "route", msg.Route, "err", err)
		return m.status.Error(m.topID(), fmt.Sprintf("cannot open %s: %v", msg.Route, err))
	}
	m.showHelp = false
	s.SetSize(m.bodySize())
	m.lastID++
	m.stack = append(m.stack, frame{id: m.lastID, s: s})
	m.status.Focus(m.lastID)
	return own(m.lastID, s.Init())
}

// pop closes the focused screen (cancelling its requests); the home
// screen stays.
func (m *Model) pop() {
	if len(m.stack) <= 1 {
		return
	}
	m.top().Close()
	m.status.Forget(m.topID())
	m.stack = m.stack[:len(m.stack)-1]
	m.status.Focus(m.topID())
}

// resize gives every screen the body's new size.
func (m *Model) resize(w, h int) {
	m.width, m.height = w, h
	m.status.SetWidth(w)
	m.help.SetWidth(w)
	bw, bh := m.bodySize()
	for _, f := range m.stack {
		f.s.SetSize(bw, bh)
	}
}

// chromeHeight is the header, the status line and the help footer.
const chromeHeight = 3

func (m *Model) bodySize() (int, int) {
	return m.width, max(m.height-chromeHeight, 1)
}
