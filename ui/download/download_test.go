package download

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"

	"rdash/api"
	"rdash/ui/common"
	"rdash/ui/internal/uitest"
	"rdash/ui/route"
)

// publishOne creates a version of lumen with the given uploads (name →
// content) and URLs, and returns it as the list would: without files.
func publishOne(t *testing.T, c *api.Client, version string, uploads map[string]string, urls ...string) api.Version {
	t.Helper()
	r := &api.CreateVersionRequest{Channel: "release", Version: version, Name: "Lumen " + version}
	for name, body := range uploads {
		r.Files = append(r.Files, name)
		r.Uploads = append(r.Uploads, api.Upload{Name: name,
			Open: func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(body)), nil }})
	}
	r.Files = append(r.Files, urls...)
	v, _, err := c.CreateVersion(t.Context(), "lumen", r)
	if err != nil {
		t.Fatal(err)
	}
	listed := *v
	listed.Files = nil
	return listed
}

type env struct {
	t    *testing.T
	d    *uitest.Driver
	m    *Model
	w, h int
}

func open(t *testing.T, cl Client, v api.Version, dir string, w, h int) *env {
	t.Helper()
	m := New(uitest.Common(t), cl, route.DetailArgs{Project: common.ProjectRef{Slug: "lumen"}, Version: v})
	m.dir.SetValue(dir)
	e := &env{t: t, m: m, w: w, h: h}
	e.d = uitest.NewDriver(t, uitest.Screen{S: m}, w, h)
	e.d.WaitFor("the files", func() bool { return !m.loading })
	return e
}

func (e *env) done() {
	e.t.Helper()
	e.d.WaitFor("the download to end", func() bool { return e.m.stage == stageDone })
	uitest.RequireFits(e.t, e.d.Screen(), e.w, e.h)
	uitest.RequireTerminalSafe(e.t, e.d.Raw())
}

func TestDownloadVerified(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	body := strings.Repeat("lumen", 1000)
	v := publishOne(t, c, "8.8.8", map[string]string{"lumen-8.8.8.jar": body})
	dir := t.TempDir()
	e := open(t, c, v, dir, 100, 30)
	e.d.Press("enter")
	e.done()
	if e.m.failed || !strings.Contains(e.m.outcome, "sha256 verified") {
		t.Fatalf("outcome = %q", e.m.outcome)
	}
	got, err := os.ReadFile(filepath.Join(dir, "lumen-8.8.8.jar"))
	if err != nil || string(got) != body {
		t.Fatalf("saved %d bytes, err %v", len(got), err)
	}
	if _, err := os.Stat(filepath.Join(dir, "lumen-8.8.8.jar.part")); !os.IsNotExist(err) {
		t.Errorf(".part left: %v", err)
	}
}

// downloads counts the downloads begun.
type downloads struct {
	Client
	n atomic.Int32
}

func (d *downloads) Download(ctx context.Context, p, v, f string) (io.ReadCloser, *api.Response, error) {
	d.n.Add(1)
	return d.Client.Download(ctx, p, v, f)
}

// TestExistingFileAsks: downloading a file that is already there asks,
// before anything is fetched, whether to overwrite it or keep both (the
// new one saved as "name (1).jar", as browsers do); esc fetches nothing.
func TestExistingFileAsks(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	v := publishOne(t, c, "8.8.7", map[string]string{"lumen-8.8.7.jar": "fresh"})
	dir := t.TempDir()
	mine := filepath.Join(dir, "lumen-8.8.7.jar")
	if err := os.WriteFile(mine, []byte("mine"), 0o600); err != nil {
		t.Fatal(err)
	}
	cl := &downloads{Client: c}
	e := open(t, cl, v, dir, 100, 30)
	asked := func(n string) {
		t.Helper()
		e.d.Press("enter")
		e.d.WaitFor("the question", func() bool { return e.m.stage == stageExists })
		for _, want := range []string{"lumen-8.8.7.jar is already in", "o  overwrite it", "k  keep both: save this one as lumen-8.8.7 (" + n + ").jar"} {
			if !strings.Contains(e.d.Screen(), want) {
				t.Fatalf("no %q in the question:\n%s", want, e.d.Screen())
			}
		}
	}
	asked("1")
	if cl.n.Load() != 0 || !e.m.Capturing() {
		t.Fatalf("%d downloads begun before the answer, or esc is the root's", cl.n.Load())
	}
	e.d.Press("esc")
	if e.m.stage != stageChoose || cl.n.Load() != 0 {
		t.Fatal("esc did not answer: download nothing")
	}
	asked("1")
	e.d.Press("k")
	e.done()
	both := filepath.Join(dir, "lumen-8.8.7 (1).jar")
	if got, _ := os.ReadFile(both); string(got) != "fresh" || !strings.Contains(e.m.outcome, "Saved lumen-8.8.7 (1).jar") {
		t.Fatalf("keep both: %s holds %q; outcome %q", both, got, e.m.outcome)
	}
	if got, _ := os.ReadFile(mine); string(got) != "mine" {
		t.Fatalf("keep both changed the file that was there: %q", got)
	}
	e.d.Press("enter")
	asked("2")
	e.d.Press("o")
	e.done()
	if got, _ := os.ReadFile(mine); string(got) != "fresh" || e.m.failed {
		t.Fatalf("overwrite: %q, outcome %q", got, e.m.outcome)
	}
	if names, _ := os.ReadDir(dir); len(names) != 2 {
		t.Errorf("files: %v; want the file and its sibling, no .part", names)
	}
}

func TestExternalIsShownNotFetched(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	v := publishOne(t, c, "8.8.9", nil, "https://example.com/lumen-8.8.9.zip")
	dir := t.TempDir()
	e := open(t, c, v, dir, 100, 30)
	e.d.WaitForText("https://example.com/lumen-8.8.9.zip primary  external, not fetched")
	e.d.Press("enter")
	e.d.WaitFor("the URL copied", func() bool { return len(e.d.Clipboard()) == 1 })
	var status string
	e.d.WaitFor("the copy's status", func() bool {
		for _, msg := range e.d.Seen {
			if s, ok := msg.(common.StatusMsg); ok {
				status = s.Text
			}
		}
		return status != ""
	})
	// Not "copied": a terminal never confirms OSC 52 (clipboard.Copy).
	if want := "sent the URL of the external file (not fetched) to the terminal's clipboard (cannot confirm)"; status != want {
		t.Errorf("status %q, want %q", status, want)
	}
	if e.m.stage != stageChoose {
		t.Error("an external file started a download")
	}
	if names, _ := os.ReadDir(dir); len(names) != 0 {
		t.Errorf("files written: %v", names)
	}
}

// stalled serves the first bytes of a download, then waits for the
// context to end, as a slow link would.
type stalled struct {
	Client
	read    chan struct{}
	slowEnd time.Duration // how long a read takes to see the cancel
}

func (s *stalled) Download(ctx context.Context, p, v, f string) (io.ReadCloser, *api.Response, error) {
	rc, resp, err := s.Client.Download(ctx, p, v, f)
	if err != nil {
		return rc, resp, err
	}
	return &stall{rc: rc, ctx: ctx, read: s.read, slowEnd: s.slowEnd}, resp, nil
}

type stall struct {
	rc      io.ReadCloser
	ctx     context.Context
	read    chan struct{}
	first   bool
	slowEnd time.Duration
}

func (s *stall) Read(b []byte) (int, error) {
	if !s.first {
		s.first = true
		n, err := s.rc.Read(b[:min(len(b), 1000)])
		close(s.read)
		return n, err
	}
	<-s.ctx.Done()
	if s.slowEnd > 0 {
		time.Sleep(s.slowEnd) // a link slow to notice the end
	}
	return 0, s.ctx.Err()
}

func (s *stall) Close() error { return s.rc.Close() }

func waitRead(e *env, s *stalled) {
	e.d.WaitFor("the first bytes", func() bool {
		select {
		case <-s.read:
			return true
		default:
			return false
		}
	})
}

func TestCancelRemovesThePart(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	v := publishOne(t, c, "8.9.0", map[string]string{"lumen-8.9.0.jar": strings.Repeat("x", 5000)})
	dir := t.TempDir()
	s := &stalled{Client: c, read: make(chan struct{})}
	e := open(t, s, v, dir, 100, 30)
	e.d.Press("enter")
	waitRead(e, s)
	e.d.Press("esc")
	e.done()
	if !e.m.failed || !strings.Contains(e.m.outcome, "Cancelled") {
		t.Errorf("outcome = %q", e.m.outcome)
	}
	if names, _ := os.ReadDir(dir); len(names) != 0 {
		t.Errorf("files left: %v", names)
	}
}

// TestCloseWaitsForThePartToGo: leaving the dashboard (Close, as on
// ctrl+c) mid-download returns only once the .part is removed, though the
// transfer takes a while to notice the cancel: the process may exit right
// after, and a .part left would refuse the next try.
func TestCloseWaitsForThePartToGo(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	v := publishOne(t, c, "8.9.2", map[string]string{"lumen-8.9.2.jar": strings.Repeat("x", 5000)})
	dir := t.TempDir()
	s := &stalled{Client: c, read: make(chan struct{}), slowEnd: 300 * time.Millisecond}
	e := open(t, s, v, dir, 100, 30)
	e.d.Press("enter")
	waitRead(e, s)
	if _, err := os.Stat(filepath.Join(dir, "lumen-8.9.2.jar.part")); err != nil {
		t.Fatalf("no .part while downloading: %v", err)
	}
	e.m.Close()
	if names, _ := os.ReadDir(dir); len(names) != 0 {
		t.Errorf("files left after Close: %v", names)
	}
}

// TestGolden pins the choice (of a file, of an external one, of the
// directory), the progress, the results, the question about a file
// already there and files that could not be read, at every size; the
// temporary directory reads DIR in them.
func TestGolden(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	v := publishOne(t, c, "8.9.1", map[string]string{"lumen-8.9.1.jar": strings.Repeat("y", 5000)},
		"https://example.com/lumen-8.9.1-sources.zip")
	for _, size := range [][2]int{{60, 20}, {80, 24}, {120, 40}, {200, 60}} {
		t.Run(strings.Join([]string{itoa(size[0]), itoa(size[1])}, "x"), func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			s := &stalled{Client: c, read: make(chan struct{})}
			e := open(t, s, v, dir, size[0], size[1])
			check := func(name string) {
				t.Run(name, func(t *testing.T) {
					uitest.RequireFits(t, e.d.Screen(), size[0], size[1])
					uitest.RequireTerminalSafe(t, e.d.Raw())
					golden.RequireEqual(t, normalize(e.d.Screen(), dir))
				})
			}
			check("choose")
			e.d.Press("down")
			check("external")
			e.d.Press("up", "tab")
			check("directory")
			e.d.Press("tab")
			e.d.Press("enter")
			waitRead(e, s)
			e.m.run.Start(uitest.Now().Add(-2 * time.Second))
			e.m.run.Set(1000, 0)
			check("progress")
			e.d.Press("esc")
			e.done()
			check("cancelled")
			e.d.Press("enter")
			e.m.client = c
			e.d.Press("enter")
			e.done()
			check("saved")
			e.d.Press("enter", "enter")
			e.d.WaitFor("the question", func() bool { return e.m.stage == stageExists })
			check("exists")
			e = open(t, c, api.Version{ID: "nosuchid", Version: "9.9.9"}, dir, size[0], size[1])
			check("unread")
		})
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// normalize names the temporary directory DIR and drops the spaces that
// pad lines, whose count follows the directory's length.
func normalize(screen, dir string) string {
	lines := strings.Split(strings.ReplaceAll(screen, dir, "DIR"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}

// TestRouteFits registers the screen as the root would, so the line the
// report asks the lead to add compiles against this factory.
func TestRouteFits(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	reg := common.NewRegistry()
	common.Register(reg, common.Route[route.DetailArgs]("download"), Factory(c))
	v := publishOne(t, c, "8.9.2", map[string]string{"x.jar": "x"})
	s, err := reg.Build(uitest.Common(t), common.OpenMsg{Route: "download", Args: route.DetailArgs{Project: common.ProjectRef{Slug: "lumen"}, Version: v}})
	if err != nil || s.Title() != "download 8.9.2" {
		t.Fatalf("built %v, %v", s, err)
	}
}

// TestDirectoryReadsTildeAsHome: ~ in the directory field is the home
// directory, as in the publish screen's add-file field.
func TestDirectoryReadsTildeAsHome(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home) // not parallel: the environment is the process's
	c, _ := uitest.Sandbox(t, "alice")
	v := publishOne(t, c, "8.9.3", map[string]string{"lumen-8.9.3.jar": "tilde"})
	if err := os.Mkdir(filepath.Join(home, "mods"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{"~", "~/mods"} {
		e := open(t, c, v, dir, 100, 30)
		e.d.Press("enter")
		e.done()
		if e.m.failed {
			t.Fatalf("%s: %s", dir, e.m.outcome)
		}
		want := filepath.Join(common.ExpandHome(dir), "lumen-8.9.3.jar")
		if got, err := os.ReadFile(want); err != nil || string(got) != "tilde" || !strings.HasPrefix(want, home) {
			t.Errorf("%s: %s holds %q, err %v", dir, want, got, err)
		}
	}
}
