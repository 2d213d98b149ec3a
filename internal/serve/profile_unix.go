//go:build unix

package serve

import (
	"os"
	"syscall"
)

// The signals that ask a running server for its profiles (Profiles).
var heapSignal, cpuSignal os.Signal = syscall.SIGUSR1, syscall.SIGUSR2
