package uitest

import (
	"fmt"
	"reflect"
	"sync"

	tea "charm.land/bubbletea/v2"

	"rdash/ui/common"
)

// run executes cmd in a goroutine and queues its message for WaitFor.
// A batch's or a sequence's commands start when WaitFor takes it (see
// feed), not at once as the program would start them: a test that does
// not wait holds them, and with them the screen's state.
func (d *Driver) run(cmd tea.Cmd) {
	if cmd != nil {
		go func() { d.queue(cmd()) }()
	}
}

func (d *Driver) queue(msg tea.Msg) {
	select {
	case d.msgs <- msg:
	case <-d.done:
	}
}

// start runs the commands of a batch (each on its own) or of a sequence.
func (d *Driver) start(msg tea.Msg, cmds []tea.Cmd) {
	if _, batch := msg.(tea.BatchMsg); !batch {
		go d.inOrder(cmds)
		return
	}
	for _, c := range cmds {
		d.run(c)
	}
}

// inOrder runs a sequence's commands as bubbletea v2.1.1's program does
// (Program.execSequenceMsg): one after another, each once the one before
// has finished (a batch among them, all its commands) and its message is
// queued, so that their messages arrive in order.
func (d *Driver) inOrder(cmds []tea.Cmd) {
	for _, c := range cmds {
		if c != nil {
			d.exec(c)
		}
	}
}

// exec runs cmd to the end, queuing its messages: a batch's commands at
// once, returning when all have finished (Program.execBatchMsg), a
// sequence's in order.
func (d *Driver) exec(cmd tea.Cmd) {
	msg := cmd()
	cmds, ok := commands(msg)
	if !ok {
		d.queue(msg)
		return
	}
	if _, batch := msg.(tea.BatchMsg); !batch {
		d.inOrder(cmds)
		return
	}
	var wg sync.WaitGroup
	for _, c := range cmds {
		if c != nil {
			wg.Go(func() { d.exec(c) })
		}
	}
	wg.Wait()
}

// commands returns the commands msg carries when it is what tea.Batch or
// tea.Sequence returns. tea.Sequence's type is unexported (sequenceMsg, a
// []tea.Cmd), so it is told by its shape.
func commands(msg tea.Msg) ([]tea.Cmd, bool) {
	if b, ok := msg.(tea.BatchMsg); ok {
		return b, true
	}
	return common.Sequence(msg)
}

// request carries out one of bubbletea's unexported requests to the
// program, as far as a test can, and fails the test on any other: a
// request dropped unseen would hide a screen that depends on it (the
// commands of a tea.Sequence were once lost that way).
func (d *Driver) request(msg tea.Msg) {
	d.t.Helper()
	switch t := fmt.Sprintf("%T", msg); t {
	case "tea.setClipboardMsg":
		d.clips = append(d.clips, reflect.ValueOf(msg).String())
	case "tea.windowSizeMsg":
		// tea.RequestWindowSize (huh's forms ask in Init): the program
		// answers with the terminal's size, here the last one sent.
		size := d.size
		d.run(func() tea.Msg { return size })
	case "tea.backgroundColorMsg":
		// A query to the terminal. The driver's terminal answers none, as
		// some terminals do; a test that wants an answer sends
		// tea.BackgroundColorMsg itself.
	default:
		d.t.Fatalf("uitest: the driver cannot run %s, a request to bubbletea's program; teach Driver.request what the program does with it", t)
	}
}
