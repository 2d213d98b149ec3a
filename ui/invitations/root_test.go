package invitations_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"rdash/ui"
	"rdash/ui/internal/uitest"
)

// dashboard runs the whole dashboard signed in as user and opens the
// invitations from the picker, as a user does: i.
func dashboard(t *testing.T, user string, w, h int) *uitest.Driver {
	t.Helper()
	c, _ := uitest.Sandbox(t, user)
	m := ui.New(ui.Options{Client: c, Config: uitest.Config(), Now: uitest.Now, Context: t.Context()})
	d := uitest.NewDriver(t, m, w, h)
	d.WaitForText("@" + user)
	d.WaitForText("rdash › projects")
	d.Press("i")
	d.WaitForText("rdash › projects › invitations")
	settle(d)
	return d
}

// settle waits until the status line names nothing loading.
func settle(d *uitest.Driver) {
	d.WaitFor("nothing loading", func() bool {
		lines := strings.Split(d.Screen(), "\n")
		return len(lines) > 2 && !strings.Contains(lines[len(lines)-2], "…")
	})
}

func wait(d *uitest.Driver, text string) {
	d.WaitForText(text)
	settle(d)
}

// TestKeysFromThePicker is the key sequence the end-to-end test in tmux
// uses: every transition of an invitation, from the picker.
func TestKeysFromThePicker(t *testing.T) {
	t.Parallel()
	t.Run("invitee", func(t *testing.T) {
		t.Parallel()
		d := dashboard(t, "dave", 80, 24)
		d.Press("o")
		d.Type("emberforge")
		d.Press("enter")
		wait(d, "you may have an invitation here")
		d.Press("a")
		d.WaitForText("Accept the invitation to emberforge?")
		d.Press("y")
		wait(d, "accepted: answered with success; not checked: you may not list its invitations")
		d.Press("o")
		d.Type("quartz")
		d.Press("enter")
		wait(d, "you may have an invitation here")
		d.Press("x")
		d.WaitForText("Reject the invitation to quartz?")
		d.Press("y")
		wait(d, "rejected: answered with success; not checked: you may not list its invitations")
		d.WaitForText("you accepted its invitation")
		d.WaitForText("you rejected its invitation")
	})
	t.Run("admin", func(t *testing.T) {
		t.Parallel()
		d := dashboard(t, "alice", 80, 24)
		wait(d, "you manage invitations · 1 pending")
		d.Press("j", "x")
		d.WaitForText("Cancel dave's invitation to emberforge?")
		d.Press("y")
		wait(d, "cancelled: dave's invitation is no longer pending")
		d.WaitForText("none pending")
		d.Press("n")
		d.WaitForText("Invite someone to emberforge")
		d.Type("erin")
		d.Press("enter", "enter", "enter", "enter")
		wait(d, "sent: erin's invitation to emberforge is pending, as sent")
		d.WaitForText("erin          Erin Eastwood")
		d.Press("esc")
		d.WaitForText("YOUR PROJECTS")
	})
}

func TestGolden(t *testing.T) {
	t.Parallel()
	scenes := []struct {
		name, user string
		act        func(d *uitest.Driver)
	}{
		{"admin", "alice", func(d *uitest.Driver) { d.Press("j") }},
		{"invitee-confirms", "dave", func(d *uitest.Driver) {
			for _, org := range []string{"emberforge", "quartz"} {
				d.Press("o")
				d.Type(org)
				d.Press("enter")
				settle(d)
			}
			d.Press("a")
			d.WaitForText("Accept the invitation to quartz?")
		}},
		{"member-without-permission", "carol", func(*uitest.Driver) {}},
		{"invitee-accepted", "dave", func(d *uitest.Driver) {
			d.Press("o")
			d.Type("emberforge")
			d.Press("enter")
			wait(d, "a accept")
			d.Press("a", "y")
			wait(d, "you accepted")
			// The detail stays; the status fades: wait for it, so the
			// golden does not depend on how long the test took.
			d.WaitFor("the status to fade", func() bool { return !strings.Contains(d.Screen(), "accepted:") })
		}},
		{"invitee-types-an-organization", "dave", func(d *uitest.Driver) {
			d.Press("o")
			d.Type("quartz")
		}},
		{"invite-form", "bob", func(d *uitest.Driver) {
			d.Press("n")
			d.Type("erin")
			d.Press("enter")
			d.Type("Tester")
			d.Press("enter", "down", "space")
		}},
	}
	for _, sc := range scenes {
		for _, size := range uitest.Sizes {
			t.Run(fmt.Sprintf("%s/%dx%d", sc.name, size[0], size[1]), func(t *testing.T) {
				t.Parallel()
				d := dashboard(t, sc.user, size[0], size[1])
				sc.act(d)
				settle(d)
				uitest.RequireFits(t, d.Screen(), size[0], size[1])
				uitest.RequireTerminalSafe(t, d.Raw())
				golden.RequireEqual(t, d.Screen())
			})
		}
	}
}
