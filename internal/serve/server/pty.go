package server

import (
	"context"
	"io"
	"os"
	"time"

	"github.com/creack/pty"
)

// ptyPair is an admitted session's kernel pty: the dashboard reads and
// writes the slave, as it would a terminal (bubbletea puts it in raw
// mode, and the sign-in's u gives it back in cooked mode to wait for
// enter, which a bare SSH channel, whose reads cannot be cancelled, does
// not allow); the server copies between the master and the SSH channel.
// It is allocated only once the session counts against its key's limit,
// and closed before the session stops counting.
type ptyPair struct {
	master, slave *os.File
	input         ttyFile       // the slave, as the dashboard reads it
	out           chan struct{} // closed when the master's output is all copied
}

// ttyFile is the slave as the dashboard's input, with its descriptor read
// once, here. bubbletea's input reader (cancelreader, under ultraviolet)
// asks the file for its descriptor on a goroutine that Run does not wait
// for, and os.File's Fd reads the file's state that Close writes: the
// server's closing the pty after Run would race with it. Reads go through
// the os.File, which allows a Close during a Read.
type ttyFile struct {
	*os.File
	fd uintptr
}

// Fd implements cancelreader.File and term.File.
func (t ttyFile) Fd() uintptr { return t.fd }

// openPty allocates a pty of width × height.
func openPty(width, height int) (*ptyPair, error) {
	m, sl, err := pty.Open()
	if err != nil {
		return nil, err
	}
	master, err := pollable(m)
	if err != nil {
		sl.Close()
		return nil, err
	}
	p := &ptyPair{master: master, slave: sl, input: ttyFile{File: sl, fd: sl.Fd()}, out: make(chan struct{})}
	if err := p.setSize(width, height); err != nil {
		p.close()
		return nil, err
	}
	return p, nil
}

// setSize tells the kernel the window's size, so that TIOCGWINSZ on the
// pty says what the dashboard is drawn at. It is set through the slave,
// whose descriptor the dashboard's input has already taken: asking the
// master for its descriptor would make it blocking again.
func (p *ptyPair) setSize(width, height int) error {
	return pty.Setsize(p.slave, &pty.Winsize{Cols: uint16(width), Rows: uint16(height)})
}

// connect copies the client's input to the pty and the pty's output to
// the client through l, until either side closes. Keys come a few bytes
// at a time: a small buffer (io.Copy's is 32 KB, a hundred sessions' 3 MB)
// does; the master is wrapped so that its ReadFrom, which would take
// io.Copy's, is not used.
func (p *ptyPair) connect(client io.ReadWriter, l *link) {
	go func() { _, _ = io.CopyBuffer(struct{ io.Writer }{p.master}, client, make([]byte, 1024)) }()
	go func() { defer close(p.out); l.copyOut(client, p.master) }()
}

// drain closes the slave once the dashboard has stopped, so the master
// reads what is left (the screen restored) and then ends; it waits for
// that to reach the client for at most wait, as a client that reads
// nothing must not hold the session.
func (p *ptyPair) drain(ctx context.Context, wait time.Duration) {
	_ = p.slave.Close()
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case <-p.out:
	case <-t.C:
	case <-ctx.Done():
	}
}

// close releases the pty.
func (p *ptyPair) close() {
	_ = p.slave.Close()
	_ = p.master.Close()
}
