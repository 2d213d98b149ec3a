// Package detail is the version detail screen: the changelog rendered with
// glamour at the pane's width, scrollable, below a pane of the version's
// metadata, files and dependencies (on narrow terminals, above them in
// one pane).
package detail

import (
	"context"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/internal/safe"
	"rdash/ui/common"
	"rdash/ui/markdown"
	"rdash/ui/route"
)

// sideWidth is the width from which the info has a pane of its own,
// above the changelog, its lines flowed into columns infoWidth wide.
// The panes are stacked, not side by side, so each spans whole lines:
// scrolling one moves only its own lines, which the renderer does with
// a scroll region and one new line, where beside the info every line of
// the screen changed and was written again.
const (
	sideWidth = 100
	infoWidth = 40
)

// pane is which pane scrolls.
type pane int

const (
	paneChangelog pane = iota
	paneInfo
)

// Model is the version detail screen.
type Model struct {
	common  common.Common
	client  Client
	keys    keyMap
	ctx     context.Context
	cancel  context.CancelFunc
	project common.ProjectRef

	version     api.Version // from the list, then from GET (with files)
	full        bool        // files and dependencies are loaded
	loading     bool
	refreshing  bool              // r asked again: the answer says so
	names       map[string]string // the dependencies' names (depNamesMsg)
	namesSeq    int
	naming      bool // the names are being looked up
	seq         int
	downloadSeq int

	source    string       // the changelog through safe.Text
	want      markdown.Key // the rendering the current size needs
	rendering bool
	rendered  string // the last rendering, kept on screen until the next

	changelog viewport.Model
	info      viewport.Model
	focus     pane
	// wholeLinks shows every link whole, wrapped where it must, rather
	// than shortened to a line (w).
	wholeLinks bool
	shortened  bool // the last layout shortened a link to fit a line
	openSeq    int  // the download URL awaited to open (o), not to copy

	width, height int
}

// Factory returns what builds the screen for route.Detail, talking to the
// service through cl.
func Factory(cl Client) func(common.Common, route.DetailArgs) (common.Screen, error) {
	return func(c common.Common, a route.DetailArgs) (common.Screen, error) {
		return New(c, cl, a), nil
	}
}

// New returns the detail of a.Version; the changelog from the list shows
// at once, files and dependencies once GET answers.
func New(c common.Common, cl Client, a route.DetailArgs) *Model {
	ctx, cancel := context.WithCancel(c.Ctx)
	m := &Model{
		common: c, client: cl, keys: newKeyMap(c.Keys), ctx: ctx, cancel: cancel, project: a.Project, version: a.Version,
		source:    safe.Text(a.Version.Changelog),
		changelog: viewport.New(), info: viewport.New(),
	}
	return m
}

// Init fetches the whole version and renders the changelog.
func (m *Model) Init() tea.Cmd {
	return tea.Batch(m.fetch(), m.render())
}

// Title implements common.Screen: the version string.
func (m *Model) Title() string { return safe.Line(m.version.Version) }

// Capturing implements common.Screen; the detail has no text field.
func (m *Model) Capturing() bool { return false }

// Busy implements common.Screen.
func (m *Model) Busy() string {
	switch {
	case m.loading:
		return "loading " + m.Title()
	case m.rendering:
		return "rendering the changelog"
	case m.naming:
		return "looking up the names of the dependencies"
	}
	return ""
}

// Close cancels the screen's requests.
func (m *Model) Close() { m.cancel() }

// ShortHelp implements common.Screen: scrolling, then the actions, most
// used first.
func (m *Model) ShortHelp() []key.Binding {
	k := m.keys
	return []key.Binding{scrollHint, m.switchHelp(), m.opens(k.Download, route.Download), m.opens(k.Edit, route.EditVersion),
		k.CopyID, k.CopyURL, k.Browse, m.linksHelp(), m.wholeHelp(), k.Refresh}
}

// FullHelp implements common.Screen.
func (m *Model) FullHelp() [][]key.Binding {
	k := m.keys
	return [][]key.Binding{
		{k.Up, k.Down, k.PageUp, k.PageDown, k.HalfUp, k.HalfDown, k.Top, k.Bottom, m.switchHelp()},
		{m.opens(k.Download, route.Download), m.opens(k.Edit, route.EditVersion), k.CopyID, k.CopyURL, k.Browse,
			m.linksHelp(), m.wholeHelp(), k.Refresh},
	}
}

// opens is b, disabled when the screen it opens is not registered.
func (m *Model) opens(b key.Binding, r interface{ Key() common.RouteKey }) key.Binding {
	b.SetEnabled(m.common.Has(r))
	return b
}

// switchHelp is tab, said the way it works now; disabled where it would
// do nothing (the info pane holds all its lines, or on narrow terminals
// the files are already in view at the top).
func (m *Model) switchHelp() key.Binding {
	b := m.keys.SwitchPane
	switch to := m.switchTarget(); to {
	case switchNone:
		b.SetEnabled(false)
	case switchToFiles:
		b.SetHelp("tab", "go to files")
	case switchToTop:
		b.SetHelp("tab", "back to the changelog")
	}
	return b
}

// linksHelp is L, disabled when the info shows no link.
func (m *Model) linksHelp() key.Binding {
	b := m.keys.CopyLinks
	switch n := len(m.links()); n {
	case 0:
		b.SetEnabled(false)
	case 1:
		b.SetHelp("L", "copy link")
	}
	return b
}

// wholeHelp is w, said the way it works now; disabled when every link
// the info shows is whole already.
func (m *Model) wholeHelp() key.Binding {
	b := m.keys.WholeLinks
	switch {
	case m.wholeLinks:
		b.SetHelp("w", "links on one line")
	case !m.shortened:
		b.SetEnabled(false)
	}
	return b
}

// twoPanes reports whether the info has a pane of its own.
func (m *Model) twoPanes() bool { return m.width >= sideWidth }

// changelogWidth is the changelog pane's width, capped for reading.
func (m *Model) changelogWidth() int {
	return max(min(m.width, markdown.MaxWidth), 10)
}
