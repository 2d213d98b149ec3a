//go:build unix

package cmd

import (
	"os"
	"syscall"
)

// heapSignal asks a running server for its heap profile.
var heapSignal os.Signal = syscall.SIGUSR1
