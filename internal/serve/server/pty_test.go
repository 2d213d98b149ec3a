//go:build unix

package server

import (
	"io"
	"syscall"
	"testing"
)

// TestPtyMasterIsPollable: the master that the session's output is
// copied from is non-blocking, so its reads wait in the runtime's poller
// rather than each holding an OS thread; it still carries what the
// dashboard writes, and ends when the slave is closed, as drain needs.
func TestPtyMasterIsPollable(t *testing.T) {
	t.Parallel()
	p, err := openPty(80, 24)
	if err != nil {
		t.Fatal(err)
	}
	defer p.close()
	sc, err := p.master.SyscallConn()
	if err != nil {
		t.Fatal(err)
	}
	var flags int
	var ferr error
	if err := sc.Control(func(fd uintptr) {
		r, _, errno := syscall.Syscall(syscall.SYS_FCNTL, fd, syscall.F_GETFL, 0)
		flags, ferr = int(r), errnoErr(errno)
	}); err != nil || ferr != nil {
		t.Fatal(err, ferr)
	}
	if flags&syscall.O_NONBLOCK == 0 {
		t.Fatalf("the master's flags are %#o: blocking; each session's output copy would hold a thread", flags)
	}
	if _, err := p.slave.WriteString("frame"); err != nil {
		t.Fatal(err)
	}
	_ = p.slave.Close()
	got, err := io.ReadAll(p.master)
	if string(got) != "frame" {
		t.Fatalf("the master carried %q (%v); want the slave's frame, then its end", got, err)
	}
}

func errnoErr(e syscall.Errno) error {
	if e == 0 {
		return nil
	}
	return e
}
