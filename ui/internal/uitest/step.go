package uitest

import tea "charm.land/bubbletea/v2"

// Step sends msg like Send, but runs the commands the update returns
// here and now, batches and sequences unpacked, and returns their messages without
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

// collect runs cmd and returns its messages, a batch's or a sequence's
// one by one, in order.
func collect(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	msg := cmd()
	cmds, ok := commands(msg)
	switch {
	case msg == nil:
		return nil
	case !ok:
		return []tea.Msg{msg}
	}
	var out []tea.Msg
	for _, c := range cmds {
		out = append(out, collect(c)...)
	}
	return out
}
