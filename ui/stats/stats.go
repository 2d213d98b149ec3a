// Package stats is the stats screen: where a project's downloads are,
// as charts by game version, channel, platform, version and month of
// publication, over every version the versions list's filter lists.
// The counting is internal/stats', the one `rdash stats` does; the
// charts are ui/chart's. A bar is a way into the list: enter opens the
// versions of a game version or a channel, or a version's detail.
package stats

import (
	"context"
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/internal/stats"
	"rdash/ui/common"
	"rdash/ui/listload"
	"rdash/ui/route"
)

// Client is the part of the API client the stats screen uses: pages of
// versions. *api.Client satisfies it.
type Client interface {
	ListVersions(ctx context.Context, projectID string, opts *api.ListVersionsOptions) ([]api.Version, *api.Response, error)
}

// Model is the stats screen.
type Model struct {
	common  common.Common
	client  Client
	keys    keyMap
	ctx     context.Context
	cancel  context.CancelFunc
	project common.ProjectRef
	filter  route.Filter

	seq    int
	load   *listload.Load // the list loading; nil when none
	pages  pageSet        // what the load has brought so far
	failed bool           // the last load failed; r loads again
	loaded bool           // versions is the whole list
	list   []api.Version  // every version the filter lists, once loaded
	counts *stats.Counts
	secs   []section // the charts, from counts
	cursor int       // the selected bar, counted across the charts
	top    int       // the first line of the charts on screen
	drawn  drawing   // the charts drawn at the width
	head   []string  // the heading, drawn when what it says changes
	width  int
	height int
}

// Factory returns what builds the screen for route.Stats, talking to the
// service through cl.
func Factory(cl Client) func(common.Common, route.StatsArgs) (common.Screen, error) {
	return func(c common.Common, a route.StatsArgs) (common.Screen, error) {
		return New(c, cl, a), nil
	}
}

// New returns the stats of a.Project's versions under a.Filter, counted
// at once when a.Complete hands every one of them over.
func New(c common.Common, cl Client, a route.StatsArgs) *Model {
	ctx, cancel := context.WithCancel(c.Ctx)
	m := &Model{common: c, client: cl, keys: newKeyMap(c.Keys), ctx: ctx, cancel: cancel,
		project: a.Project, filter: a.Filter}
	if a.Complete {
		m.setList(a.Versions)
	}
	return m
}

// Init loads the list, unless it was handed over whole.
func (m *Model) Init() tea.Cmd {
	if m.loaded {
		return nil
	}
	return m.reload()
}

// Title implements common.Screen.
func (m *Model) Title() string { return "stats" }

// Capturing implements common.Screen: the screen has no text field.
func (m *Model) Capturing() bool { return false }

// Busy implements common.Screen.
func (m *Model) Busy() string {
	if m.load == nil {
		return ""
	}
	return fmt.Sprintf("loading every version of %s to count them (%s)", m.project.Key(), m.pages.progress())
}

// Close cancels the screen's requests.
func (m *Model) Close() { m.cancel() }

// SetSize implements common.Screen.
func (m *Model) SetSize(w, h int) {
	m.width, m.height = w, h
	m.redraw()
}

// keyMap is the stats screen's keys: the shared ones, and its own.
type keyMap struct {
	*common.KeyMap
	Refresh, NextChart, PrevChart key.Binding
}

func newKeyMap(shared *common.KeyMap) keyMap {
	return keyMap{
		KeyMap:    shared,
		Refresh:   common.Bind([]string{"r"}, "r", "refresh"),
		NextChart: common.Bind([]string{"tab"}, "tab", "next chart"),
		PrevChart: common.Bind([]string{"shift+tab"}, "shift+tab", "previous chart"),
	}
}
