package versions

import (
	"slices"
	"strings"
	"testing"

	"rdash/ui/common"
	"rdash/ui/internal/uitest"
	"rdash/ui/route"
)

// statsArgs presses i and returns what the stats screen is opened with.
func statsArgs(t *testing.T, m *Model) route.StatsArgs {
	t.Helper()
	_, cmd := m.Update(uitest.Key("i"))
	if cmd == nil {
		t.Fatal("i does nothing")
	}
	msg, ok := cmd().(common.OpenMsg)
	a, isStats := msg.Args.(route.StatsArgs)
	if !ok || msg.Route != route.Stats.Key() || !isStats {
		t.Fatalf("i opened %+v", msg)
	}
	return a
}

// i opens the stats of the list under its filter: with every version
// when the list holds them all, so the stats screen asks nothing; else
// without, and the stats screen loads them.
func TestStatsKeyHandsTheListOver(t *testing.T) {
	t.Parallel()
	sb, _ := uitest.Sandbox(t, "alice")
	d, m := state{client: sb, project: "lumen", w: 80, h: 24, ready: loaded}.open(t)
	d.Press("/", "2", ".", "enter")
	waitLoaded(d, m)
	a := statsArgs(t, m)
	if !a.Complete || len(a.Versions) != m.versions.len() || a.Filter.Search != "2." || a.Project.Key() != "lumen" {
		t.Fatalf("the whole filtered list was not handed over: complete %v, %d of %d versions, filter %+v",
			a.Complete, len(a.Versions), m.versions.len(), a.Filter)
	}
	_, big := state{client: sb, project: "emberforge-core", w: 80, h: 24, ready: loaded}.open(t)
	if a := statsArgs(t, big); a.Complete || a.Versions != nil {
		t.Fatalf("a list of %d of 1,500 was handed over as whole", big.versions.len())
	}
}

// A list opened with a filter (a stats screen's bar) asks the server
// under it and says so.
func TestOpenedWithAFilter(t *testing.T) {
	t.Parallel()
	sb, _ := uitest.Sandbox(t, "alice")
	cl := &uitest.Counting{Client: sb}
	m := New(uitest.Common(t), cl, route.VersionsArgs{Project: common.ProjectRef{Slug: "lumen"},
		Filter: route.Filter{Channels: []string{"beta"}, Game: []string{"1.21.4"}}})
	d := uitest.NewDriver(t, uitest.Screen{S: m}, 80, 24)
	waitLoaded(d, m)
	lists := cl.Lists()
	if len(lists) == 0 || !slices.Equal(lists[0].Channels, []string{"beta"}) || !slices.Equal(lists[0].MinecraftVersions, []string{"1.21.4"}) {
		t.Fatalf("asked for %+v", lists)
	}
	if s := d.Screen(); !strings.Contains(s, "channel: beta") || !strings.Contains(s, "game: 1.21.4") {
		t.Fatalf("the filter bar does not say the filter:\n%s", s)
	}
}
