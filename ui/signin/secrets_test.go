package signin

import (
	"strings"
	"sync"
	"testing"

	tea "charm.land/bubbletea/v2"

	"rdash/api/sandbox/sandboxtest"
	"rdash/auth"
	"rdash/ui/internal/uitest"
	"rdash/ui/route"
)

// recorder keeps every frame the screen draws, with its escape sequences.
type recorder struct {
	uitest.Screen
	mu     *sync.Mutex
	frames *[]string
}

func (r recorder) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	next, cmd := r.Screen.Update(msg)
	r.Screen = next.(uitest.Screen)
	r.mu.Lock()
	*r.frames = append(*r.frames, r.Screen.View().Content)
	r.mu.Unlock()
	return r, cmd
}

// TestNoSecretInAnyView runs sign-ins that paste a redirect address, type
// a bare code, fail, and come back through the loopback listener, and
// looks for every code, token, refresh token and client secret in every
// frame drawn.
func TestNoSecretInAnyView(t *testing.T) {
	t.Parallel()
	for _, mode := range []auth.Mode{auth.ModePaste, auth.ModeLoopback} {
		sess := uitest.NewSession(t, uitest.SessionOptions{Mode: mode, NoKeyring: true})
		b := sandboxtest.NewBrowser(t)
		c := uitest.Common(t)
		c.Session = sess
		m := New(c, route.SignInArgs{})
		var mu sync.Mutex
		var frames []string
		d := uitest.NewDriver(t, recorder{Screen: uitest.Screen{S: m}, mu: &mu, frames: &frames}, 80, 24)
		d.WaitForText("Store it there?")
		d.Press("y")
		u := waitURL(t, d, m)

		// A code typed by hand, wrongly, then the address pasted twice:
		// the second time the code is spent.
		first := b.MustDecide(u, "alice", "approve")
		sess.Remember(uitest.CodeIn(first))
		d.Press("enter")
		d.Type(uitest.CodeIn(first) + "x")
		d.Press("enter")
		d.WaitFor("the refusal", func() bool { return m.pasteErr != "" })
		d.Send(tea.PasteMsg{Content: first})
		d.Press("enter")
		got := signedIn(t, d)
		if got.Account.Name != "alice" {
			t.Fatalf("signed in as %q", got.Account.Name)
		}
		mu.Lock()
		all := strings.Join(frames, "\n")
		n := len(frames)
		mu.Unlock()
		for _, s := range sess.Secrets() {
			if strings.Contains(all, s) {
				t.Fatalf("mode %d: a secret of %d bytes reached a frame", mode, len(s))
			}
		}
		if n < 10 {
			t.Fatalf("only %d frames recorded", n)
		}
	}
}
