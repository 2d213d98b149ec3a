package stats

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"rdash/api"
	"rdash/api/sandbox"
	"rdash/api/sandbox/sandboxtest"
	"rdash/ui/common"
	"rdash/ui/internal/uitest"
	"rdash/ui/route"
)

// open opens the stats of a on cl at w×h and waits for the charts.
func open(t testing.TB, c common.Common, cl Client, a route.StatsArgs, w, h int) (*uitest.Driver, *Model) {
	t.Helper()
	m := New(c, cl, a)
	d := uitest.NewDriver(t, uitest.Screen{S: m}, w, h)
	for !m.showsCharts() { // each page in gives the next its own deadline: 10,000 versions under -race take long
		n := len(m.pages.versions)
		d.WaitFor("the next page, or the charts", func() bool { return m.showsCharts() || len(m.pages.versions) != n })
	}
	return d, m
}

func project(slug string) route.StatsArgs {
	return route.StatsArgs{Project: common.ProjectRef{Slug: slug}}
}

// stalled holds every list request until its context ends, and counts
// those that ended so.
type stalled struct {
	cancelled *atomic.Int32
}

func (s stalled) ListVersions(ctx context.Context, _ string, _ *api.ListVersionsOptions) ([]api.Version, *api.Response, error) {
	<-ctx.Done()
	s.cancelled.Add(1)
	return nil, nil, ctx.Err()
}

// failing fails the first n list requests with a 503, then asks cl.
type failing struct {
	Client
	n *atomic.Int32
}

func (f failing) ListVersions(ctx context.Context, p string, o *api.ListVersionsOptions) ([]api.Version, *api.Response, error) {
	if f.n.Add(-1) >= 0 {
		return nil, nil, &api.Error{StatusCode: 503}
	}
	return f.Client.ListVersions(ctx, p, o)
}

func TestGolden(t *testing.T) {
	t.Parallel()
	cl, _ := uitest.Sandbox(t, "alice")
	dumb := uitest.Common(t)
	dumb.Styles = common.NewStyles(common.Theme{NoColor: true})
	cases := []struct {
		name string
		c    common.Common
		a    route.StatsArgs
		w, h int
		keys []string
	}{
		{name: "dumb_80x24", c: dumb, a: project("lumen"), w: 80, h: 24, keys: []string{"tab", "tab", "j"}},
		{name: "filtered_80x24", c: uitest.Common(t), a: route.StatsArgs{Project: common.ProjectRef{Slug: "lumen"},
			Filter: route.Filter{Channels: []string{"beta"}, Search: "2."}}, w: 80, h: 24},
		{name: "versions_60x20", c: uitest.Common(t), a: project("lumen"), w: 60, h: 20, keys: []string{"tab", "tab", "tab", "j", "j"}},
		{name: "months_60x20", c: uitest.Common(t), a: project("lumen"), w: 60, h: 20, keys: []string{"G", "k"}},
	}
	for _, size := range uitest.Sizes {
		cases = append(cases, struct {
			name string
			c    common.Common
			a    route.StatsArgs
			w, h int
			keys []string
		}{name: fmt.Sprintf("%dx%d", size[0], size[1]), c: uitest.Common(t), a: project("lumen"), w: size[0], h: size[1]})
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			d, _ := open(t, tc.c, cl, tc.a, tc.w, tc.h)
			d.Press(tc.keys...)
			uitest.RequireFits(t, d.Screen(), tc.w, tc.h)
			uitest.RequireTerminalSafe(t, d.Raw())
			golden.RequireEqual(t, d.Screen())
		})
	}
}

// The screen's numbers are a sum over every version `versions list
// --all` lists (the client's ListAllVersions), summed here apart from
// internal/stats: the totals, and each game version's, channel's,
// platform's and month's bar as drawn. On emberforge-core's 1,500
// versions in both of the sandbox's profiles (the strict one gives no
// totals: the pages show the end), and on 10,000.
func TestNumbersAgreeWithEveryVersionListed(t *testing.T) {
	t.Parallel()
	for _, p := range sandboxtest.Profiles() {
		t.Run(p.Name, func(t *testing.T) {
			t.Parallel()
			cl, _ := uitest.SandboxWith(t, "alice", p.Options)
			agree(t, cl, 1500)
		})
	}
	t.Run("10,000 versions", func(t *testing.T) {
		t.Parallel()
		cl, _ := uitest.SandboxWith(t, "alice", sandbox.Options{Data: generating(t, 10_000)})
		agree(t, cl, 10_000)
	})
}

// generating is the sandbox's seed with emberforge-core generating n
// versions, as the benchmark harness makes it.
func generating(t *testing.T, n int) []byte {
	t.Helper()
	raw, err := os.ReadFile("../../api/sandbox/testdata/seed.json")
	if err != nil {
		t.Fatal(err)
	}
	var seed map[string]any
	if err := json.Unmarshal(raw, &seed); err != nil {
		t.Fatal(err)
	}
	for _, p := range seed["projects"].([]any) {
		if g, ok := p.(map[string]any)["generate"].(map[string]any); ok {
			g["count"] = n
		}
	}
	data, err := json.Marshal(seed)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// agree checks the stats screen of emberforge-core, n versions, against
// a sum over every version the client lists.
func agree(t *testing.T, cl *api.Client, n int) {
	t.Helper()
	all, _, err := cl.ListAllVersions(t.Context(), "emberforge-core", nil)
	if err != nil || len(all) != n {
		t.Fatalf("%d versions listed, %v; want %d", len(all), err, n)
	}
	d, m := open(t, uitest.Common(t), cl, project("emberforge-core"), 200, 60)
	var downloads int64
	sums := map[string]map[string]int64{"game": {}, "channel": {}, "platform": {}, "month": {}}
	for _, v := range all {
		downloads += v.Downloads
		for _, g := range v.MinecraftVersions {
			sums["game"][g] += v.Downloads
		}
		for _, p := range v.Platforms {
			sums["platform"][p] += v.Downloads
		}
		sums["channel"][v.Channel.Slug] += v.Downloads
		sums["month"][v.CreatedAt.UTC().Format("2006-01")] += v.Downloads
	}
	head := fmt.Sprintf("%s versions · %s downloads in all", common.Count(int64(n)), common.Count(downloads))
	if !strings.Contains(d.Screen(), head) {
		t.Fatalf("the heading does not say %q:\n%s", head, d.Screen())
	}
	drawn := strings.Split(ansi.Strip(strings.Join(m.drawn.lines, "\n")), "\n")
	for what, groups := range sums {
		if len(groups) < 3 {
			t.Fatalf("%d %s groups: the seed changed", len(groups), what)
		}
		for label, sum := range groups {
			if !slices.ContainsFunc(drawn, func(l string) bool {
				return strings.HasPrefix(l, "  "+label+" ") && strings.Contains(l, " "+common.Count(sum)+"  ")
			}) {
				t.Errorf("no %s bar %s of %s downloads drawn", what, label, common.Count(sum))
			}
		}
	}
}

// A list handed over whole is counted without a request.
func TestAListHandedOverAsksNothing(t *testing.T) {
	t.Parallel()
	sb, _ := uitest.Sandbox(t, "alice")
	cl := &uitest.Counting{Client: sb}
	vs := []api.Version{{ID: "a", Version: "1.0", Downloads: 5, MinecraftVersions: []string{"1.21"}},
		{ID: "b", Version: "1.1", Downloads: 7, MinecraftVersions: []string{"1.21"}}}
	d, _ := open(t, uitest.Common(t), cl, route.StatsArgs{Project: common.ProjectRef{Slug: "lumen"}, Versions: vs, Complete: true}, 80, 24)
	if n := len(cl.Lists()); n != 0 || !strings.Contains(d.Screen(), "2 versions · 12 downloads in all") {
		t.Fatalf("%d requests; screen:\n%s", n, d.Screen())
	}
}

// The counts are of the versions the list's filter lists: every page is
// asked under it, and the heading says so.
func TestTheListsFilterIsCounted(t *testing.T) {
	t.Parallel()
	sb, _ := uitest.Sandbox(t, "alice")
	cl := &uitest.Counting{Client: sb}
	f := route.Filter{Channels: []string{"beta"}, Game: []string{"1.20.4", "1.21"}}
	d, _ := open(t, uitest.Common(t), cl, route.StatsArgs{Project: common.ProjectRef{Slug: "lumen"}, Filter: f}, 120, 40)
	want, _, err := sb.ListAllVersions(t.Context(), "lumen", &api.ListVersionsOptions{Channels: f.Channels, MinecraftVersions: f.Game})
	if err != nil || len(want) == 0 {
		t.Fatalf("%d versions, %v", len(want), err)
	}
	for _, o := range cl.Lists() {
		if !slices.Equal(o.Channels, f.Channels) || !slices.Equal(o.MinecraftVersions, f.Game) {
			t.Fatalf("a page was asked for without the filter: %+v", o)
		}
	}
	var n int64
	for _, v := range want {
		n += v.Downloads
	}
	s := d.Screen()
	if !strings.Contains(s, common.Plural(len(want), "version")+" · "+common.Plural(n, "download")+" in all") ||
		!strings.Contains(s, "The versions the list's filter lists: channel beta · game 1.20.4, 1.21.") {
		t.Fatalf("the counts or the filter are not what the list's filter lists (%d versions, %d downloads):\n%s", len(want), n, s)
	}
}
