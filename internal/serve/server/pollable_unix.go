//go:build unix

package server

import (
	"os"
	"syscall"
)

// pollable is f, which pty.Open leaves in blocking mode (its ioctls ask
// the file for its descriptor), as a file the runtime's poller serves: a
// copy of its descriptor, non-blocking; f is closed. A read of a
// blocking file holds an OS thread while it waits: the copy of each
// session's output held one, a hundred threads for a hundred sessions,
// and each frame cost a hand-off between threads.
func pollable(f *os.File) (*os.File, error) {
	defer f.Close()
	syscall.ForkLock.RLock() // no child may inherit the copy
	fd, err := syscall.Dup(int(f.Fd()))
	if err == nil {
		syscall.CloseOnExec(fd)
	}
	syscall.ForkLock.RUnlock()
	if err != nil {
		return nil, err
	}
	if err := syscall.SetNonblock(fd, true); err != nil {
		syscall.Close(fd)
		return nil, err
	}
	return os.NewFile(uintptr(fd), f.Name()), nil
}
