package ui

import (
	"fmt"
	"reflect"
	"runtime/debug"

	tea "charm.land/bubbletea/v2"

	"rdash/ui/common"
)

// envelope is what a screen's command returns, addressed: msg goes back
// to the screen with id from, and to no other. The root wraps every
// command a screen returns (own), so screens write ordinary commands and
// never see an envelope.
type envelope struct {
	from int
	msg  tea.Msg
}

// own wraps cmd so that its message comes back addressed to screen id.
// Batches and sequences stay batches and sequences of wrapped commands,
// so bubbletea still runs them concurrently or in order. A command that
// panics comes back as a commandPanicMsg, which ends the program through
// tea.Quit: bubbletea's own recovery ends it as a kill, whose shutdown
// closes its input reader under the goroutine still reading it (a data
// race inside bubbletea and cancelreader that rdash serve would hit).
func own(id int, cmd tea.Cmd) tea.Cmd {
	if cmd == nil {
		return nil
	}
	return func() (msg tea.Msg) {
		defer func() {
			if r := recover(); r != nil {
				msg = commandPanicMsg{err: fmt.Errorf("%w: %v\n%s", ErrPanic, r, debug.Stack())}
			}
		}()
		return address(id, cmd())
	}
}

// commandPanicMsg is a screen's command that panicked; err holds the
// value and the stack.
type commandPanicMsg struct{ err error }

func address(id int, msg tea.Msg) tea.Msg {
	switch msg := msg.(type) {
	case nil:
		return nil
	case tea.BatchMsg:
		return tea.BatchMsg(ownAll(id, msg))
	case common.ErrorMsg:
		msg.Retry = own(id, msg.Retry) // r on the panel re-runs it for this screen
		return envelope{from: id, msg: msg}
	}
	if cmds, ok := common.Sequence(msg); ok {
		// tea.Sequence's message type is unexported: make a new one.
		return tea.Sequence(ownAll(id, cmds)...)()
	}
	if runtimeMsg(msg) {
		return msg // for the program itself: quit, clipboard, colour queries…
	}
	return envelope{from: id, msg: msg}
}

func ownAll(id int, cmds []tea.Cmd) []tea.Cmd {
	out := make([]tea.Cmd, len(cmds))
	for i, c := range cmds {
		out[i] = own(id, c)
	}
	return out
}

// runtimeMsg reports that msg is one of bubbletea's own, a request to the
// program (tea.Quit, tea.SetClipboard, tea.RequestBackgroundColor…) that
// must reach it as it is.
func runtimeMsg(msg tea.Msg) bool {
	t := reflect.TypeOf(msg)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t.PkgPath() == common.TeaPkg
}

// forRoot reports that msg, though sent by a screen, is a request to the
// root. keep reports that the root acts on it even when the screen that
// sent it has left the stack: an edit to the State or the versions did
// happen. Errors, notes, opens and backs of a screen that left go with it.
func forRoot(msg tea.Msg) (root, keep bool) {
	switch msg.(type) {
	case common.EditStateMsg, common.VersionsChangedMsg,
		common.SignedInMsg, common.SignedOutMsg, common.MembershipsChangedMsg:
		return true, true
	case common.ErrorMsg, common.StatusMsg, common.OpenMsg, common.BackMsg:
		return true, false
	}
	return false, false
}

// frame is a screen on the stack and the id its replies are addressed to.
type frame struct {
	id int
	s  common.Screen
}

// find returns the index of screen id on the stack, or -1 once it left.
func (m *Model) find(id int) int {
	for i, f := range m.stack {
		if f.id == id {
			return i
		}
	}
	return -1
}

// deliver gives a screen the reply to its own command; a reply to a screen
// that has left is dropped. It returns the message for the root to handle
// instead, when the screen asked something of the root.
func (m *Model) deliver(e envelope) (forRootMsg tea.Msg, cmd tea.Cmd) {
	i := m.find(e.from)
	switch msg := e.msg.(type) {
	case common.WhoAmIMsg: // asked on the screen's behalf: the answer is its
		if i < 0 {
			return nil, nil
		}
		return nil, own(e.from, m.askWhoAmI(msg.Seq))
	case meAnswer:
		m.heard(msg)
		if i < 0 {
			return nil, nil
		}
		return nil, m.updateAt(i, common.MeMsg{Seq: msg.seq, Me: msg.me})
	}
	if root, keep := forRoot(e.msg); root {
		if i < 0 && !keep {
			return nil, nil
		}
		return e.msg, nil
	}
	if i < 0 {
		return nil, nil
	}
	return nil, m.updateAt(i, e.msg)
}

// updateAt gives msg to the screen at index i and addresses what it returns.
func (m *Model) updateAt(i int, msg tea.Msg) tea.Cmd {
	f := m.stack[i]
	s, cmd := f.s.Update(msg)
	m.stack[i].s = s
	return own(f.id, cmd)
}
