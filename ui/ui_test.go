package ui

import (
	"context"
	"errors"
	"fmt"
	"image/color"
	"io"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/exp/golden"

	"rdash/api"
	"rdash/api/sandbox"
	"rdash/config"
	"rdash/ui/common"
	"rdash/ui/detail"
	"rdash/ui/internal/uitest"
	"rdash/ui/markdown"
	"rdash/ui/route"
	"rdash/ui/versions"
)

type setup struct {
	client  Client
	config  *config.Config
	project string
	routes  func(*common.Registry)
	w, h    int
	// session, when set, signs in and out; its client replaces client.
	session *uitest.Session
}

func start(t *testing.T, s setup) (*uitest.Driver, *Model) {
	t.Helper()
	if s.client == nil && s.session == nil {
		s.client, _ = uitest.Sandbox(t, "alice")
	}
	if s.config == nil {
		s.config = uitest.Config()
	}
	if s.w == 0 {
		s.w, s.h = 80, 24
	}
	opts := Options{Client: s.client, Config: s.config, Now: uitest.Now, Context: t.Context(),
		Project: s.project, Routes: s.routes}
	if s.session != nil {
		opts.Client, opts.Session = s.session.Client, s.session
		s.config.BaseURL = s.session.Settings.BaseURL
	}
	m := New(opts)
	return uitest.NewDriver(t, m, s.w, s.h), m
}

// settle waits until nothing is loading and the header knows the user.
func settle(d *uitest.Driver, m *Model) {
	d.WaitFor("the dashboard to settle", func() bool { return m.busy() == "" && len(m.stack) > 0 && m.top().Busy() == "" })
}

// ready waits for the user in the header and, when one was asked for,
// the project's versions on screen.
func ready(d *uitest.Driver, m *Model, project string) {
	d.WaitForText("@alice")
	if project != "" {
		d.WaitFor("the project", func() bool { return len(m.stack) == 2 })
	}
	settle(d, m)
}

func lines(s string) []string { return strings.Split(s, "\n") }

func TestBrowseAndGoBack(t *testing.T) {
	t.Parallel()
	d, m := start(t, setup{})
	d.WaitForText("@alice")
	d.WaitForText("YOUR PROJECTS")
	d.Press("enter")
	d.WaitForText("25 of 25 · page 1")
	if got := lines(d.Screen())[0]; !strings.HasPrefix(got, "rdash › projects › lumen") {
		t.Fatalf("header = %q", got)
	}
	d.Press("enter")
	d.WaitFor("the detail", func() bool { _, ok := m.top().(*detail.Model); return ok })
	settle(d, m)
	if got := lines(d.Screen())[0]; !strings.HasPrefix(got, "rdash › projects › lumen › 2.4.0") {
		t.Fatalf("header = %q", got)
	}
	d.Press("esc")
	if _, ok := m.top().(*versions.Model); !ok || !strings.Contains(d.Screen(), "25 of 25") {
		t.Fatalf("esc did not go back to the versions:\n%s", d.Screen())
	}
	d.Press("esc", "esc") // the picker is home: esc stays there
	if len(m.stack) != 1 || d.Quit() {
		t.Fatalf("stack %d, quit %v", len(m.stack), d.Quit())
	}
	d.Press("q")
	d.WaitFor("q to quit", d.Quit)
}

func TestTextFieldsWinOverGlobalKeys(t *testing.T) {
	t.Parallel()
	d, m := start(t, setup{project: "lumen"})
	d.WaitForText("25 of 25")
	d.Press("/")
	d.Type("q?")
	if d.Quit() || m.showHelp || !strings.Contains(d.Screen(), "search: q?") {
		t.Fatalf("q or ? escaped the search field:\n%s", d.Screen())
	}
	if got := lines(d.Screen())[len(lines(d.Screen()))-1]; strings.Contains(got, "quit") {
		t.Fatalf("footer offers quit while typing: %q", got)
	}
	d.Press("esc") // leaves the field, not the screen
	if _, ok := m.top().(*versions.Model); !ok {
		t.Fatal("esc in a field closed the screen")
	}
	d.Press("/", "ctrl+c")
	d.WaitFor("ctrl+c to quit", d.Quit)
}

func TestHelpOverlay(t *testing.T) {
	t.Parallel()
	d, m := start(t, setup{project: "lumen"})
	d.WaitForText("25 of 25")
	d.Press("?")
	for _, want := range []string{"mark all loaded", "game", "copy URL", "back", "quit"} {
		if !strings.Contains(d.Screen(), want) {
			t.Errorf("help lacks %q", want)
		}
	}
	uitest.RequireFits(t, d.Screen(), 80, 24)
	d.Press("j")
	if m.showHelp || d.Quit() {
		t.Fatal("a key did not close the help")
	}
}

func TestSignedOutShowsThePanel(t *testing.T) {
	t.Parallel()
	_, base := uitest.Start(t)
	d, _ := start(t, setup{client: uitest.Client(t, base, "revoked-token"), project: "lumen"})
	d.WaitForText("Signed out")
	for _, want := range []string{"Sign in again: run `rdash auth login`", "While opening lumen", "r retry", "esc dismiss"} {
		if !strings.Contains(d.Screen(), want) {
			t.Errorf("panel lacks %q:\n%s", want, d.Screen())
		}
	}
	d.Press("j", "q") // the panel holds the keys; q still quits
	d.WaitFor("q to quit", d.Quit)
}

func TestUnreachableServerOffersRetry(t *testing.T) {
	t.Parallel()
	srv, err := sandbox.New(sandbox.Options{Now: uitest.Now})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	outage := &outageListener{Listener: ln, over: make(chan struct{})}
	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = hs.Serve(outage) }()
	t.Cleanup(func() { hs.Close() })
	addr := ln.Addr().String()
	d, m := start(t, setup{client: uitest.Client(t, "http://"+addr+sandbox.APIPrefix, ""), project: "lumen"})
	d.WaitForText("Server unreachable")
	if !strings.Contains(d.Screen(), "Cannot reach the server at "+addr) {
		t.Fatalf("panel:\n%s", d.Screen())
	}
	uitest.RequireFits(t, d.Screen(), 80, 24)
	close(outage.over) // the network comes back: r runs the request again
	d.Press("r")
	d.WaitForText("25 of 25 · page 1")
	if m.panel != nil {
		t.Fatal("the panel stayed after a successful retry")
	}
}

// outageListener resets every connection until over is closed, then
// hands them to the server: the server cannot be reached, then the
// network comes back, at the same address, which the test holds all
// along (giving the port up and listening on it again may find it taken).
type outageListener struct {
	net.Listener
	over chan struct{}
}

func (l *outageListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		select {
		case <-l.over:
			return c, nil
		default:
			// A reset, not a polite close: what a dial to a closed port gets.
			_ = c.(*net.TCPConn).SetLinger(0)
			c.Close()
		}
	}
}

func TestRecoverableErrorsGoToTheStatusLine(t *testing.T) {
	t.Parallel()
	d, m := start(t, setup{project: "no-such-project"})
	d.WaitForText("✗ No project no-such-project.")
	if m.panel != nil || len(m.stack) != 1 {
		t.Fatal("a missing project blocked the dashboard")
	}
}

// fakeBulk stands for a screen written later, registered through Options.Routes.
type fakeBulk struct {
	args  route.SelectionArgs
	seen  int
	close bool
}

func (f *fakeBulk) Init() tea.Cmd                           { return nil }
func (f *fakeBulk) Update(tea.Msg) (common.Screen, tea.Cmd) { f.seen++; return f, nil }
func (f *fakeBulk) View() string                            { return fmt.Sprintf("editing %d versions", len(f.args.Versions)) }
func (f *fakeBulk) SetSize(int, int)                        {}
func (f *fakeBulk) Title() string                           { return "bulk edit" }
func (f *fakeBulk) Capturing() bool                         { return false }
func (f *fakeBulk) Busy() string                            { return "" }
func (f *fakeBulk) ShortHelp() []key.Binding                { return nil }
func (f *fakeBulk) FullHelp() [][]key.Binding               { return nil }
func (f *fakeBulk) Close()                                  { f.close = true }

func TestScreensPlugInThroughRoutes(t *testing.T) {
	t.Parallel()
	bulk := &fakeBulk{}
	routes := func(reg *common.Registry) {
		common.Register(reg, route.BulkEdit, func(_ common.Common, a route.SelectionArgs) (common.Screen, error) {
			bulk.args = a
			return bulk, nil
		})
	}
	d, m := start(t, setup{project: "lumen", routes: routes})
	d.WaitForText("25 of 25")
	d.Press("space", "space", "e")
	d.WaitForText("editing 2 versions")
	if !strings.Contains(lines(d.Screen())[0], "lumen › bulk edit") || bulk.args.Project.Key() != "lumen" {
		t.Fatalf("bulk screen not on top:\n%s", d.Screen())
	}
	d.Press("esc")
	if !bulk.close {
		t.Fatal("leaving the screen did not close it")
	}
	d.Send(common.OpenMsg{Route: "nowhere"}) // no screen registered for it
	d.WaitForText("nowhere is not available in this build")
	if _, ok := m.top().(*versions.Model); !ok {
		t.Fatal("an unregistered route changed the screen")
	}
}

func TestHiddenScreensStillGetTheirReplies(t *testing.T) {
	t.Parallel()
	d, m := start(t, setup{project: "emberforge-core"})
	d.WaitForText("25 of 1,500")
	v := m.top().(*versions.Model)
	d.Press("G", "enter") // page 2 is on its way when the detail opens
	d.WaitFor("the detail", func() bool { _, ok := m.top().(*detail.Model); return ok })
	settle(d, m)
	if !strings.Contains(v.View(), "50 of 1,500 · page 2") {
		t.Fatalf("the hidden versions screen did not add page 2:\n%s", v.View())
	}
}

// hangingGet answers GetVersion only once the request is cancelled, and
// then not with context.Canceled but as a body cut short would: the
// worst case of a reply racing the user's esc.
type hangingGet struct {
	Client
	asked chan struct{}
}

func (h *hangingGet) GetVersion(ctx context.Context, _, _ string) (*api.Version, *api.Response, error) {
	close(h.asked)
	<-ctx.Done()
	return nil, nil, fmt.Errorf("reading the answer: %w", io.ErrUnexpectedEOF)
}

func TestLeavingAScreenCancelsItsRequests(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	hang := &hangingGet{Client: c, asked: make(chan struct{})}
	d, m := start(t, setup{client: hang, project: "lumen"})
	d.WaitForText("25 of 25")
	d.Press("enter")
	d.WaitFor("the detail", func() bool { _, ok := m.top().(*detail.Model); return ok })
	id := m.stack[len(m.stack)-1].id
	d.WaitFor("the detail's request", func() bool {
		select {
		case <-hang.asked:
			return true
		default:
			return false
		}
	})
	d.Press("esc")
	d.WaitFor("the detail's cut-short reply", func() bool {
		for _, msg := range d.Seen {
			if e, ok := msg.(envelope); ok && e.from == id {
				if _, rendering := e.msg.(markdown.Rendered); !rendering {
					return true
				}
			}
		}
		return false
	})
	settle(d, m)
	if m.panel != nil || m.status.View() != "" {
		t.Fatalf("a cancelled request was reported: %q", m.status.View())
	}
}

func TestThemeFollowsTheTerminal(t *testing.T) {
	t.Parallel()
	cfg := uitest.Config()
	cfg.Theme = "auto"
	d, m := start(t, setup{config: cfg, project: "lumen"})
	d.WaitForText("25 of 25")
	d.Press("enter")
	d.WaitFor("the detail", func() bool { _, ok := m.top().(*detail.Model); return ok })
	settle(d, m)
	d.Send(tea.BackgroundColorMsg{Color: color.White})
	settle(d, m)
	if m.common.Styles.Theme.Dark {
		t.Fatal("a light background kept the dark theme")
	}
	fixed := uitest.Config()
	fixed.Theme = "dark"
	d2, m2 := start(t, setup{config: fixed})
	d2.Send(tea.BackgroundColorMsg{Color: color.White})
	if !m2.common.Styles.Theme.Dark {
		t.Fatal("the configured theme was overridden")
	}
}

func TestViewSettings(t *testing.T) {
	t.Parallel()
	_, m := start(t, setup{})
	v := m.View()
	if !v.AltScreen || v.MouseMode != tea.MouseModeNone {
		t.Fatalf("AltScreen %v, MouseMode %v", v.AltScreen, v.MouseMode)
	}
	cfg := uitest.Config()
	cfg.Mouse = true
	_, m2 := start(t, setup{config: cfg})
	if m2.View().MouseMode != tea.MouseModeCellMotion {
		t.Fatal("mouse: true did not turn the mouse on")
	}
}

func TestNoColor(t *testing.T) {
	t.Parallel()
	cfg := uitest.Config()
	cfg.Env.NoColor = true
	d, _ := start(t, setup{config: cfg, project: "lumen"})
	d.WaitForText("25 of 25")
	if strings.Contains(d.Raw(), "38;") || strings.Contains(d.Raw(), "48;") || !strings.Contains(d.Raw(), "\x1b[7m") {
		t.Fatal("NO_COLOR: colours shown or the cursor is invisible")
	}
}

// TERM=dumb or unset: colorprofile's NoTTY would strip reverse video too,
// so the dashboard draws with the NO_COLOR styles, which keep the cursor.
func TestDumbTerminalKeepsTheCursorVisible(t *testing.T) {
	t.Parallel()
	cfg := uitest.Config()
	cfg.Env.DumbTerminal = true
	d, m := start(t, setup{config: cfg, project: "lumen"})
	d.WaitForText("25 of 25")
	if !m.common.Styles.Theme.NoColor || strings.Contains(d.Raw(), "38;") || !strings.Contains(d.Raw(), "\x1b[7m") {
		t.Fatal("TERM=dumb: colours shown or the cursor is invisible")
	}
	if len(ProgramOptions(Options{Config: cfg})) != 1 {
		t.Fatal("TERM=dumb: no Ascii colour profile forced on the program")
	}
	// The same when the program finds no colours itself.
	d2, m2 := start(t, setup{})
	d2.Send(tea.ColorProfileMsg{Profile: colorprofile.ASCII})
	if !m2.common.Styles.Theme.NoColor {
		t.Fatal("an Ascii colour profile kept the coloured styles")
	}
}

func TestSixteenColourTerminalGetsItsPalette(t *testing.T) {
	t.Parallel()
	d, m := start(t, setup{})
	d.Send(tea.ColorProfileMsg{Profile: colorprofile.ANSI})
	if th := m.common.Styles.Theme; !th.ANSI16 || !th.Dark || th.NoColor {
		t.Fatalf("theme after a 16-colour profile: %+v", th)
	}
	d.Send(tea.ColorProfileMsg{Profile: colorprofile.TrueColor})
	if m.common.Styles.Theme.ANSI16 {
		t.Fatal("a true-colour profile kept the 16-colour palette")
	}
}

func TestFewerFramesOverSSH(t *testing.T) {
	t.Parallel()
	cfg := uitest.Config()
	local := len(ProgramOptions(Options{Config: cfg}))
	cfg.Env.SSH = true
	if len(ProgramOptions(Options{Config: cfg})) != local+1 {
		t.Fatal("over SSH the program keeps the default frame rate")
	}
}

// A light terminal that does not answer the background query: COLORFGBG
// decides, when the theme is auto.
func TestColorFGBGPicksTheInitialTheme(t *testing.T) {
	t.Parallel()
	cfg := uitest.Config()
	cfg.Theme, cfg.Env.Background = "auto", "light"
	_, m := start(t, setup{config: cfg})
	if m.common.Styles.Theme.Dark {
		t.Fatal("COLORFGBG said light, the theme is dark")
	}
	cfg2 := uitest.Config()
	cfg2.Theme, cfg2.Env.Background = "dark", "light"
	_, m2 := start(t, setup{config: cfg2})
	if !m2.common.Styles.Theme.Dark {
		t.Fatal("COLORFGBG overrode the configured theme")
	}
}

// scenes are the screens the goldens show, each reached by keys.
var scenes = []struct {
	name    string
	project string
	keys    []string
	wait    string
}{
	{"picker", "", nil, "YOUR PROJECTS"},
	{"versions", "emberforge-core", []string{"j", "space", "j"}, " of 1,500 · page"},
	{"detail", "lumen", []string{"j", "enter"}, "FILES"},
	{"help", "lumen", []string{"?"}, "mark all loaded"},
}

func TestGolden(t *testing.T) {
	t.Parallel()
	for _, sc := range scenes {
		for _, size := range uitest.Sizes {
			t.Run(fmt.Sprintf("%s/%dx%d", sc.name, size[0], size[1]), func(t *testing.T) {
				t.Parallel()
				sess := uitest.NewSession(t, uitest.SessionOptions{User: "alice"})
				d, m := start(t, setup{project: sc.project, w: size[0], h: size[1], session: sess})
				ready(d, m, sc.project)
				d.Press(sc.keys...)
				d.WaitForText(sc.wait)
				settle(d, m)
				uitest.RequireFits(t, d.Screen(), size[0], size[1])
				uitest.RequireTerminalSafe(t, d.Raw())
				golden.RequireEqual(t, d.Screen())
			})
		}
	}
}

// At 40x12 the ? overlay is taller than the body: it used to show two
// columns and cut the rest. It scrolls now, and says so.
func TestHelpScrollsWhenTallerThanTheBody(t *testing.T) {
	t.Parallel()
	d, m := start(t, setup{project: "lumen", w: 40, h: 12})
	ready(d, m, "lumen")
	d.Press("?")
	d.WaitForText("↓ more")
	settle(d, m)
	for _, step := range []struct {
		name string
		keys []string
	}{{"top", nil}, {"down", []string{"j", "j"}}, {"bottom", []string{"G"}}} {
		t.Run(step.name, func(t *testing.T) {
			d.Press(step.keys...)
			uitest.RequireFits(t, d.Screen(), 40, 12)
			golden.RequireEqual(t, d.Screen())
		})
	}
	if !strings.Contains(d.Screen(), "quit") || !m.showHelp {
		t.Fatalf("the bottom of the help does not show the global keys:\n%s", d.Screen())
	}
	d.Press("x")
	if m.showHelp {
		t.Fatal("another key did not close the help")
	}
}

func TestNoLineWiderThanTheTerminal(t *testing.T) {
	t.Parallel()
	for _, sc := range scenes {
		t.Run(sc.name, func(t *testing.T) {
			t.Parallel()
			d, m := start(t, setup{project: sc.project})
			ready(d, m, sc.project)
			d.Press(sc.keys...)
			d.WaitForText(sc.wait)
			for _, size := range [][2]int{{20, 5}, {40, 12}, {60, 15}, {79, 23}, {100, 30}, {160, 50}, {250, 70}} {
				d.Send(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
				settle(d, m)
				uitest.RequireFits(t, d.Screen(), size[0], size[1])
			}
		})
	}
}

func TestStateIsSavedThroughOptions(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	var mu sync.Mutex
	var saved []config.State
	save := func(s config.State) error {
		mu.Lock()
		defer mu.Unlock()
		saved = append(saved, s)
		if len(saved) > 1 {
			return errors.New("disk full")
		}
		return nil
	}
	last := func() config.State {
		mu.Lock()
		defer mu.Unlock()
		if len(saved) == 0 {
			return config.State{}
		}
		return saved[len(saved)-1]
	}
	m := New(Options{Client: c, Config: uitest.Config(), Now: uitest.Now, SaveState: save,
		State: config.State{Pinned: []string{"quartz-ui"}}})
	d := uitest.NewDriver(t, m, 80, 24)
	d.WaitForText("YOUR PROJECTS")
	d.Press("j", "enter") // lumen
	d.WaitFor("lumen to be saved as recent", func() bool { return slices.Equal(last().Recent, []string{"lumen"}) })
	if !slices.Equal(last().Pinned, []string{"quartz-ui"}) {
		t.Fatalf("saving the recent project lost the pins: %+v", last())
	}
	d.Press("esc", "g", "p") // unpin quartz-ui; this save fails
	d.WaitForText("could not save pinned projects: disk full")
	if len(m.state.Pinned) != 0 {
		t.Fatalf("pins = %v", m.state.Pinned)
	}
}

// Over rdash serve the terminal is not the user's machine: the screens
// that pick files to upload or write downloads are not there, their keys
// do nothing and opening them says so.
func TestNoLocalFilesLeavesOutTheFileScreens(t *testing.T) {
	t.Parallel()
	client, _ := uitest.Sandbox(t, "alice")
	m := New(Options{Client: client, Config: uitest.Config(), Now: uitest.Now, Context: t.Context(),
		Project: "lumen", NoLocalFiles: true})
	for _, r := range []common.RouteKey{route.NewVersion.Key(), route.EditVersion.Key(), route.Download.Key()} {
		if m.routes.Has(r) {
			t.Errorf("%s is registered with NoLocalFiles", r)
		}
	}
	if !m.routes.Has(route.Detail.Key()) || !m.routes.Has(route.BulkEdit.Key()) {
		t.Fatal("NoLocalFiles dropped screens that use no local files")
	}
	d := uitest.NewDriver(t, m, 80, 24)
	d.WaitForText("25 of 25")
	settle(d, m)
	d.Press("n", "d")
	settle(d, m)
	if _, ok := m.top().(*versions.Model); !ok || len(m.stack) != 2 {
		t.Fatalf("a hidden key opened a screen:\n%s", d.Screen())
	}
	d.Send(common.OpenMsg{Route: route.NewVersion.Key(), Args: nil})
	d.WaitForText("publishing a version is not available here")
	if _, ok := m.top().(*versions.Model); !ok {
		t.Fatal("opening a left-out route changed the screen")
	}
}

// TestStatusLineMessagesStayThere: a note a screen sends and the status
// line's spinner ticks are the status line's; the focused screen does
// not get them as if they were its own.
func TestStatusLineMessagesStayThere(t *testing.T) {
	t.Parallel()
	bulk := &fakeBulk{}
	routes := func(reg *common.Registry) {
		common.Register(reg, route.BulkEdit, func(_ common.Common, a route.SelectionArgs) (common.Screen, error) {
			bulk.args = a
			return bulk, nil
		})
	}
	d, m := start(t, setup{project: "lumen", routes: routes})
	d.WaitForText("25 of 25")
	settle(d, m)
	d.Press("space", "e")
	d.WaitForText("editing 1 versions")
	seen := bulk.seen
	d.Send(common.StatusMsg{Text: "a note from a screen"})
	d.WaitForText("a note from a screen")
	d.Send(spinner.TickMsg{})
	if bulk.seen != seen {
		t.Fatalf("the screen got %d of the status line's messages", bulk.seen-seen)
	}
}
