package uitest

import tea "charm.land/bubbletea/v2"

// Step sends msg like Send, but runs the commands the update returns
// here and now, batches unpacked, and returns their messages without
// delivering them: a test sees everything one message started, with no
// waiting and no goroutine order to depend on, and so can show that
// something did not happen. Feed delivers the messages on. Step only
// suits commands that return promptly (a request to the sandbox, a
// debounce), not a loopback wait.
func (d *Driver) Step(msg tea.Msg) []tea.Msg {
	d.t.Helper()
	nm, cmd := d.m.Update(msg)
	d.m = nm.(Model)
	return collect(cmd)
}

// Feed delivers msgs as if the commands that made them had just
// finished, in order.
func (d *Driver) Feed(msgs ...tea.Msg) {
	d.t.Helper()
	for _, msg := range msgs {
		d.feed(msg)
	}
}

// collect runs cmd and returns its messages, a batch's one by one.
func collect(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	switch msg := cmd().(type) {
	case nil:
		return nil
	case tea.BatchMsg:
		var out []tea.Msg
		for _, c := range msg {
			out = append(out, collect(c)...)
		}
		return out
	default:
		return []tea.Msg{msg}
	}
}
