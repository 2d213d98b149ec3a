package versions

import (
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/api/sandbox"
	"rdash/api/sandbox/sandboxtest"
	"rdash/ui/common"
	"rdash/ui/internal/uitest"
	"rdash/ui/route"
)

// capped stands for a server that sends at most cap items a page,
// whatever page_size asks, and says nothing of it: it rewrites page_size
// on the way to the sandbox, and counts the requests.
type capped struct {
	cap int
	n   atomic.Int64
}

func (c *capped) RoundTrip(r *http.Request) (*http.Response, error) {
	c.n.Add(1)
	q := r.URL.Query()
	if n, err := strconv.Atoi(q.Get("page_size")); err != nil || n > c.cap {
		q.Set("page_size", strconv.Itoa(c.cap))
	}
	r = r.Clone(r.Context())
	r.URL.RawQuery = q.Encode()
	return http.DefaultTransport.RoundTrip(r)
}

// strictScreen opens project's versions against the strict sandbox,
// whose pages are capped at cap items when cap is not 0.
func strictScreen(t *testing.T, project string, cap *capped) (*uitest.Driver, *Model) {
	t.Helper()
	srv, run := sandboxtest.Start(t, sandbox.Options{Strict: true, Now: uitest.Now})
	tok, err := srv.MintToken("bob")
	if err != nil {
		t.Fatal(err)
	}
	var rt http.RoundTripper = http.DefaultTransport
	if cap != nil {
		rt = cap
	}
	c := uitest.Client(t, run.BaseURL, "", api.WithHTTPClient(&http.Client{Transport: sandboxtest.Bearer{Token: tok, Next: rt}}))
	m := New(uitest.Common(t), c, route.VersionsArgs{Project: common.ProjectRef{Slug: project}})
	d := uitest.NewDriver(t, uitest.Screen{S: m}, 120, 40)
	waitLoaded(d, m)
	return d, m
}

// infoLine is the screen's last line: the counts.
func infoLine(d *uitest.Driver) string {
	ls := strings.Split(d.Screen(), "\n")
	return ls[len(ls)-1]
}

// Without a total the count line claims no more than the pages showed:
// lumen's 25 in a page of 25, then an empty page, is "25 loaded, no
// more"; never "of", never "more to come".
func TestCountWithoutATotal(t *testing.T) {
	t.Parallel()
	d, m := strictScreen(t, "lumen", nil)
	d.WaitFor("the empty page 2", func() bool { return m.next == 0 && m.page == 2 })
	if got := infoLine(d); !strings.HasPrefix(got, "25 loaded, no more · ") {
		t.Fatalf("count line %q, want 25 loaded, no more", got)
	}
}

// A server that caps pages at 10 and sends no total: a page of 10 when
// 25 were asked is not the end. Paging goes on while pages are as long
// as the first (the count line says more may follow), and a sort loads
// all 1,500 in pages of 10 before it claims an order. Before, the first
// page of 10 was taken for the whole list: "10 loaded", and a sort of
// those 10.
func TestACappedServerIsReadToTheEnd(t *testing.T) {
	t.Parallel()
	cc := &capped{cap: 10}
	d, m := strictScreen(t, "emberforge-core", cc)
	if m.versions.len() < 30 || m.next == 0 || !strings.HasPrefix(infoLine(d), common.Count(int64(m.versions.len()))+" loaded, more may follow · ") {
		t.Fatalf("%d rows, next %d; count line %q", m.versions.len(), m.next, infoLine(d))
	}
	before := cc.n.Load()
	d.Press("s") // version ↓: everything first
	waitLoaded(d, m)
	if m.versions.len() != 1500 || !strings.HasPrefix(infoLine(d), "1,500 loaded, no more · ") || !strings.Contains(infoLine(d), "sort: version ↓") {
		t.Fatalf("%d rows after the sort; count line %q", m.versions.len(), infoLine(d))
	}
	// 150 pages of 10 and the empty 151st: none asked twice, and the
	// rows loaded before counted in pages of 100 from page 1.
	if n := cc.n.Load() - before; n > 151+sortConcurrency {
		t.Errorf("%d requests for the sort's load, want about 151", n)
	}
}

// The rows are in the server's order until rdash sorts them, and the
// screen says that and no more: against the strict server (oldest
// first) no column has an arrow and the status says "server order".
// Sorting by created ↓ loads every version first, then the newest,
// 6.19.3, is on top. Before, "CREATED ↓" and "sort: created ↓" stood
// over the oldest versions.
func TestTheServersOrderIsShownAsSuch(t *testing.T) {
	t.Parallel()
	d, m := strictScreen(t, "emberforge-core", nil)
	oldest := m.versionAt(0)
	if h := header(d.Screen()); strings.ContainsAny(h, "↑↓") || !strings.Contains(infoLine(d), "· server order") || !oldest.CreatedAt.Before(m.versionAt(1).CreatedAt) {
		t.Fatalf("unsorted, the screen claims an order (first row %s):\n%s", oldest.Version, d.Screen())
	}
	d.Press("S", "S") // created ↑, then ↓ before the load ends
	waitLoaded(d, m)
	if m.versionAt(0).Version != "6.19.3" || !strings.Contains(header(d.Screen()), "CREATED ↓") || !strings.Contains(infoLine(d), "sort: created ↓") {
		t.Fatalf("sorted by created ↓: first row %s:\n%s", m.versionAt(0).Version, d.Screen())
	}
	d.Press("s") // past the last column: the server's order again, all loaded
	if m.versionAt(0).ID != oldest.ID || strings.ContainsAny(header(d.Screen()), "↑↓") || !strings.Contains(infoLine(d), "server order") {
		t.Fatalf("back to the server's order: first row %s:\n%s", m.versionAt(0).Version, d.Screen())
	}
}

// A channel no loaded version is in (emberforge-core's empty lts) can be
// typed in the channel picker and is sent as it is; the empty list says
// what it is empty of. Both profiles: the project has the channel.
func TestATypedChannelIsSent(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	cc := &uitest.Counting{Client: c}
	m := New(uitest.Common(t), cc, route.VersionsArgs{Project: common.ProjectRef{Slug: "emberforge-core"}})
	d := uitest.NewDriver(t, uitest.Screen{S: m}, 100, 30)
	waitLoaded(d, m)
	d.Press("c")
	d.WaitForText("o types another")
	if strings.Contains(d.Screen(), "[ ] lts") {
		t.Fatal("lts offered before it was typed: the test proves nothing")
	}
	d.Press("o")
	d.Type("lts")
	d.Press("enter")
	d.WaitForText("[x] lts")
	d.Press("enter")
	waitLoaded(d, m)
	lists := cc.Lists()
	if got := lists[len(lists)-1].Channels; len(got) != 1 || got[0] != "lts" {
		t.Fatalf("channels sent: %v, want [lts]", got)
	}
	for _, want := range []string{"channel: lts", "No version in channel lts. F clears the filter.", "0 of 0"} {
		if !strings.Contains(d.Screen(), want) {
			t.Errorf("screen lacks %q:\n%s", want, d.Screen())
		}
	}
}

// Typing a channel can be left with esc: nothing is added, the picker
// stays open.
func TestTypingAChannelCanBeLeft(t *testing.T) {
	t.Parallel()
	d, m, _ := start(t, "lumen", 100, 30)
	d.Press("c", "o")
	d.Type("nightly")
	d.Press("esc")
	if m.mode != modeChannels || m.channels.typing() || strings.Contains(d.Screen(), "nightly") {
		t.Fatalf("esc while typing a channel:\n%s", d.Screen())
	}
}

// Counts in the status say "1 mark", not "1 marks".
func TestMarkCountsAgree(t *testing.T) {
	t.Parallel()
	d, _, _ := start(t, "lumen", 100, 30)
	d.Press("space", "A")
	waitStatus(d, "cleared 1 mark")
	d.Press("space", "space", "A")
	waitStatus(d, "cleared 2 marks")
}

// waitStatus waits for the screen to send the status text.
func waitStatus(d *uitest.Driver, text string) {
	d.WaitFor("the status "+text, func() bool {
		return slices.ContainsFunc(d.Seen, func(msg tea.Msg) bool {
			s, ok := msg.(common.StatusMsg)
			return ok && s.Text == text
		})
	})
}
