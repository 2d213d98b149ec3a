package versions

import (
	"math/rand/v2"
	"testing"

	tea "charm.land/bubbletea/v2"

	"rdash/ui/common"
	"rdash/ui/internal/uitest"
	"rdash/ui/route"
)

// End, j and PageDown never leave the list without a fetch it needs,
// whatever the order of keys and replies: End pressed while a page is in
// flight, a reply arriving with the cursor already on the last row, the
// cursor reaching the prefetch margin exactly at a page boundary. (Pages
// are only ever appended in the server's order: any other sort loads the
// whole list first, sortload_test.go.) After every key, once the
// cursor is within the margin of the end, a page is in flight unless the
// server said there are no more. (BENCHMARKS.md's paging stall, End with
// 3,450 of 10,000 loaded and nothing fetched: this holds in every order
// tried here; in the pty the End key never moved the cursor.)
func TestPagingNeverStallsAtTheEnd(t *testing.T) {
	t.Parallel()
	all := synthVersions(3_000)
	end, j := tea.KeyPressMsg{Code: tea.KeyEnd}, tea.KeyPressMsg{Code: 'j', Text: "j"}
	k, pgdown := tea.KeyPressMsg{Code: 'k', Text: "k"}, tea.KeyPressMsg{Code: tea.KeyPgDown}
	keys := []tea.KeyPressMsg{end, end, j, j, j, j, j, j, j, k, k, pgdown, pgdown}
	for seed := range uint64(24) {
		rng := rand.New(rand.NewPCG(seed, 0))
		m := New(uitest.Common(t), nil, route.VersionsArgs{Project: common.ProjectRef{Slug: "emberforge-core"}})
		m.SetSize(120, 38)
		m.Update(pageLoadedMsg{seq: m.seq, page: pageOf(all, 1)})
		margin := max(m.table.PageHeight(), m.common.PageSize())
		for step := 0; m.versions.len() < len(all) && step < 20_000; step++ {
			if m.loading != 0 && rng.IntN(3) == 0 { // the reply, before or after more keys
				m.Update(pageLoadedMsg{seq: m.seq, page: pageOf(all, m.loading)})
				continue
			}
			key := keys[rng.IntN(len(keys))]
			m.Update(key)
			left := m.table.Len() - m.table.Cursor()
			if left <= margin && m.next != 0 && m.loading == 0 {
				t.Fatalf("seed %d: after %q with %d of %d loaded, cursor %d (%d left, margin %d): nothing fetched, next page %d",
					seed, key.String(), m.versions.len(), len(all), m.table.Cursor(), left, margin, m.next)
			}
		}
		if m.versions.len() != len(all) || m.table.Len() != len(all) {
			t.Fatalf("seed %d: %d versions, %d rows of %d", seed, m.versions.len(), m.table.Len(), len(all))
		}
	}
}
