package ui

import (
	"testing"

	"rdash/ui/internal/uitest"
)

// BenchmarkDashboardView measures one whole frame (header, versions
// screen, status line, help footer) at 120x40.
func BenchmarkDashboardView(b *testing.B) {
	c, _ := uitest.Sandbox(b, "alice")
	m := New(Options{Client: c, Config: uitest.Config(), Now: uitest.Now, Project: "emberforge-core"})
	d := uitest.NewDriver(b, m, 120, 40)
	d.WaitFor("the versions", func() bool { return len(m.stack) == 2 && m.busy() == "" })
	b.ReportAllocs()
	for b.Loop() {
		_ = m.View()
	}
}
