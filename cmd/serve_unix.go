//go:build unix

package cmd

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/ssh"
	"github.com/charmbracelet/x/term"
)

// followPtySize tells p when the session's pty changes size. The SSH
// library resizes the pty on the client's window-change, but the two
// readers of its window channel (that resize and wish's middleware, which
// sends the program a WindowSizeMsg) each get only some of the changes,
// and the SIGWINCH of a pty with no process on it reaches nobody. So the
// pty's size is read every 200 ms, until ctx ends.
func followPtySize(ctx context.Context, pty ssh.Pty, p *tea.Program) {
	if pty.Slave == nil {
		return
	}
	w, h := pty.Window.Width, pty.Window.Height
	t := time.NewTicker(200 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			// Through SyscallConn, which holds the file open while it asks
			// and fails once the library has closed it; Fd would race
			// with that close.
			var nw, nh int
			rc, err := pty.Slave.SyscallConn()
			if err == nil {
				cerr := rc.Control(func(fd uintptr) { nw, nh, err = term.GetSize(fd) })
				if cerr != nil {
					return // the pty is closed: the session is over
				}
			}
			if err != nil || nw <= 0 || nh <= 0 || nw == w && nh == h {
				continue
			}
			w, h = nw, nh
			p.Send(tea.WindowSizeMsg{Width: w, Height: h})
		}
	}
}
