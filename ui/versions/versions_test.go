package versions

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/ui/common"
	"rdash/ui/internal/uitest"
	"rdash/ui/route"
)

// start opens the versions screen of project on the sandbox at w×h and
// waits for the first page.
func start(t *testing.T, project string, w, h int) (*uitest.Driver, *Model, *uitest.Counting) {
	t.Helper()
	c, _ := uitest.Sandbox(t, "alice")
	cc := &uitest.Counting{Client: c}
	m := New(uitest.Common(t), cc, route.VersionsArgs{Project: common.ProjectRef{Slug: project}})
	d := uitest.NewDriver(t, uitest.Screen{S: m}, w, h)
	waitLoaded(d, m)
	return d, m, cc
}

func waitLoaded(d *uitest.Driver, m *Model) {
	d.WaitFor("the page to load", func() bool { return m.page > 0 && m.loading == 0 && m.all == nil })
}

func column(m *Model, f func(api.Version) string) []string {
	var out []string
	for i := range m.order {
		out = append(out, f(m.versionAt(i)))
	}
	return out
}

// The next page is fetched once the cursor is within a page of the end:
// the server's 25 rows here, more than the screen's 21.
func TestPrefetchesBeforeTheEnd(t *testing.T) {
	t.Parallel()
	d, m, cc := start(t, "emberforge-core", 80, 24)
	// The first page is no more than a page: the second follows at once.
	if !strings.Contains(d.Screen(), "50 of 1,500 · page 2") || len(cc.Lists()) != 2 {
		t.Fatalf("%d requests, no count on screen:\n%s", len(cc.Lists()), d.Screen())
	}
	for range 24 {
		d.Press("j")
	}
	if m.loading != 0 || len(cc.Lists()) != 2 {
		t.Fatalf("fetched too early: cursor %d, loading page %d", m.table.Cursor(), m.loading)
	}
	d.Press("j") // 25 rows from the end
	if m.loading != 3 {
		t.Fatalf("cursor at %d of 50 did not fetch page 3", m.table.Cursor())
	}
	waitLoaded(d, m)
	if m.table.Cursor() != 25 || m.versions.len() != 75 {
		t.Fatalf("cursor %d, %d rows after page 3", m.table.Cursor(), m.versions.len())
	}
	if got := cc.Lists()[2]; got.Page != 3 || got.PageSize != 25 {
		t.Fatalf("third request = %+v", got)
	}
	d.WaitForText("75 of 1,500 · page 3")
	d.Press("G") // the end of what is loaded asks for more
	waitLoaded(d, m)
	if m.versions.len() != 100 {
		t.Fatalf("%d rows after G", m.versions.len())
	}
}

// Holding PageDown through 1,500 versions at 120x40 (37 rows a screen,
// 25 a page) never reaches the end of the loaded rows when each load has
// time to land between presses: 41 presses, none of them waiting. With a
// prefetch margin under a screen it took 60, every second one waiting.
func TestPageDownDoesNotOutrunThePrefetch(t *testing.T) {
	t.Parallel()
	d, m, _ := start(t, "emberforge-core", 120, 40)
	page := m.table.PageHeight()
	presses, waits := 0, 0
	for m.table.Cursor() < 1499 && presses < 200 {
		if m.versions.len()-1-m.table.Cursor() < page && m.next != 0 {
			waits++ // this press stops at the last row loaded
		}
		d.Press("pgdown")
		presses++
		waitLoaded(d, m)
	}
	if m.table.Cursor() != 1499 || waits != 0 || presses > (1499+page-1)/page {
		t.Fatalf("cursor %d after %d presses, %d of them waiting for a page (screen %d rows)", m.table.Cursor(), presses, waits, page)
	}
}

func TestSearchIsDebounced(t *testing.T) {
	t.Parallel()
	d, m, cc := start(t, "lumen", 80, 24)
	d.Press("/")
	if !m.Capturing() {
		t.Fatal("search field did not take the keyboard")
	}
	d.Type("2.0.")
	if n := len(cc.Lists()); n != 1 {
		t.Fatalf("%d requests while typing", n)
	}
	d.WaitFor("the search to apply", func() bool { return m.filter.Search == "2.0." && m.loading == 0 })
	var searches []string
	for _, o := range cc.Lists() {
		searches = append(searches, o.Search)
	}
	if !slices.Equal(searches, []string{"", "2.0."}) {
		t.Fatalf("searches sent = %q, want one request for the whole text", searches)
	}
	for _, v := range column(m, func(v api.Version) string { return v.Version }) {
		if !strings.Contains(v, "2.0.") {
			t.Errorf("row %q does not match the search", v)
		}
	}
	d.Press("enter")
	if m.Capturing() {
		t.Fatal("enter did not leave the search field")
	}
}

// held holds the list requests of one search until released, then
// answers them whatever became of their context: a superseded request's
// rows still arrive, as a slow server's would, and must be dropped.
type held struct {
	Client
	search  string
	release chan struct{}
}

func (h *held) ListVersions(ctx context.Context, p string, o *api.ListVersionsOptions) ([]api.Version, *api.Response, error) {
	if o.Search == h.search {
		<-h.release
		ctx = context.WithoutCancel(ctx)
	}
	return h.Client.ListVersions(ctx, p, o)
}

func TestStaleRepliesAreDropped(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	h := &held{Client: c, search: "1.", release: make(chan struct{})}
	m := New(uitest.Common(t), h, route.VersionsArgs{Project: common.ProjectRef{Slug: "lumen"}})
	d := uitest.NewDriver(t, uitest.Screen{S: m}, 80, 24)
	waitLoaded(d, m)
	before := m.versions.len()
	stale := route.Page{Number: 1, Versions: []api.Version{{ID: "stale000", Version: "9.9.9"}}, Total: 1}
	d.Send(pageLoadedMsg{seq: m.seq - 1, page: stale})
	if m.versions.len() != before || strings.Contains(d.Screen(), "9.9.9") {
		t.Fatal("a reply to a superseded request replaced the rows")
	}
	// Two searches in a row: only the second one's reply counts, even when
	// the first one's rows arrive after it.
	d.Press("/")
	d.Type("1.")
	d.Press("enter")
	first := m.seq
	d.Press("/", "backspace", "backspace")
	d.Type("2.")
	d.Press("enter")
	if m.seq == first {
		t.Fatal("the second search did not supersede the first")
	}
	waitLoaded(d, m)
	close(h.release)
	d.WaitFor("the first search's rows", func() bool {
		return slices.ContainsFunc(d.Seen, func(msg tea.Msg) bool {
			p, ok := msg.(pageLoadedMsg)
			return ok && p.seq == first && p.err == nil && len(p.page.Versions) > 0
		})
	})
	for _, v := range column(m, func(v api.Version) string { return v.Version }) {
		if !strings.Contains(v, "2.") {
			t.Fatalf("rows of the superseded search are shown: %q", v)
		}
	}
}

func TestChannelPicker(t *testing.T) {
	t.Parallel()
	d, m, cc := start(t, "lumen", 80, 24)
	d.Press("c")
	for _, want := range []string{"[ ] release", "[ ] beta", "[ ] snapshot"} {
		if !strings.Contains(d.Screen(), want) {
			t.Fatalf("picker lacks %q:\n%s", want, d.Screen())
		}
	}
	d.Press("q") // captured: must not quit or type anywhere
	d.Press("j", "space", "j", "space", "enter")
	waitLoaded(d, m)
	last := cc.Lists()[len(cc.Lists())-1]
	if !slices.Equal(last.Channels, []string{"beta", "snapshot"}) {
		t.Fatalf("channels sent = %v", last.Channels)
	}
	for _, ch := range column(m, func(v api.Version) string { return v.Channel.Slug }) {
		if ch != "beta" && ch != "snapshot" {
			t.Fatalf("row of channel %q shown", ch)
		}
	}
	if !strings.Contains(d.Screen(), "channel: beta, snapshot") {
		t.Fatalf("filter bar:\n%s", d.Screen())
	}
	d.Press("c", "esc")
	if m.Capturing() || len(m.filter.Channels) != 2 {
		t.Fatal("esc in the picker changed the filter")
	}
}

func TestGameVersionCompletion(t *testing.T) {
	t.Parallel()
	d, m, cc := start(t, "lumen", 80, 24)
	d.Press("v")
	d.Type("1.2")
	if !strings.Contains(d.Screen(), "tab: 1.21.4  1.21.3") {
		t.Fatalf("completions not listed:\n%s", d.Screen())
	}
	d.Press("tab")
	if got := m.game.input.Value(); got != "1.21.4" {
		t.Fatalf("tab completed to %q", got)
	}
	d.Press("tab")
	if got := m.game.input.Value(); got != "1.21.3" {
		t.Fatalf("second tab completed to %q", got)
	}
	d.Type(", 1.20.")
	d.Press("tab", "enter")
	waitLoaded(d, m)
	want := []string{"1.21.3", "1.20.6"}
	if last := cc.Lists()[len(cc.Lists())-1]; !slices.Equal(last.MinecraftVersions, want) {
		t.Fatalf("game versions sent = %v, want %v", last.MinecraftVersions, want)
	}
	d.Press("v")
	d.Type("junk")
	d.Press("esc")
	if !slices.Equal(m.filter.Game, want) || m.game.input.Value() != "1.21.3, 1.20.6, " {
		t.Fatalf("esc did not restore: filter %v, field %q", m.filter.Game, m.game.input.Value())
	}
}

func TestMarksSurviveFiltersAndCountHidden(t *testing.T) {
	t.Parallel()
	d, m, _ := start(t, "lumen", 80, 24)
	first := m.versionAt(0)
	d.Press("space")
	if m.table.Cursor() != 1 || !m.marks.has(first.ID) {
		t.Fatal("space did not mark and move down")
	}
	d.Press("c")
	d.WaitForText("[ ] beta")
	d.Press("j", "space", "enter")
	waitLoaded(d, m)
	if !strings.Contains(d.Screen(), "1 marked (1 hidden by filter)") {
		t.Fatalf("hidden marks not counted:\n%s", d.Screen())
	}
	d.Press("a")
	n := len(m.order)
	if got := m.marks.len(); got != n+1 {
		t.Fatalf("%d marked after marking %d loaded rows", got, n)
	}
	marked := m.Marked()
	if marked[0].ID != first.ID || marked[0].Channel.Slug != "release" || marked[0].Name == "" {
		t.Fatalf("the hidden mark lost its data: %+v", marked[0])
	}
	d.WaitForText(fmt.Sprintf("%d marked (1 hidden by filter)", n+1))
	d.Press("A")
	if m.marks.len() != 0 || strings.Contains(d.Screen(), "marked") {
		t.Fatal("A did not clear the marks")
	}
}

func TestSortCyclesColumns(t *testing.T) {
	t.Parallel()
	d, m, _ := start(t, "lumen", 120, 40)
	d.Press("s")
	if !strings.Contains(d.Screen(), "sort: version ↓") || !strings.Contains(d.Screen(), "VERSION ↓") {
		t.Fatalf("sort not shown:\n%s", d.Screen())
	}
	vs := column(m, func(v api.Version) string { return v.Version })
	if vs[0] != "2.4.0" || vs[1] != "2.4.0-beta.1" {
		t.Fatalf("by version: %v", vs[:3])
	}
	d.Press("S")
	if vs := column(m, func(v api.Version) string { return v.Version }); vs[0] != "1.0.0" {
		t.Fatalf("reversed: %v", vs[:3])
	}
	d.Press("s", "s", "s") // name, channel, downloads
	dl := column(m, func(v api.Version) string { return fmt.Sprint(v.Downloads) })
	if !strings.Contains(d.Screen(), "sort: downloads ↓") || dl[0] != "40210" {
		t.Fatalf("by downloads: %v\n%s", dl[:3], d.Screen())
	}
}

// y copies the ID and Y the download URL. Each copy is awaited before the
// next key, as a person's keys are: the ID's copy is local and the URL's
// a round trip away, and two copies asked for at the same instant may
// reach the terminal in either order (a clipboard keeps the last; the
// status line names the one it confirms).
func TestCopyIDAndDownloadURL(t *testing.T) {
	t.Parallel()
	d, m, _ := start(t, "lumen", 80, 24)
	v := m.versionAt(0)
	d.Press("y")
	d.WaitFor("the ID's copy", func() bool { return len(d.Clipboard()) == 1 })
	if clips := d.Clipboard(); clips[0] != v.ID {
		t.Errorf("copied %q, want the ID %q", clips[0], v.ID)
	}
	d.Press("Y")
	d.WaitFor("the URL's copy", func() bool { return len(d.Clipboard()) == 2 })
	if clips := d.Clipboard(); !strings.HasPrefix(clips[1], "http") || !strings.Contains(clips[1], "lumen") {
		t.Errorf("copied %q, want the download URL", clips[1])
	}
}

func TestBulkScreensGetTheMarkedVersions(t *testing.T) {
	t.Parallel()
	d, m, _ := start(t, "lumen", 80, 24)
	d.Press("D")
	args := lastOpen(t, d, route.Delete)
	if len(args.Versions) != 1 || args.Versions[0].ID != m.versionAt(0).ID {
		t.Fatalf("without marks, D acts on the row under the cursor: %+v", args.Versions)
	}
	d.Press("space", "space", "e")
	if args = lastOpen(t, d, route.BulkEdit); len(args.Versions) != 2 {
		t.Fatalf("e with two marks bulk edits %d versions", len(args.Versions))
	}
	d.Press("D")
	d.WaitFor("the second delete", func() bool { return len(opened(d, route.Delete.Key())) == 2 })
	args = lastOpen(t, d, route.Delete)
	if len(args.Versions) != 2 || args.Project.Key() != "lumen" || args.Hidden != 0 {
		t.Fatalf("D got %d versions of %q, hidden %d", len(args.Versions), args.Project.Key(), args.Hidden)
	}
}

func lastOpen(t *testing.T, d *uitest.Driver, r common.Route[route.SelectionArgs]) route.SelectionArgs {
	t.Helper()
	d.WaitFor("an OpenMsg", func() bool {
		for _, msg := range d.Seen {
			if o, ok := msg.(common.OpenMsg); ok && o.Route == r.Key() {
				return true
			}
		}
		return false
	})
	for i := len(d.Seen) - 1; i >= 0; i-- {
		if o, ok := d.Seen[i].(common.OpenMsg); ok && o.Route == r.Key() {
			return o.Args.(route.SelectionArgs)
		}
	}
	return route.SelectionArgs{}
}

func TestFollowsEditsFromOtherScreens(t *testing.T) {
	t.Parallel()
	d, m, _ := start(t, "lumen", 80, 24)
	a, b := m.versionAt(0), m.versionAt(1)
	d.Press("space", "space")
	a.Name = "Renamed elsewhere"
	d.Send(common.VersionsChangedMsg{Project: "lumen", Updated: []api.Version{a}, Deleted: []string{b.ID}})
	if m.versionAt(0).Name != "Renamed elsewhere" || m.versionAt(1).ID == b.ID {
		t.Fatal("rows did not follow the change")
	}
	if m.marks.has(b.ID) || m.Marked()[0].Name != "Renamed elsewhere" {
		t.Fatal("marks did not follow the change")
	}
	if !strings.Contains(d.Screen(), "24 of 24") {
		t.Fatalf("total not updated:\n%s", d.Screen())
	}
}

func TestRefreshKeepsTheCursor(t *testing.T) {
	t.Parallel()
	d, m, cc := start(t, "lumen", 80, 24)
	d.Press("j", "j", "j")
	id := m.selectedID()
	d.Press("r")
	waitLoaded(d, m)
	if len(cc.Lists()) != 2 || m.selectedID() != id {
		t.Fatalf("after refresh: %d requests, cursor on %s, want %s", len(cc.Lists()), m.selectedID(), id)
	}
}

// flaky fails the page it is told to, under the search it is told to, once.
type flaky struct {
	Client
	failPage   int
	failSearch string
	failed     bool
}

func (f *flaky) ListVersions(ctx context.Context, p string, o *api.ListVersionsOptions) ([]api.Version, *api.Response, error) {
	if o.Page == f.failPage && o.Search == f.failSearch && !f.failed {
		f.failed = true
		return nil, nil, &api.Error{StatusCode: 503}
	}
	return f.Client.ListVersions(ctx, p, o)
}

func TestAFailedPageIsAskedForAgainAtTheEnd(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	m := New(uitest.Common(t), &flaky{Client: c, failPage: 2}, route.VersionsArgs{Project: common.ProjectRef{Slug: "emberforge-core"}})
	d := uitest.NewDriver(t, uitest.Screen{S: m}, 80, 24)
	waitLoaded(d, m)
	d.Press("pgdown") // near the end: page 2 fails
	d.WaitFor("the failure", func() bool { return m.failed })
	d.Press("j")
	if m.loading != 0 {
		t.Fatal("a failed page was asked for again before the end")
	}
	d.Press("G")
	waitLoaded(d, m)
	if m.versions.len() != 50 {
		t.Fatalf("%d rows after retrying at the end", m.versions.len())
	}
}

// After the first page of a new filter fails, the old filter's rows go
// (under the new filter line they would look like its answer), the
// screen says nothing is loaded, and what comes next is page 1 of the new
// filter: never its page 2 appended to the old rows.
func TestAFailedFirstPageOfANewFilterIsAskedForAgain(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	m := New(uitest.Common(t), &flaky{Client: c, failPage: 1, failSearch: "1."}, route.VersionsArgs{Project: common.ProjectRef{Slug: "emberforge-core"}})
	d := uitest.NewDriver(t, uitest.Screen{S: m}, 80, 24)
	waitLoaded(d, m)
	d.Press("/")
	d.Type("1.")
	d.Press("enter")
	d.WaitFor("the failure", func() bool { return m.failed })
	if m.versions.len() != 0 || !strings.Contains(d.Screen(), "none loaded yet") || !strings.Contains(d.Screen(), "could not be loaded") {
		t.Fatalf("the old filter's %d rows stay under the new filter:\n%s", m.versions.len(), d.Screen())
	}
	d.Press("r") // as the screen says; the moving keys move no row when none is listed
	waitLoaded(d, m)
	// The rows are the new filter's first pages, nothing before them.
	want, _, err := c.ListVersions(t.Context(), "emberforge-core", &api.ListVersionsOptions{Page: 1, PageSize: 25 * m.page, Search: "1."})
	if err != nil {
		t.Fatal(err)
	}
	if got := column(m, func(v api.Version) string { return v.ID }); !slices.Equal(got, ids(want)) {
		t.Fatalf("page %d, %d rows: not the new filter's first %d", m.page, m.versions.len(), len(want))
	}
	for _, v := range column(m, func(v api.Version) string { return v.Version }) {
		if !strings.Contains(v, "1.") {
			t.Fatalf("row %q of the old filter is still listed", v)
		}
	}
}

// failFirst fails every page 1 while on.
type failFirst struct {
	Client
	on atomic.Bool
}

func (f *failFirst) ListVersions(ctx context.Context, p string, o *api.ListVersionsOptions) ([]api.Version, *api.Response, error) {
	if o.Page == 1 && f.on.Load() {
		return nil, nil, &api.Error{StatusCode: 503}
	}
	return f.Client.ListVersions(ctx, p, o)
}

// A refresh that fails under the same filter keeps the rows: they are
// still its answer, from before.
func TestAFailedRefreshKeepsTheRows(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	ff := &failFirst{Client: c}
	m := New(uitest.Common(t), ff, route.VersionsArgs{Project: common.ProjectRef{Slug: "emberforge-core"}})
	d := uitest.NewDriver(t, uitest.Screen{S: m}, 80, 24)
	waitLoaded(d, m)
	n := m.versions.len()
	ff.on.Store(true)
	d.Press("r")
	d.WaitFor("the failure", func() bool { return m.failed })
	if m.versions.len() != n || n == 0 || strings.Contains(d.Screen(), "none loaded yet") {
		t.Fatalf("a failed refresh left %d of %d rows:\n%s", m.versions.len(), n, d.Screen())
	}
}

func ids(vs []api.Version) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = v.ID
	}
	return out
}

func TestNothingMatches(t *testing.T) {
	t.Parallel()
	d, m, _ := start(t, "lumen", 80, 24)
	d.Press("G", "/")
	d.Type("no such version")
	d.Press("enter")
	waitLoaded(d, m)
	if !strings.Contains(d.Screen(), "No version matches the filter. F clears the filter.") || !strings.Contains(d.Screen(), "0 of 0") {
		t.Fatalf("empty result:\n%s", d.Screen())
	}
	d.Press("j", "enter", "space", "y", "e", "s") // nothing under the cursor: nothing happens
	d.Press("F")
	waitLoaded(d, m)
	if m.versions.len() != 25 {
		t.Fatalf("%d rows after clearing the filter", m.versions.len())
	}
}
