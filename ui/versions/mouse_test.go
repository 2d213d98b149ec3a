package versions

import (
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"rdash/ui/common"
	"rdash/ui/internal/uitest"
	"rdash/ui/route"
)

// clock is a clock the test moves.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// startClocked opens project's versions at w×h with a clock the test
// moves, and waits for the first page.
func startClocked(t *testing.T, project string, w, h int) (*uitest.Driver, *Model, *clock) {
	t.Helper()
	cl, _ := uitest.Sandbox(t, "alice")
	clk := &clock{now: uitest.Now()}
	c := uitest.Common(t)
	c.Now = clk.Now
	m := New(c, cl, route.VersionsArgs{Project: common.ProjectRef{Slug: project}})
	d := uitest.NewDriver(t, uitest.Screen{S: m}, w, h)
	waitLoaded(d, m)
	return d, m, clk
}

// click is a left click at x on line y of the screen's body.
func click(x, y int) tea.MouseClickMsg { return tea.MouseClickMsg{X: x, Y: y, Button: tea.MouseLeft} }

func wheel(down bool) tea.MouseWheelMsg {
	if down {
		return tea.MouseWheelMsg{X: 10, Y: 5, Button: tea.MouseWheelDown}
	}
	return tea.MouseWheelMsg{X: 10, Y: 5, Button: tea.MouseWheelUp}
}

// opens reports the detail screens msgs ask to open, by version.
func opens(msgs []tea.Msg) []string {
	var out []string
	for _, msg := range msgs {
		if o, ok := msg.(common.OpenMsg); ok && o.Route == route.Detail.Key() {
			out = append(out, o.Args.(route.DetailArgs).Version.Version)
		}
	}
	return out
}

// The wheel moves the cursor a row a notch and loads ahead as the keys
// do: emberforge-core's page 3 is asked for 25 rows from the end of the
// 50 loaded, not before.
func TestWheelMovesAndLoadsAhead(t *testing.T) {
	t.Parallel()
	d, m, _ := startClocked(t, "emberforge-core", 80, 24)
	for range 24 {
		d.Send(wheel(true))
	}
	if m.table.Cursor() != 24 || m.loading != 0 {
		t.Fatalf("24 notches down: cursor %d, loading page %d", m.table.Cursor(), m.loading)
	}
	d.Send(wheel(true))
	if m.loading != 3 {
		t.Fatalf("the cursor 25 rows from the end did not load page 3 (loading %d)", m.loading)
	}
	d.Send(wheel(false))
	if m.table.Cursor() != 24 {
		t.Fatalf("a notch up: cursor %d", m.table.Cursor())
	}
}

// A click selects the row under it; a second one on the same row within
// the double-click time opens its detail, one too late only selects.
func TestClickSelectsDoubleClickOpens(t *testing.T) {
	t.Parallel()
	d, m, clk := startClocked(t, "lumen", 80, 24)
	y := tableTop + 1 + 3 // the fourth row
	want := m.versionAt(3).Version
	if got := opens(d.Step(click(10, y))); len(got) != 0 || m.table.Cursor() != 3 {
		t.Fatalf("a click opened %v, or left the cursor on row %d", got, m.table.Cursor())
	}
	clk.add(600 * time.Millisecond)
	if got := opens(d.Step(click(10, y))); len(got) != 0 {
		t.Fatalf("two slow clicks opened %v", got)
	}
	clk.add(200 * time.Millisecond)
	if got := opens(d.Step(click(10, y))); !slices.Equal(got, []string{want}) {
		t.Fatalf("the double click opened %v, want %s", got, want)
	}
	for _, off := range []tea.MouseClickMsg{click(10, 0), click(10, 23), {X: 10, Y: y, Button: tea.MouseRight}} {
		if got := opens(d.Step(off)); len(got) != 0 || m.table.Cursor() != 3 {
			t.Fatalf("a click off the rows (%+v) opened %v or moved the cursor to %d", off, got, m.table.Cursor())
		}
	}
}

// A click on a column's title sorts by it, a second turns the order
// round; a title the rows cannot be sorted by does nothing. A list not
// all loaded is loaded first, as s does.
func TestClickOnATitleSorts(t *testing.T) {
	t.Parallel()
	d, m, clk := startClocked(t, "lumen", 120, 40)
	title := func(name string) int { return strings.Index(header(d.Screen()), name) }
	d.Send(click(title("DOWNLOADS"), tableTop))
	if m.sort != byKey(sortDownloads) || !strings.Contains(d.Screen(), "sort: downloads ↓") {
		t.Fatalf("a click on DOWNLOADS: sort %v\n%s", m.sort, d.Screen())
	}
	clk.add(time.Second)
	d.Send(click(title("DOWNLOADS"), tableTop))
	if m.sort != (sortState{key: sortDownloads}) {
		t.Fatalf("a second click on DOWNLOADS: sort %v", m.sort)
	}
	before := m.sort
	for _, x := range []int{title("PLATFORMS"), title("GAME"), 0} {
		d.Send(click(x, tableTop))
		if m.sort != before || m.all != nil {
			t.Fatalf("a click at %d of the titles sorted: %v", x, m.sort)
		}
	}
	d, m, _ = startClocked(t, "emberforge-core", 120, 40)
	d.Send(click(title("VERSION"), tableTop))
	if m.all == nil || m.all.want != byKey(sortVersion) || !strings.Contains(d.Screen(), "then by version ↓ · esc cancels") {
		t.Fatalf("a click on VERSION with 50 of 1,500 loaded did not load the rest first:\n%s", d.Screen())
	}
	d.Send(click(title("VERSION"), tableTop)) // while it loads: the order it ends in
	waitLoaded(d, m)
	if m.sort != (sortState{key: sortVersion}) || m.versions.len() != 1500 {
		t.Fatalf("after the load: sort %v over %d versions", m.sort, m.versions.len())
	}
}

// In the channel picker the wheel moves its cursor and a click on the
// table it hides does nothing.
func TestMouseInTheChannelPicker(t *testing.T) {
	t.Parallel()
	d, m, _ := startClocked(t, "lumen", 80, 24)
	d.Press("c")
	d.Send(wheel(true))
	if m.channels.cursor != 1 || m.table.Cursor() != 0 {
		t.Fatalf("the wheel in the picker: picker at %d, table at %d", m.channels.cursor, m.table.Cursor())
	}
	if msgs := d.Step(click(10, tableTop+2)); len(msgs) != 0 || m.table.Cursor() != 0 || m.mode != modeChannels {
		t.Fatalf("a click under the picker reached the table: %v", msgs)
	}
}
