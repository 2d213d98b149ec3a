package versions

import (
	"strings"
	"time"

	"charm.land/lipgloss/v2"

	"rdash/api"
	"rdash/internal/safe"
	"rdash/ui/common"
	"rdash/ui/table"
)

// Column indexes, in display order.
const (
	colVersion = iota
	colName
	colChannel
	colPlatforms
	colGame
	colDownloads
	colCreated
)

// wideWidth is the width from which dates are shown in full.
const wideWidth = 140

// columns are the table's columns. Priorities say what narrow terminals
// drop first (platforms, then name, downloads, the date and game
// versions) and which column gets room first. The version string and its
// channel are never cut while another column can give way (Whole): a cut
// one reads as another version or channel. The version is at most 32
// characters (the interface's limit), 64 cells when they are wide ones;
// a channel is capped at 12.
func (m *Model) columns() []table.Column {
	s := m.common.Styles
	created := table.Column{Title: "CREATED", Min: 8, Max: 8, Priority: 4, Whole: true} // cut, "10mo ago" is "10mo a…"
	if m.wide {
		created.Min, created.Max = 26, 36
	}
	cols := []table.Column{
		{Title: "VERSION", Max: 64, Priority: 7, Whole: true},
		{Title: "NAME", Min: 12, Max: 64, Priority: 2},
		{Title: "CHANNEL", Max: 12, Priority: 6, Whole: true, Tint: func(c string) lipgloss.Style { return s.Channel(c) }},
		{Title: "PLATFORMS", Min: 10, Max: 64, Priority: 1},
		{Title: "GAME", Min: 8, Max: 64, Priority: 5},
		{Title: "DOWNLOADS", Min: 9, Max: 11, Priority: 3, Right: true},
		created,
	}
	if c := m.sort.column(); c >= 0 { // the server's order gets no arrow: rdash made none
		cols[c].Title += " " + m.sort.arrow()
	}
	return cols
}

// cells are v's table cells, made safe for the terminal once, at load.
func cells(v api.Version, now time.Time, wide bool) []string {
	created := common.Ago(v.CreatedAt, now)
	if wide {
		created = common.Date(v.CreatedAt) + " (" + created + ")"
	}
	return []string{
		safe.Line(v.Version),
		safe.Line(v.Name),
		safe.Line(channelLabel(v.Channel)),
		strings.Join(safe.Lines(v.Platforms), ","),
		strings.Join(safe.Lines(v.MinecraftVersions), ","),
		common.Count(v.Downloads),
		created,
	}
}

func channelLabel(c api.Channel) string {
	if c.Slug != "" {
		return c.Slug
	}
	return c.Name
}
