package versions

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"rdash/api"
	"rdash/ui/common"
	"rdash/ui/internal/uitest"
	"rdash/ui/listload"
	"rdash/ui/route"
)

// sortClient watches the list requests a sort makes: how many are in
// flight at once, and which pages of the sort's size were asked for. It
// can hold the sort's pages from page hold on until released (then it
// answers them whatever became of their context, as a slow server
// would), and fail page fail once.
type sortClient struct {
	Client
	hold    int
	release chan struct{}
	fail    int

	mu        sync.Mutex
	now, most int
	pages     []int
	filters   [][]string
	failed    bool
}

func newSortClient(c Client) *sortClient { return &sortClient{Client: c, release: make(chan struct{})} }

func (s *sortClient) ListVersions(ctx context.Context, p string, o *api.ListVersionsOptions) ([]api.Version, *api.Response, error) {
	s.mu.Lock()
	s.now++
	s.most = max(s.most, s.now)
	sorting := o.PageSize == sortPageSize
	if sorting {
		s.pages = append(s.pages, o.Page)
		s.filters = append(s.filters, o.Channels)
	}
	fail := sorting && o.Page == s.fail && !s.failed
	s.failed = s.failed || fail
	s.mu.Unlock()
	defer func() { s.mu.Lock(); s.now--; s.mu.Unlock() }()
	if fail {
		return nil, nil, &api.Error{StatusCode: 503}
	}
	if sorting && s.hold > 0 && o.Page >= s.hold {
		<-s.release
		ctx = context.WithoutCancel(ctx)
	}
	return s.Client.ListVersions(ctx, p, o)
}

// asked returns the sort's pages asked for so far, the channels each was
// filtered by, and the most requests that were in flight at once.
func (s *sortClient) asked() (pages []int, filters [][]string, most int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.pages), slices.Clone(s.filters), s.most
}

func startSorting(t *testing.T, c *sortClient, project string, w, h int) (*uitest.Driver, *Model) {
	t.Helper()
	m := New(uitest.Common(t), c, route.VersionsArgs{Project: common.ProjectRef{Slug: project}})
	d := uitest.NewDriver(t, uitest.Screen{S: m}, w, h)
	waitLoaded(d, m)
	return d, m
}

// every lists all the versions of project under channels, in the
// server's order, straight from the client.
func every(t *testing.T, c Client, project string, channels ...string) []api.Version {
	t.Helper()
	var all []api.Version
	for page := 1; ; page++ {
		vs, resp, err := c.ListVersions(t.Context(), project, &api.ListVersionsOptions{Page: page, PageSize: 100, Channels: channels})
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, vs...)
		if resp.NextPage == 0 {
			return all
		}
	}
}

// byDownloads is vs most downloaded first, ties in the server's order.
func byDownloads(vs []api.Version) []string {
	s := slices.Clone(vs)
	slices.SortStableFunc(s, func(a, b api.Version) int { return int(b.Downloads - a.Downloads) })
	return ids(s)
}

// A sort covers every version, not the pages loaded so far: sorting
// emberforge-core's 1,500 versions by downloads with 50 loaded loads the
// other 1,450 first (pages of 100, at most 4 in flight, each asked for
// once), and the most downloaded of all, 1.1.17, comes out on top, the
// cursor on it.
func TestSortCoversEveryVersion(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	sc := newSortClient(c)
	d, m := startSorting(t, sc, "emberforge-core", 120, 40)
	d.Press("s") // version ↓: the load starts
	if m.all == nil || !strings.Contains(d.Screen(), "then by version ↓ · esc cancels") {
		t.Fatalf("no load under way after s:\n%s", d.Screen())
	}
	d.Press("s", "s", "s") // name, channel, downloads: only the order it ends in changes
	d.Press("j")
	waitLoaded(d, m)
	if m.table.Cursor() != 0 || m.selectedID() != m.versionAt(0).ID {
		t.Errorf("the sort did not go to the top, as gh-dash and k9s do: the cursor is on row %d", m.table.Cursor())
	}
	want := byDownloads(every(t, c, "emberforge-core"))
	if got := column(m, func(v api.Version) string { return v.ID }); !slices.Equal(got, want) {
		t.Fatalf("%d rows, not every version by downloads (%d)", len(got), len(want))
	}
	if top := m.versionAt(0).Version; top != "1.1.17" {
		t.Errorf("on top: %s, want 1.1.17, the most downloaded of all", top)
	}
	screen := d.Screen()
	for _, s := range []string{"1,500 of 1,500", "sort: downloads ↓", "DOWNLOADS ↓", "1.1.17"} {
		if !strings.Contains(screen, s) {
			t.Errorf("screen lacks %q:\n%s", s, screen)
		}
	}
	pages, _, most := sc.asked()
	slices.Sort(pages)
	if wantPages := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}; !slices.Equal(pages, wantPages) || most > sortConcurrency {
		t.Errorf("pages of 100 asked for: %v (want each of 1-15 once); %d requests in flight at most, want <= %d", pages, most, sortConcurrency)
	}
}

// A list already complete sorts at once, without a request.
func TestSortingACompleteListAsksNothing(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	sc := newSortClient(c)
	d, m := startSorting(t, sc, "lumen", 80, 24)
	d.Press("s")
	if pages, _, _ := sc.asked(); m.all != nil || len(pages) != 0 || !strings.Contains(d.Screen(), "sort: version ↓") {
		t.Fatalf("sorting 25 of 25 asked for pages %v:\n%s", pages, d.Screen())
	}
}

// While the rest loads, the count line says how far it is and the rows
// stay in the server's order (the header claims no other); esc stops it:
// the rows loaded stay, unsorted, the replies still on their way change
// nothing, and paging goes on from there, in the load's pages.
func TestSortShowsProgressAndEscCancels(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	sc := newSortClient(c)
	sc.hold = 3
	d, m := startSorting(t, sc, "emberforge-core", 120, 40)
	server := every(t, c, "emberforge-core")
	d.Press("s")
	d.WaitForText("sorting: 200 of 1,500 loaded, then by version ↓ · esc cancels")
	if got := column(m, func(v api.Version) string { return v.ID }); !slices.Equal(got, ids(server[:200])) ||
		strings.ContainsAny(header(d.Screen()), "↑↓") {
		t.Fatalf("while loading, the rows are not the first 200 in the server's order:\n%s", d.Screen())
	}
	seq := m.all.Seq()
	d.Press("esc")
	if m.all != nil || !m.sort.server() {
		t.Fatalf("esc did not stop the sort: sort %v", m.sort)
	}
	d.WaitForText("200 of 1,500 · page 2 · server order")
	close(sc.release) // pages 3 and 4 were in flight: their rows arrive now
	d.WaitFor("the stopped load's last replies", func() bool {
		n := 0
		for _, msg := range d.Seen {
			if p, ok := msg.(listload.PageLoadedMsg); ok && p.Seq == seq && p.Err == nil && p.Page.Number >= 3 {
				n++
			}
		}
		return n == 2
	})
	if m.versions.len() != 200 || m.all != nil {
		t.Fatalf("after esc, the stopped load's replies added rows: %d", m.versions.len())
	}
	d.Press("G") // paging goes on: page 3 of 100, and more as the cursor nears the end
	waitLoaded(d, m)
	if got := column(m, func(v api.Version) string { return v.ID }); len(got) < 300 || !slices.Equal(got, ids(server[:len(got)])) {
		t.Fatalf("paging after esc: %d rows, not the server's first ones", len(got))
	}
}

// Under a sort a new filter loads its whole list for that sort, every
// request filtered as the bar says.
func TestSortHoldsAcrossAFilter(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	sc := newSortClient(c)
	d, m := startSorting(t, sc, "emberforge-core", 120, 40)
	d.Press("s", "s", "s", "s")
	waitLoaded(d, m)
	d.Press("c")
	d.WaitForText("[ ] beta")
	d.Press("j", "space", "enter")
	if !strings.Contains(d.Screen(), "then by downloads ↓") {
		t.Fatalf("the filter did not load its whole list for the sort:\n%s", d.Screen())
	}
	waitLoaded(d, m)
	want := byDownloads(every(t, c, "emberforge-core", "beta"))
	if got := column(m, func(v api.Version) string { return v.ID }); !slices.Equal(got, want) {
		t.Fatalf("%d rows, not every beta version by downloads (%d)", len(got), len(want))
	}
	if !strings.Contains(d.Screen(), fmt.Sprintf("%d of %d", len(want), len(want))) || !strings.Contains(d.Screen(), "sort: downloads ↓") {
		t.Fatalf("count or sort not shown:\n%s", d.Screen())
	}
	pages, filters, _ := sc.asked()
	if len(pages) != 15+listload.LastPage(len(want)) {
		t.Fatalf("pages of 100 asked for: %v, want 15 then %d", pages, listload.LastPage(len(want)))
	}
	for i, f := range filters[15:] {
		if !slices.Equal(f, []string{"beta"}) {
			t.Fatalf("the filter's page %d was asked for with channels %v", pages[15+i], f)
		}
	}
}

// A page that fails stops the sort: the rows loaded stay in the server's
// order and say so, the error offers a retry, and the retry sorts.
func TestAFailedSortPageLeavesTheServerOrder(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	sc := newSortClient(c)
	sc.fail = 3
	d, m := startSorting(t, sc, "emberforge-core", 120, 40)
	d.Press("S") // created ↑: oldest first
	var report common.ErrorMsg
	d.WaitFor("the error", func() bool {
		for _, msg := range d.Seen {
			if e, ok := msg.(common.ErrorMsg); ok {
				report = e
				return true
			}
		}
		return false
	})
	var apiErr *api.Error
	if !errors.As(report.Err, &apiErr) || report.Retry == nil || !strings.Contains(report.Context, "to sort by created ↑") {
		t.Fatalf("error report: %+v", report)
	}
	if m.all != nil || !m.sort.server() || !strings.Contains(d.Screen(), "server order") {
		t.Fatalf("after the failure the screen claims a sort:\n%s", d.Screen())
	}
	d.Send(report.Retry())
	waitLoaded(d, m)
	if m.versions.len() != 1500 || !strings.Contains(d.Screen(), "sort: created ↑") || m.versionAt(0).ID != every(t, c, "emberforge-core")[1499].ID {
		t.Fatalf("the retry did not sort all 1,500 oldest first (%d rows):\n%s", m.versions.len(), d.Screen())
	}
}

// Deleting a listed version moves the server's later versions up a page:
// paging goes on from the page that now holds the first version not
// loaded, so none is skipped.
func TestDeletingALoadedVersionSkipsNone(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	d, m := startSorting(t, newSortClient(c), "emberforge-core", 80, 24)
	gone := m.versionAt(10)
	if _, err := c.DeleteVersions(t.Context(), "emberforge-core", []string{gone.ID}); err != nil {
		t.Fatal(err)
	}
	d.Send(common.VersionsChangedMsg{Project: "emberforge-core", Deleted: []string{gone.ID}})
	d.Press("G")
	waitLoaded(d, m)
	server := every(t, c, "emberforge-core")
	if got := column(m, func(v api.Version) string { return v.ID }); !slices.Equal(got, ids(server[:len(got)])) || len(got) < 70 {
		t.Fatalf("after a deletion, %d rows are not the server's first ones", len(got))
	}
}

// header is the table's header line on screen.
func header(screen string) string {
	for l := range strings.Lines(screen) {
		if strings.Contains(l, "VERSION") {
			return l
		}
	}
	return ""
}
