package versions

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"rdash/api"
	"rdash/ui/common"
	"rdash/ui/internal/uitest"
	"rdash/ui/route"
)

// benchPageSize is the server page size of the paging benchmarks, the one
// issue 12 measured with.
const benchPageSize = 50

// synthVersions makes n versions in the server's order (newest first),
// shaped like the sandbox's: a short changelog, a few game versions.
func synthVersions(n int) []api.Version {
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	channels := []api.Channel{{ID: "ch-r", Slug: "release", Name: "Release"}, {ID: "ch-b", Slug: "beta", Name: "Beta"}, {ID: "ch-a", Slug: "alpha", Name: "Alpha"}}
	changelog := strings.Repeat("- Fixed a crash when a chunk unloads mid-tick\n", 8)
	vs := make([]api.Version, n)
	for i := range vs {
		k := n - i
		vs[i] = api.Version{
			ID: fmt.Sprintf("v%08d", k), Version: fmt.Sprintf("%d.%d.%d", k/1000, k/10%100, k%10),
			Name: fmt.Sprintf("Emberforge %d — the %d build", k, k), Changelog: changelog,
			MinecraftVersions: []string{"1.20.4", "1.21", fmt.Sprintf("1.21.%d", k%5)},
			Platforms:         []string{"fabric", "quilt"}, Downloads: int64(k * 37),
			CreatedAt: base.Add(-time.Duration(i) * time.Hour), Channel: channels[k%3],
		}
	}
	return vs
}

// pageOf is page number (from 1) of vs cut in benchPageSize pages.
func pageOf(vs []api.Version, number int) route.Page {
	lo := (number - 1) * benchPageSize
	hi := min(lo+benchPageSize, len(vs))
	next := number + 1
	if hi == len(vs) {
		next = 0
	}
	return route.Page{Versions: vs[lo:hi], Number: number, Next: next, Total: len(vs)}
}

func benchModel(b *testing.B) *Model {
	m := New(uitest.Common(b), nil, route.VersionsArgs{Project: common.ProjectRef{Slug: "emberforge-core"}})
	m.SetSize(120, 38)
	return m
}

// BenchmarkApplyPage measures adding one page of 50 versions to a list
// with 50 and with 10,000 already loaded: the cost must not grow with
// the list (issue 12: within 2x).
func BenchmarkApplyPage(b *testing.B) {
	for _, loaded := range []int{50, 10_000} {
		b.Run(fmt.Sprintf("loaded=%d", loaded), func(b *testing.B) {
			all := synthVersions(loaded + benchPageSize)
			m := benchModel(b)
			for n := 1; n <= loaded/benchPageSize; n++ { // as a session would
				m.applyPage(pageOf(all, n))
			}
			m.table.SetCursor(loaded / 2)
			page := pageOf(all, loaded/benchPageSize+1)
			snap := *m
			b.ReportAllocs()
			for b.Loop() {
				m.applyPage(page)
				unapply(m, snap, page)
			}
		})
	}
}

// unapply puts m back as it was before page was added. The slices of
// snap are prefixes of m's, so it only forgets the page's IDs.
func unapply(m *Model, snap Model, page route.Page) {
	*m = snap
	for _, v := range page.Versions {
		delete(m.listed, v.ID)
	}
}

// BenchmarkPageThrough10000 pages through 10,000 versions as a user
// holding PageDown does: each page is added, the cursor moves a screen
// and a frame is drawn. ns/op is the CPU of the whole run; heap-MB is the
// heap in use after it, with the list still loaded.
func BenchmarkPageThrough10000(b *testing.B) {
	all := synthVersions(10_000)
	b.ReportAllocs()
	var m *Model
	for b.Loop() {
		m = benchModel(b)
		for n := 1; n <= len(all)/benchPageSize; n++ {
			m.applyPage(pageOf(all, n))
			m.table.Move(m.table.PageHeight())
			_ = m.View()
		}
	}
	if m.versions.len() != len(all) {
		b.Fatalf("%d versions loaded", m.versions.len())
	}
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	b.ReportMetric(float64(ms.HeapInuse)/(1<<20), "heap-MB")
	runtime.KeepAlive(m)
}
