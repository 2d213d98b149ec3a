package versions

import (
	"fmt"
	"testing"

	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/ui/common"
	"rdash/ui/internal/uitest"
	"rdash/ui/route"
)

func teaSize(w, h int) tea.WindowSizeMsg { return tea.WindowSizeMsg{Width: w, Height: h} }

// BenchmarkVersionsView measures one frame of the versions screen with 500
// rows loaded, a few of them marked.
func BenchmarkVersionsView(b *testing.B) {
	c, _ := uitest.Sandbox(b, "alice")
	m := New(uitest.Common(b), c, route.VersionsArgs{Project: common.ProjectRef{Slug: "emberforge-core"}})
	m.SetSize(120, 37)
	for page := 1; page <= 5; page++ {
		vs, resp, err := c.ListVersions(b.Context(), "emberforge-core", &api.ListVersionsOptions{Page: page, PageSize: 100})
		if err != nil {
			b.Fatal(err)
		}
		m.applyPage(route.NewPage(vs, resp, page))
	}
	if m.versions.len() != 500 {
		b.Fatalf("%d rows loaded", m.versions.len())
	}
	for i := 0; i < 500; i += 7 {
		m.marks.add(*m.versions.at(i))
	}
	m.table.SetCursor(250)
	b.ReportAllocs()
	var out string
	for b.Loop() {
		out = m.View()
	}
	_ = fmt.Sprint(len(out))
}
