package stats

import (
	"context"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"rdash/api"
	"rdash/internal/stats"
	"rdash/ui/common"
	"rdash/ui/internal/uitest"
	"rdash/ui/listload"
	"rdash/ui/route"
)

// opened runs cmd and returns the screen it asks the root to open.
func opened(t *testing.T, cmd tea.Cmd) (common.OpenMsg, bool) {
	t.Helper()
	if cmd == nil {
		return common.OpenMsg{}, false
	}
	msg, ok := cmd().(common.OpenMsg)
	return msg, ok
}

// selectFirst puts the cursor on the first bar of by's chart.
func selectFirst(m *Model, by stats.By) {
	i := 0
	for _, s := range m.secs {
		if s.by == by {
			m.moveTo(i)
			return
		}
		i += len(s.groups)
	}
}

// A bar is a way into the list: enter on a game version or a channel
// opens the versions list filtered to it, under the rest of the list's
// filter; on a version, its detail. On a platform, a month or the rest
// summed it opens nothing, is not offered, and the line under the charts
// says why.
func TestEnterOpensTheListOfABar(t *testing.T) {
	t.Parallel()
	cl, _ := uitest.Sandbox(t, "alice")
	f := route.Filter{Channels: []string{"release"}, Search: "1."}
	_, m := open(t, uitest.Common(t), cl, route.StatsArgs{Project: common.ProjectRef{Slug: "lumen"}, Filter: f}, 80, 24)
	enter := func() tea.Cmd { _, cmd := m.Update(uitest.Key("enter")); return cmd }

	selectFirst(m, stats.GameVersion)
	game := m.secs[0].groups[0].Key
	msg, ok := opened(t, enter())
	a, _ := msg.Args.(route.VersionsArgs)
	if !ok || msg.Route != route.Versions.Key() || !slices.Equal(a.Filter.Game, []string{game}) ||
		!slices.Equal(a.Filter.Channels, f.Channels) || a.Filter.Search != f.Search {
		t.Fatalf("enter on game version %s opened %+v", game, msg)
	}

	selectFirst(m, stats.Channel)
	msg, ok = opened(t, enter())
	if a, _ := msg.Args.(route.VersionsArgs); !ok || !slices.Equal(a.Filter.Channels, []string{"release"}) || a.Filter.Game != nil {
		t.Fatalf("enter on the release channel opened %+v", msg)
	}

	selectFirst(m, stats.Version)
	id, _ := m.selectedBar()
	msg, ok = opened(t, enter())
	if a, _ := msg.Args.(route.DetailArgs); !ok || msg.Route != route.Detail.Key() || a.Version.ID != id.key || a.Version.Version == "" {
		t.Fatalf("enter on version %s opened %+v", id.key, msg)
	}

	for _, by := range []stats.By{stats.Platform, stats.Month} {
		selectFirst(m, by)
		if cmd := enter(); cmd != nil {
			t.Errorf("enter on a %s does something: %v", by, cmd())
		}
		if slices.ContainsFunc(m.ShortHelp(), func(b key.Binding) bool { return key.Matches(uitest.Key("enter"), b) }) {
			t.Errorf("the footer offers enter on a %s", by)
		}
		if !strings.Contains(strings.ReplaceAll(ansi.Strip(m.View()), "\n", " "), "enter: the service cannot filter by") {
			t.Errorf("the screen does not say why enter opens nothing on a %s:\n%s", by, m.View())
		}
	}
}

// Under a filter of game versions, a game version's bar counts the
// versions that also list one of them: the list enter opens cannot ask
// for both, and the screen says it lists more.
func TestEnterOnAGameVersionTheFilterLacksSaysItListsMore(t *testing.T) {
	t.Parallel()
	cl, _ := uitest.Sandbox(t, "alice")
	f := route.Filter{Game: []string{"1.21.1"}}
	_, m := open(t, uitest.Common(t), cl, route.StatsArgs{Project: common.ProjectRef{Slug: "lumen"}, Filter: f}, 120, 40)
	for i, g := range m.secs[0].groups {
		m.moveTo(i)
		more := strings.Contains(m.info(), "more than these")
		if more == (g.Key == "1.21.1") {
			t.Errorf("game version %s: %q", g.Key, m.info())
		}
	}
}

// Edits made elsewhere: a deletion or an edit of a loaded version is
// counted at once, with no request; a new version, or an edit under a
// filter, loads the list again, for the server to place it.
func TestVersionsChangedElsewhere(t *testing.T) {
	t.Parallel()
	sb, _ := uitest.Sandbox(t, "alice")
	cl := &uitest.Counting{Client: sb}
	d, m := open(t, uitest.Common(t), cl, project("lumen"), 80, 24)
	asked := len(cl.Lists())
	v := m.list[0]
	v.Downloads += 1_000_000
	total, gone := m.counts.Downloads, m.list[1]
	d.Send(common.VersionsChangedMsg{Project: "lumen", Updated: []api.Version{v}, Deleted: []string{gone.ID}})
	if n := len(cl.Lists()); n != asked || m.counts.Versions != 24 || m.counts.Downloads != total+1_000_000-gone.Downloads {
		t.Fatalf("after an edit and a deletion: %d requests (had %d), %d versions, %d downloads", n, asked, m.counts.Versions, m.counts.Downloads)
	}
	d.Send(common.VersionsChangedMsg{Project: "quartz-ui", Deleted: []string{m.list[0].ID}})
	if m.counts.Versions != 24 {
		t.Fatal("a change to another project changed the counts")
	}
	d.Send(common.VersionsChangedMsg{Project: "lumen", Updated: []api.Version{{ID: "newNew01", Version: "9.9.9"}}})
	if m.load == nil || m.showsCharts() {
		t.Fatal("a new version did not load the list again")
	}
	d.WaitFor("the list loaded again", m.showsCharts)
	if m.counts.Versions != 25 {
		t.Fatalf("%d versions after loading again; the server has 25", m.counts.Versions)
	}

	_, fm := open(t, uitest.Common(t), sb, route.StatsArgs{Project: common.ProjectRef{Slug: "lumen"},
		Filter: route.Filter{Channels: []string{"beta"}}}, 80, 24)
	fm.Update(common.VersionsChangedMsg{Project: "lumen", Updated: []api.Version{fm.list[0]}})
	if fm.load == nil {
		t.Fatal("an edit under a filter did not load the list again")
	}
}

// r loads the whole list again; a reply to the load it replaced is
// dropped.
func TestRefreshLoadsAgain(t *testing.T) {
	t.Parallel()
	sb, _ := uitest.Sandbox(t, "alice")
	cl := &uitest.Counting{Client: sb}
	d, m := open(t, uitest.Common(t), cl, project("lumen"), 80, 24)
	first := len(cl.Lists())
	old := m.load
	d.Press("r")
	if m.load == nil || m.load == old || m.showsCharts() || !strings.Contains(d.Screen(), "Loading every version of lumen") {
		t.Fatalf("r did not start loading again:\n%s", d.Screen())
	}
	d.WaitFor("the charts again", m.showsCharts)
	// Every page of the list asked for again. Not a count of requests:
	// how many the load sends past the last page depends on which answer
	// comes first.
	again := map[int]bool{}
	for _, o := range cl.Lists()[first:] {
		again[o.Page] = true
	}
	pages := listload.LastPage(m.counts.Versions)
	for p := 1; p <= pages; p++ {
		if !again[p] {
			t.Fatalf("page %d of %d not asked for again; asked %v", p, pages, again)
		}
	}
	if m.counts.Versions != 25 {
		t.Fatalf("%d versions after loading again; the server has 25", m.counts.Versions)
	}
}

// A page that fails stops the load: the screen says nothing is counted
// and r loads again, as the error's retry does.
func TestAFailedPageCountsNothing(t *testing.T) {
	t.Parallel()
	sb, _ := uitest.Sandbox(t, "alice")
	n := &atomic.Int32{}
	n.Store(1)
	m := New(uitest.Common(t), failing{Client: sb, n: n}, project("lumen"))
	d := uitest.NewDriver(t, uitest.Screen{S: m}, 80, 24)
	d.WaitFor("the error", func() bool {
		return slices.ContainsFunc(d.Seen, func(msg tea.Msg) bool { _, ok := msg.(common.ErrorMsg); return ok })
	})
	if !m.failed || !strings.HasPrefix(d.Screen(), "Nothing counted\n") ||
		!strings.Contains(d.Screen(), "could not all be loaded, so nothing is counted. r tries again") {
		t.Fatalf("after a failed page:\n%s", d.Screen())
	}
	d.Press("r")
	d.WaitFor("the charts", m.showsCharts)
}

// firstFails fails page 1 and holds the others until their context
// ends, counting those.
type firstFails struct{ stalled }

func (f firstFails) ListVersions(ctx context.Context, p string, o *api.ListVersionsOptions) ([]api.Version, *api.Response, error) {
	if o.Page == 1 {
		return nil, nil, &api.Error{StatusCode: 503}
	}
	return f.stalled.ListVersions(ctx, p, o)
}

// A failed page ends its load: the pages asked for beside it are
// cancelled, not left to come in for nothing.
func TestAFailedPageStopsTheOthers(t *testing.T) {
	t.Parallel()
	cancelled := &atomic.Int32{}
	m := New(uitest.Common(t), firstFails{stalled{cancelled: cancelled}}, project("lumen"))
	d := uitest.NewDriver(t, uitest.Screen{S: m}, 80, 24)
	d.WaitFor("the other pages cancelled", func() bool { return m.failed && cancelled.Load() == 3 })
}

// esc leaves while the list loads: the root closes the screen, and its
// requests end with it.
func TestClosingStopsTheLoad(t *testing.T) {
	t.Parallel()
	cancelled := &atomic.Int32{}
	m := New(uitest.Common(t), stalled{cancelled: cancelled}, project("lumen"))
	d := uitest.NewDriver(t, uitest.Screen{S: m}, 80, 24)
	if m.Busy() == "" || !strings.Contains(d.Screen(), "0 so far") {
		t.Fatalf("while loading: busy %q, screen:\n%s", m.Busy(), d.Screen())
	}
	m.Close()
	d.WaitFor("the requests to end", func() bool { return cancelled.Load() == 4 })
}

func TestEveryKeyIsInTheHelp(t *testing.T) {
	t.Parallel()
	sb, _ := uitest.Sandbox(t, "alice")
	at := func(keys ...string) func(t *testing.T) common.Screen {
		return func(t *testing.T) common.Screen {
			d, m := open(t, uitest.Common(t), sb, project("lumen"), 80, 24)
			d.Press(keys...)
			return m
		}
	}
	uitest.RequireKeysInHelp(t,
		uitest.KeyState{Name: "a game version", Build: at()},
		uitest.KeyState{Name: "a platform", Build: at("tab", "tab")},
		uitest.KeyState{Name: "a version", Build: at("tab", "tab", "tab")},
		uitest.KeyState{Name: "the rest of the versions", Build: at("tab", "tab", "tab", "tab", "k")},
		uitest.KeyState{Name: "loading", Build: func(t *testing.T) common.Screen {
			m := New(uitest.Common(t), stalled{cancelled: &atomic.Int32{}}, project("lumen"))
			uitest.NewDriver(t, uitest.Screen{S: m}, 80, 24)
			t.Cleanup(m.Close)
			return m
		}},
		uitest.KeyState{Name: "failed", Build: func(t *testing.T) common.Screen {
			n := &atomic.Int32{}
			n.Store(1 << 20)
			m := New(uitest.Common(t), failing{Client: sb, n: n}, project("lumen"))
			d := uitest.NewDriver(t, uitest.Screen{S: m}, 80, 24)
			d.WaitFor("the failure", func() bool { return m.failed })
			return m
		}},
	)
}
