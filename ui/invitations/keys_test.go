package invitations

import (
	"testing"

	"rdash/ui/common"
	"rdash/ui/internal/uitest"
)

// Every key that works on the invitations screen is in its help, and
// every hint of its footer works: on each kind of row, typing an
// organization, in a confirmation and in the invite form.
func TestEveryKeyIsInTheHelp(t *testing.T) {
	t.Parallel()
	shared := start(t, setup{})
	at := func(user string, act func(w *world)) func(t *testing.T) common.Screen {
		return func(t *testing.T) common.Screen {
			w := start(t, setup{user: user, shared: shared})
			act(w)
			return w.m
		}
	}
	typed := func(org string) func(w *world) {
		return func(w *world) {
			w.d.Press("o")
			w.d.Type(org)
			w.d.Press("enter")
			w.settle()
		}
	}
	uitest.RequireKeysInHelp(t,
		uitest.KeyState{Name: "an organization managed", Build: at("alice", func(*world) {})},
		uitest.KeyState{Name: "an invitation", Build: at("alice", func(w *world) { w.d.Press("j") })},
		uitest.KeyState{Name: "an invitation that may wait", Build: at("dave", typed("emberforge"))},
		uitest.KeyState{Name: "a member without permission", Build: at("carol", func(*world) {})},
		uitest.KeyState{Name: "typing an organization", Typing: true, Build: at("dave", func(w *world) { w.d.Press("o") })},
		uitest.KeyState{Name: "a confirmation", Build: at("dave", func(w *world) {
			typed("emberforge")(w)
			w.d.Press("a")
			w.d.WaitForText("Accept the invitation")
		})},
		uitest.KeyState{Name: "the invite form", Typing: true, Build: at("alice", func(w *world) {
			w.d.Press("n")
			w.d.WaitForText("Invite someone")
		})},
	)
}
