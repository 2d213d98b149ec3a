package signin

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"

	"rdash/auth"
	"rdash/internal/authui"
	"rdash/ui/common"
	"rdash/ui/internal/uitest"
	"rdash/ui/route"
)

// fixedURL is an authorize URL as the sandbox builds it, with a fixed port
// and state so the goldens are stable.
const fixedURL = "http://127.0.0.1:4242/auth/oauth/authorize?client_id=rdash-demo&redirect_uri=" +
	"http%3A%2F%2F127.0.0.1%3A43117%2Fcallback&response_type=code&scope=user%3Aread%2Cproject%3Aread%2C" +
	"project%3Aversion%3Acreate%2Cproject%3Aversion%3Aupdate%2Cproject%3Aversion%3Adelete%2Corg%3Amember%3Acreate" +
	"&state=J1vGq0H9m3XcVb7uQ2sLk8fW4tYpZ6nRa5eD0oHiTgE"

// fixedFlow never gets an answer: the goldens show the waiting screen.
type fixedFlow struct{ mode auth.Mode }

func (f fixedFlow) URL() string    { return fixedURL }
func (f fixedFlow) Loopback() bool { return f.mode == auth.ModeLoopback }
func (f fixedFlow) Close() error   { return nil }
func (f fixedFlow) Wait(ctx context.Context) (common.Grant, error) {
	<-ctx.Done()
	return nil, ctx.Err()
}
func (f fixedFlow) Exchange(context.Context, string) (common.Grant, error) {
	return nil, authui.Error(&auth.TokenError{Status: 400, Code: "invalid_grant", Description: "authorization code expired"})
}

// fixedSession answers the same every time.
type fixedSession struct {
	env     bool
	notice  *common.InsecureNotice
	mode    auth.Mode
	openErr error
	// storeErr is what CheckStorage answers: nowhere to store a token.
	storeErr error
}

func (s fixedSession) Account(context.Context) (common.Account, error)    { return common.Account{}, nil }
func (s fixedSession) SignOut(context.Context) ([]common.Location, error) { return nil, nil }
func (s fixedSession) EnvToken() bool                                     { return s.env }
func (s fixedSession) CheckStorage(context.Context) (*common.InsecureNotice, error) {
	return s.notice, s.storeErr
}
func (s fixedSession) NewFlow() (common.Flow, error)             { return fixedFlow{mode: s.mode}, nil }
func (s fixedSession) OpenBrowser(context.Context, string) error { return s.openErr }
func (s fixedSession) Complete(context.Context, common.Grant, bool) (common.Account, error) {
	return common.Account{}, errors.New("not in this test")
}

var noKeyring = authui.Notice(&auth.InsecureNotice{
	Reason: errors.New("no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is not set), so no Secret Service"),
	Path:   "/home/maintainer/.config/rdash/tokens.json",
})

// scenes are the sign-in screens the goldens show.
var scenes = []struct {
	name    string
	session fixedSession
	args    route.SignInArgs
	keys    func(d *uitest.Driver)
	wait    string
}{
	{name: "paste", session: fixedSession{mode: auth.ModePaste}, args: route.SignInArgs{Context: "opening lumen"},
		wait: "on any machine"},
	{name: "loopback", session: fixedSession{mode: auth.ModeLoopback, openErr: errors.New("exec: \"xdg-open\": executable file not found in $PATH")},
		wait: "Could not open a browser"},
	{name: "consent", session: fixedSession{mode: auth.ModePaste, notice: noKeyring}, wait: "Store it there?"},
	{name: "paste-refused", session: fixedSession{mode: auth.ModePaste},
		keys: func(d *uitest.Driver) { d.Send(tea.PasteMsg{Content: "code-from-the-page"}); d.Press("enter") },
		wait: "refused the code"},
	{name: "declined", session: fixedSession{mode: auth.ModePaste, notice: noKeyring},
		keys: func(d *uitest.Driver) { d.WaitForText("Store it there?"); d.Press("enter") }, wait: "Not signed in."},
	{name: "env", session: fixedSession{env: true}, wait: "RDASH_TOKEN is set"},
}

func TestGolden(t *testing.T) {
	t.Parallel()
	for i, sc := range scenes {
		for _, size := range uitest.Sizes {
			t.Run(fmt.Sprintf("%s/%dx%d", sc.name, size[0], size[1]), func(t *testing.T) {
				t.Parallel()
				d, _ := startScene(t, i, size[0], size[1])
				uitest.RequireFits(t, d.Screen(), size[0], size[1])
				uitest.RequireTerminalSafe(t, d.Raw())
				golden.RequireEqual(t, d.Screen())
			})
		}
	}
}

// While the keyring question is asked, y answers it: the text does not
// say y copies the address then, as it does once no question is asked.
func TestYMeansOneThingPerStep(t *testing.T) {
	t.Parallel()
	for i, sc := range scenes {
		if sc.name != "consent" && sc.name != "paste" {
			continue
		}
		d, m := startScene(t, i, 80, 24)
		copies := strings.Contains(d.Screen(), "y copies")
		if m.asking() == copies {
			t.Errorf("%s: asking %v, the text says y copies: %v\n%s", sc.name, m.asking(), copies, d.Screen())
		}
	}
}

// startScene shows scene i at w×h, settled.
func startScene(t *testing.T, i, w, h int) (*uitest.Driver, *Model) {
	t.Helper()
	sc := scenes[i]
	c := uitest.Common(t)
	c.Session = sc.session
	c.Config.BaseURL = "http://127.0.0.1:4242/api/v1"
	m := New(c, sc.args)
	d := uitest.NewDriver(t, uitest.Screen{S: m}, w, h)
	d.WaitFor("the flow", func() bool { return m.phase != phaseStarting })
	if sc.keys != nil {
		sc.keys(d)
	}
	d.WaitForText(sc.wait)
	settled(d, m)
	return d, m
}

// settled waits until every answer that changes the screen has come: the
// code's, the keyring's and, in loopback mode, the browser's. Only the
// browser's callback stays out: fixedFlow never gets one.
func settled(d *uitest.Driver, m *Model) {
	d.WaitFor("the screen to settle", func() bool {
		opened := slices.ContainsFunc(d.Seen, func(msg tea.Msg) bool { _, ok := msg.(browserOpenedMsg); return ok })
		return m.phase != phaseExchanging && (m.Busy() == "" || m.Busy() == "waiting for the browser") &&
			(m.phase == phaseEnv || m.storage != storageChecking) && (!m.loopback || opened)
	})
}

func TestNarrowAndShortTerminalsFit(t *testing.T) {
	t.Parallel()
	for _, sc := range scenes {
		t.Run(sc.name, func(t *testing.T) {
			t.Parallel()
			c := uitest.Common(t)
			c.Session = sc.session
			m := New(c, sc.args)
			d := uitest.NewDriver(t, uitest.Screen{S: m}, 80, 24)
			d.WaitFor("the flow", func() bool { return m.phase != phaseStarting })
			if sc.keys != nil {
				sc.keys(d)
			}
			d.WaitForText(sc.wait)
			for _, size := range [][2]int{{20, 5}, {40, 12}, {60, 15}, {100, 30}, {250, 70}} {
				d.Send(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
				uitest.RequireFits(t, d.Screen(), size[0], size[1])
				if size[0] >= 40 && !strings.Contains(d.Screen(), "Sign in") {
					t.Errorf("%dx%d: the title is gone", size[0], size[1])
				}
			}
		})
	}
}

// A place a token cannot be written to is said before the user signs in,
// not after: the screen fails at once, naming the problem.
func TestUnwritableStorageFailsBeforeSigningIn(t *testing.T) {
	t.Parallel()
	c := uitest.Common(t)
	c.Session = fixedSession{mode: auth.ModePaste,
		storeErr: errors.New("cannot write to /home/maintainer/.local/state/rdash: read-only file system")}
	m := New(c, route.SignInArgs{})
	d := uitest.NewDriver(t, uitest.Screen{S: m}, 80, 24)
	d.WaitFor("the failure", func() bool { return m.phase == phaseFailed })
	d.WaitForText("read-only file system")
	if m.Busy() != "" {
		t.Fatalf("still checking the storage (busy %q):\n%s", m.Busy(), d.Screen())
	}
}
