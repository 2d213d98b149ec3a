package account

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"

	"rdash/api"
	"rdash/auth"
	"rdash/config"
	"rdash/internal/authui"
	"rdash/ui/common"
	"rdash/ui/internal/uitest"
)

// fixedSession holds one account until signed out.
type fixedSession struct {
	mu      sync.Mutex
	account common.Account
	env     bool
	removed []common.Location
}

func (s *fixedSession) Account(context.Context) (common.Account, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.account, nil
}

func (s *fixedSession) SignOut(context.Context) ([]common.Location, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.account = common.Account{Host: s.account.Host, Server: s.account.Server, Memory: s.account.Memory}
	return s.removed, nil
}

func (s *fixedSession) EnvToken() bool { return s.env }
func (s *fixedSession) CheckStorage(context.Context) (*common.InsecureNotice, error) {
	return nil, nil
}
func (s *fixedSession) NewFlow() (common.Flow, error)             { return nil, errors.New("not in this test") }
func (s *fixedSession) OpenBrowser(context.Context, string) error { return nil }
func (s *fixedSession) Complete(context.Context, common.Grant, bool) (common.Account, error) {
	return common.Account{}, errors.New("not in this test")
}

// checkingSession is a fixedSession that can ask the server about the
// token (common.AccountChecker), as cmd's can: verdict is what the
// server showed; unverified, that nothing showed it accepts the token.
type checkingSession struct {
	*fixedSession
	verdict    string
	unverified bool
}

func (s checkingSession) CheckAccount(ctx context.Context) (common.Account, error) {
	a, err := s.Account(ctx)
	a.Unconfirmed, a.Verdict, a.Unverified = true, s.verdict, s.unverified
	return a, err
}

// Verdicts of a server without GET /users/@me, in auth's words.
const (
	notVerifiedVerdict = "not verified: this server does not say who is signed in (it has no GET /users/@me), and " +
		"GET /orgs/rdash-token-check/invitations answered 404 even without a token, so no answer there can show the token is accepted"
	acceptedVerdict = "the server does not say whose the token is (it has no GET /users/@me), " +
		"but it accepted the token on GET /orgs/rdash-token-check/invitations"
)

func alice(where common.Location, memory bool) common.Account {
	return common.Account{
		Host: "127.0.0.1:4242", Server: "http://127.0.0.1:4242/api/v1", SignedIn: true, Name: "alice",
		Scopes: config.AllScopes(), Expiry: uitest.Now().Add(45 * time.Minute), Where: where, Memory: memory,
	}
}

var (
	keyring   = authui.Location(auth.Location{Kind: auth.KindKeyring})
	plainFile = authui.Location(auth.Location{Kind: auth.KindFile, Path: "/home/maintainer/.config/rdash/tokens.json"})
)

// scenes are the account screens the goldens show.
var scenes = []struct {
	name    string
	session func() common.Session
	client  common.UserGetter // nil: the sandbox, signed in as alice
	keys    []string
	wait    string
}{
	{name: "keyring", session: func() common.Session { return &fixedSession{account: alice(keyring, false)} },
		wait: "the system keyring"},
	{name: "plain-text", session: func() common.Session { return &fixedSession{account: alice(plainFile, false)} },
		wait: "plain text"},
	{name: "demo", session: func() common.Session { return &fixedSession{account: alice(authui.Location(auth.Location{}), true)} },
		wait: "memory only"},
	{name: "server-silent", session: func() common.Session { return &fixedSession{account: alice(keyring, false)} },
		client: uitest.Failing{Err: &api.Error{StatusCode: 404, Message: "Not Found"}}, wait: "from the config"},
	{name: "server-silent-not-verified", session: func() common.Session {
		return checkingSession{fixedSession: &fixedSession{account: alice(keyring, false)}, verdict: notVerifiedVerdict, unverified: true}
	}, client: uitest.Failing{Err: &api.Error{StatusCode: 404, Message: "Not Found"}}, wait: "not verified"},
	{name: "server-silent-accepted", session: func() common.Session {
		return checkingSession{fixedSession: &fixedSession{account: alice(keyring, false)}, verdict: acceptedVerdict}
	}, client: uitest.Failing{Err: &api.Error{StatusCode: 404, Message: "Not Found"}}, wait: "accepted the token"},
	{name: "confirm", session: func() common.Session { return &fixedSession{account: alice(plainFile, false)} },
		keys: []string{"s"}, wait: "Sign out of"},
	{name: "signed-out", session: func() common.Session {
		return &fixedSession{account: alice(plainFile, false), removed: []common.Location{keyring, plainFile}}
	}, keys: []string{"s", "y"}, wait: "Press enter to sign in."},
	{name: "demo-signed-out", session: func() common.Session { return &fixedSession{account: alice(authui.Location(auth.Location{}), true)} },
		keys: []string{"s", "y"}, wait: "Press enter to sign in."},
}

func startScene(t *testing.T, i, w, h int) (*uitest.Driver, *Model) {
	t.Helper()
	return startSceneWith(t, i, w, h, nil)
}

// startSceneWith is startScene with a sandbox client to share, when the
// scene has none of its own.
func startSceneWith(t *testing.T, i, w, h int, sandbox common.UserGetter) (*uitest.Driver, *Model) {
	t.Helper()
	sc := scenes[i]
	client := sc.client
	if client == nil {
		client = sandbox
	}
	if client == nil {
		client, _ = uitest.Sandbox(t, "alice")
	}
	c := uitest.Common(t)
	c.Session = sc.session()
	c.Config.Username = "alice"
	m := New(c)
	d := uitest.NewDriver(t, uitest.Screen{S: m, Me: client}, w, h)
	d.WaitFor("the account", func() bool { return m.loaded && m.Busy() == "" })
	d.Press(sc.keys...)
	d.WaitForText(sc.wait)
	d.WaitFor("the screen to settle", func() bool { return m.Busy() == "" })
	return d, m
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

func TestNarrowAndShortTerminalsFit(t *testing.T) {
	t.Parallel()
	for i, sc := range scenes {
		t.Run(sc.name, func(t *testing.T) {
			t.Parallel()
			d, _ := startScene(t, i, 80, 24)
			for _, size := range [][2]int{{20, 5}, {40, 12}, {60, 15}, {100, 30}, {250, 70}} {
				d.Send(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
				uitest.RequireFits(t, d.Screen(), size[0], size[1])
			}
		})
	}
}
