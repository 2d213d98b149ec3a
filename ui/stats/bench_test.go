package stats

import (
	"fmt"
	"testing"
	"time"

	"rdash/api"
	"rdash/ui/common"
	"rdash/ui/internal/uitest"
	"rdash/ui/listload"
	"rdash/ui/route"
)

// synthVersions are n versions spread over four years, 23 game versions,
// 9 platform sets and 3 channels, as the sandbox generates
// emberforge-core's.
func synthVersions(n int) []api.Version {
	games := []string{"1.16.5", "1.17", "1.17.1", "1.18", "1.18.1", "1.18.2", "1.19", "1.19.1", "1.19.2", "1.19.3", "1.19.4",
		"1.20", "1.20.1", "1.20.2", "1.20.3", "1.20.4", "1.20.5", "1.20.6", "1.21", "1.21.1", "1.21.2", "1.21.3", "1.21.4"}
	platforms := [][]string{{"paper"}, {"paper", "folia"}, {"paper", "spigot", "bukkit"}, {"fabric", "quilt"}, {"forge"}, {"neoforge"}}
	channels := []api.Channel{{ID: "chRel", Slug: "release"}, {ID: "chBeta", Slug: "beta"}, {ID: "chAlpha", Slug: "alpha"}}
	start := time.Date(2022, 1, 1, 0, 0, 0, 0, time.UTC)
	vs := make([]api.Version, n)
	for i := range vs {
		g := i * len(games) / n
		vs[i] = api.Version{ID: fmt.Sprintf("v%07d", i), Version: fmt.Sprintf("1.%d.%d", i/100, i%100),
			Channel: channels[i%7%3], Platforms: platforms[i%len(platforms)], MinecraftVersions: games[max(g-1, 0) : g+1],
			Downloads: int64((i * 7919) % 40_000), CreatedAt: start.Add(time.Duration(i) * 4 * time.Hour)}
	}
	return vs
}

// BenchmarkFrame200x60 is a frame of the stats screen over 10,000
// versions at 200x60: a key that moves the selected bar, and the view
// drawn after it (BENCHMARKS.md: at most 2 ms).
func BenchmarkFrame200x60(b *testing.B) {
	m := New(uitest.Common(b), nil, route.StatsArgs{Project: common.ProjectRef{Slug: "emberforge-core"},
		Versions: synthVersions(10_000), Complete: true})
	m.SetSize(200, 60)
	down, top := uitest.Key("j"), uitest.Key("g")
	for b.Loop() {
		k := down
		if m.cursor == m.bars()-1 {
			k = top
		}
		m.Update(k)
		_ = m.View()
	}
}

// BenchmarkCount10000 counts 10,000 versions and draws the charts at
// 200x60: what the screen does once the last page is in.
func BenchmarkCount10000(b *testing.B) {
	vs := synthVersions(10_000)
	m := New(uitest.Common(b), nil, route.StatsArgs{Project: common.ProjectRef{Slug: "emberforge-core"}})
	m.SetSize(200, 60)
	for b.Loop() {
		m.setList(vs)
	}
}

// BenchmarkLoad10000 is the screen's own work over a load of 10,000
// versions: 100 pages taken in, counted as they come, then ordered and
// drawn at 120x40 (the requests are not in it: the pages are made first).
func BenchmarkLoad10000(b *testing.B) {
	vs := synthVersions(10_000)
	for b.Loop() {
		m := New(uitest.Common(b), nil, route.StatsArgs{Project: common.ProjectRef{Slug: "emberforge-core"}})
		m.SetSize(120, 40)
		m.seq++
		m.pages = newPageSet()
		query := func(page, size int) *api.ListVersionsOptions {
			return &api.ListVersionsOptions{Page: page, PageSize: size}
		}
		m.load = listload.Start(b.Context(), m.seq, nil, "emberforge-core", query, 1, -1) // its requests are never run
		for p := 0; p < 100; p++ {
			page := route.Page{Versions: vs[p*100 : (p+1)*100], Number: p + 1, Next: p + 2, Total: 10_000}
			if p == 99 {
				page.Next = 0
			}
			m.pageLoaded(listload.PageLoadedMsg{Seq: m.seq, Page: page})
			_ = m.View()
		}
		if !m.showsCharts() {
			b.Fatal("no charts after the last page")
		}
	}
}
