package versions

import (
	"context"
	"slices"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"

	"rdash/api"
	"rdash/ui/common"
	"rdash/ui/internal/uitest"
	"rdash/ui/route"
)

// stalled answers no list request that stall picks until its context
// ends: a page, or a sort's load, that stays on its way as long as the
// test needs.
type stalled struct {
	Client
	stall func(*api.ListVersionsOptions) bool
}

func (s stalled) ListVersions(ctx context.Context, p string, o *api.ListVersionsOptions) ([]api.Version, *api.Response, error) {
	if s.stall(o) {
		<-ctx.Done()
		return nil, nil, ctx.Err()
	}
	return s.Client.ListVersions(ctx, p, o)
}

// failing fails every list request with a 503.
type failing struct{ Client }

func (failing) ListVersions(context.Context, string, *api.ListVersionsOptions) ([]api.Version, *api.Response, error) {
	return nil, nil, &api.Error{StatusCode: 503}
}

// state is how to bring the versions screen into one state: open
// project on client at w×h, wait until ready holds (nil: not at all),
// press keys, then wait until settled holds.
type state struct {
	client         Client
	project        string
	w, h           int
	ready, settled func(*Model) bool
	keys           []string
	routes         func(common.RouteKey) bool // nil: every screen registered
}

// open brings a new screen into the state, returning its driver too.
func (s state) open(t *testing.T) (*uitest.Driver, *Model) {
	t.Helper()
	c := uitest.Common(t)
	if s.routes != nil {
		c.Routes = s.routes
	}
	m := New(c, s.client, route.VersionsArgs{Project: common.ProjectRef{Slug: s.project}})
	d := uitest.NewDriver(t, uitest.Screen{S: m}, s.w, s.h)
	for i, cond := range []func(*Model) bool{s.ready, s.settled} {
		if i == 1 {
			d.Press(s.keys...)
		}
		if cond != nil {
			d.WaitFor("the screen's state", func() bool { return cond(m) })
		}
	}
	return d, m
}

// build is open for uitest.KeyState: a new screen each time.
func (s state) build(t *testing.T) common.Screen {
	_, m := s.open(t)
	return m
}

func loaded(m *Model) bool { return m.page > 0 && m.loading == 0 && m.all == nil }

// Every key that works on the versions screen is in its help, and every
// hint of its footer works, in each state that takes keys differently.
func TestEveryKeyIsInTheHelp(t *testing.T) {
	t.Parallel()
	sandbox, _ := uitest.Sandbox(t, "alice")
	firstPage := stalled{Client: sandbox, stall: func(o *api.ListVersionsOptions) bool { return o.Page == 1 }}
	sortPages := stalled{Client: sandbox, stall: func(o *api.ListVersionsOptions) bool { return o.PageSize == sortPageSize }}
	at := func(keys ...string) func(t *testing.T) common.Screen {
		return state{client: sandbox, project: "lumen", w: 80, h: 24, ready: loaded, settled: loaded, keys: keys}.build
	}
	failed := func(m *Model) bool { return m.failed }
	// Over rdash serve no screen reads or writes local files.
	noLocalFiles := func(r common.RouteKey) bool { return r != route.NewVersion.Key() && r != route.Download.Key() }
	uitest.RequireKeysInHelp(t,
		uitest.KeyState{Name: "table", Build: at("j")},
		uitest.KeyState{Name: "table, no local files", Build: state{client: sandbox, project: "lumen", w: 80, h: 24,
			ready: loaded, routes: noLocalFiles}.build},
		uitest.KeyState{Name: "table with marks", Build: at("space", "space")},
		uitest.KeyState{Name: "table sorted", Build: at("s")},
		uitest.KeyState{Name: "table filtered", Build: at("/", "2", ".", "enter")},
		uitest.KeyState{Name: "empty result", Build: at("/", "n", "o", "n", "e", "enter")},
		uitest.KeyState{Name: "empty result, marks hidden", Build: at("space", "/", "n", "o", "n", "e", "enter")},
		uitest.KeyState{Name: "loading the first page", Build: state{client: firstPage, project: "lumen", w: 80, h: 24}.build},
		uitest.KeyState{Name: "search", Build: at("/"), Typing: true},
		uitest.KeyState{Name: "channels", Build: at("c")},
		uitest.KeyState{Name: "channels, none seen", Build: state{client: firstPage, project: "lumen", w: 80, h: 24, keys: []string{"c"}}.build},
		uitest.KeyState{Name: "channels, typing one", Build: at("c", "o"), Typing: true},
		uitest.KeyState{Name: "game versions", Build: at("v"), Typing: true},
		uitest.KeyState{Name: "game versions, one typed", Build: at("v", "1", ".", "2"), Typing: true},
		// esc is the screen's while a sort loads (Guards): it cancels.
		uitest.KeyState{Name: "sort loading the rest", Home: true, Build: state{client: sortPages, project: "emberforge-core",
			w: 80, h: 24, ready: loaded, keys: []string{"s"}}.build},
		uitest.KeyState{Name: "first page failed", Build: state{client: failing{sandbox}, project: "lumen", w: 80, h: 24, ready: failed}.build},
	)
}

// A first page that failed leaves no row: the screen says they could not
// be loaded and how to try again, never that the project has none.
func TestAFailedFirstPageIsNotAnEmptyProject(t *testing.T) {
	t.Parallel()
	sandbox, _ := uitest.Sandbox(t, "alice")
	d, m := state{client: failing{sandbox}, project: "lumen", w: 80, h: 24, ready: func(m *Model) bool { return m.failed }}.open(t)
	if s := d.Screen(); strings.Contains(s, "no versions") || !strings.Contains(s, "could not be loaded. r tries again") {
		t.Fatalf("after a failed first page:\n%s", s)
	}
	if n := m.ShortHelp(); len(n) == 0 || !key.Matches(uitest.Key("r"), n[0]) {
		t.Fatalf("the footer does not offer r first: %v", n)
	}
}

// Over rdash serve, where publishing and downloading are not registered,
// n and d are neither offered nor taken.
func TestKeysOfScreensNotRegistered(t *testing.T) {
	t.Parallel()
	sandbox, _ := uitest.Sandbox(t, "alice")
	_, m := state{client: sandbox, project: "lumen", w: 200, h: 24, ready: loaded,
		routes: func(r common.RouteKey) bool { return r != route.NewVersion.Key() && r != route.Download.Key() }}.open(t)
	for _, b := range slices.Concat(append(m.FullHelp(), m.ShortHelp())...) {
		if b.Enabled() && (key.Matches(uitest.Key("n"), b) || key.Matches(uitest.Key("d"), b)) {
			t.Errorf("%s %s is offered", b.Help().Key, b.Help().Desc)
		}
	}
	for _, k := range []string{"n", "d"} {
		if _, cmd := m.Update(uitest.Key(k)); cmd != nil {
			t.Errorf("%s did something", k)
		}
	}
}
