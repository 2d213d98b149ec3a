//go:build !unix

package server

import "os"

// pollable is f as it is: ptys, and so rdash serve's sessions, exist only
// on Unix (pty.Open fails elsewhere), so there is nothing to make
// pollable.
func pollable(f *os.File) (*os.File, error) { return f, nil }
