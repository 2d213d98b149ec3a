package ui

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"rdash/api"
	"rdash/auth"
	"rdash/ui/account"
	"rdash/ui/internal/uitest"
	"rdash/ui/invitations"
	"rdash/ui/picker"
)

// heldProjects holds the user's projects once hold is called, until the
// test releases them: what the picker shows in between is what it knows
// before the server answers.
type heldProjects struct {
	Client
	mu   sync.Mutex
	gate chan struct{}
}

// hold makes the next lists wait until release.
func (h *heldProjects) hold() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.gate = make(chan struct{})
}

func (h *heldProjects) release() {
	h.mu.Lock()
	defer h.mu.Unlock()
	close(h.gate)
	h.gate = nil
}

func (h *heldProjects) ListUserProjects(ctx context.Context, user string) ([]api.Project, *api.Response, error) {
	h.mu.Lock()
	gate := h.gate
	h.mu.Unlock()
	if gate != nil {
		select {
		case <-gate:
		case <-ctx.Done():
			return nil, nil, ctx.Err()
		}
	}
	return h.Client.ListUserProjects(ctx, user)
}

// pickerView is the picker's own view, wherever it is on the stack.
func pickerView(m *Model) string {
	return ansi.Strip(m.stack[0].s.(*picker.Model).View())
}

// After a sign-out the picker lists none of the old account's projects,
// at once: not while it asks again, not after the server says no one is
// signed in.
func TestSignOutEmptiesYourProjectsAtOnce(t *testing.T) {
	t.Parallel()
	sess := uitest.NewSession(t, uitest.SessionOptions{Mode: auth.ModePaste, User: "alice"})
	c := &heldProjects{Client: sess.Client}
	d, m := startSessionWith(t, sess, c)
	d.WaitForText("YOUR PROJECTS")
	d.Press("@")
	d.WaitFor("the account screen", func() bool { _, ok := m.top().(*account.Model); return ok })
	d.WaitForText("Signed in as    alice")
	c.hold()
	d.Press("s", "y")
	d.WaitFor("the sign-out to reach the root", func() bool { return m.user == "" })
	if v := pickerView(m); strings.Contains(v, "YOUR PROJECTS") || strings.Contains(v, "lumen") {
		t.Fatalf("the picker still lists alice's projects while it asks again:\n%s", v)
	}
	d.Press("esc")
	c.release()
	d.WaitForText("Not signed in, so your projects are not listed")
	if strings.Contains(d.Screen(), "YOUR PROJECTS") {
		t.Fatalf("YOUR PROJECTS above “Not signed in”:\n%s", d.Screen())
	}
}

// What membership an accept gives, the interface does not say; the
// picker reads the user's projects again, and lists what the server
// lists: the sandbox's accept makes the user a member, so the
// organization's projects.
func TestAcceptedInvitationListsItsProjects(t *testing.T) {
	t.Parallel()
	dave, _ := uitest.Sandbox(t, "dave")
	d, m := start(t, setup{client: dave})
	d.WaitForText("No projects yet")
	d.Press("i")
	d.WaitFor("the invitations", func() bool { _, ok := m.top().(*invitations.Model); return ok })
	settle(d, m)
	d.Press("o")
	d.Type("emberforge")
	d.Press("enter")
	d.WaitForText("you may have an invitation here")
	d.Press("a", "y")
	d.WaitForText("accepted: answered with success; not checked: you may not list its invitations")
	d.Press("esc")
	d.WaitForText("YOUR PROJECTS")
	if !strings.Contains(d.Screen(), "emberforge-core") || strings.Contains(d.Screen(), "No projects yet") {
		t.Fatalf("the picker does not list the organization's projects:\n%s", d.Screen())
	}
}

// Right after a sign-out, a screen that needs a sign-in says the user is
// signed out, not that a sign-in expired or was revoked.
func TestSignedOutSaysSo(t *testing.T) {
	t.Parallel()
	sess := uitest.NewSession(t, uitest.SessionOptions{Mode: auth.ModePaste, User: "alice"})
	d, m := startSession(t, sess, "")
	d.WaitForText("YOUR PROJECTS")
	d.Press("@")
	d.WaitFor("the account screen", func() bool { _, ok := m.top().(*account.Model); return ok })
	d.WaitForText("Signed in as    alice")
	d.Press("s", "y")
	d.WaitFor("the sign-out to reach the root", func() bool { return m.user == "" })
	d.Press("esc", "i")
	d.WaitForText("You are signed out.")
	if strings.Contains(d.Screen(), "expired or was revoked") {
		t.Fatalf("a sign-out reads as a refused sign-in:\n%s", d.Screen())
	}
}
