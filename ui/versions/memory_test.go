package versions

import (
	"encoding/json"
	"runtime"
	"testing"

	"rdash/api"
	"rdash/ui/common"
	"rdash/ui/internal/uitest"
	"rdash/ui/route"
)

// heapInUse is the live heap after a full collection.
func heapInUse() int64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return int64(ms.HeapAlloc)
}

// The screen holds its rows once: paged through to the end, 4,000
// versions (decoded from JSON, as from the service) cost the screen
// little more than the versions themselves cost, held once in a slice of
// their exact size (1.05 times: the IDs listed, the display order).
// Before, their cells and the table's rows with every line drawn held
// them again: 1.6 times as much. Not parallel: it reads the process's
// heap.
func TestRowsAreHeldOnce(t *testing.T) {
	const n = 4_000
	raw, err := json.Marshal(synthVersions(n))
	if err != nil {
		t.Fatal(err)
	}
	decode := func() []api.Version {
		var vs []api.Version
		if err := json.Unmarshal(raw, &vs); err != nil {
			t.Fatal(err)
		}
		return vs
	}
	base := heapInUse()
	once := append(make([]api.Version, 0, n), decode()...)
	own := heapInUse() - base
	runtime.KeepAlive(once)
	once = nil

	base = heapInUse()
	m := New(uitest.Common(t), nil, route.VersionsArgs{Project: common.ProjectRef{Slug: "emberforge-core"}})
	m.SetSize(120, 38)
	all := decode()
	for p := 1; p <= n/benchPageSize; p++ {
		m.applyPage(pageOf(all, p))
		m.table.Move(m.table.PageHeight())
		_ = m.View()
	}
	all = nil
	held := heapInUse() - base
	runtime.KeepAlive(raw) // in both measures
	t.Logf("%d versions: %.2f MB held once; the screen holds %.2f MB", n, float64(own)/1e6, float64(held)/1e6)
	if m.versions.len() != n || float64(held) > 1.15*float64(own) {
		t.Fatalf("the screen holds %.2f MB for %d versions that cost %.2f MB held once", float64(held)/1e6, m.versions.len(), float64(own)/1e6)
	}
	runtime.KeepAlive(m)
}
