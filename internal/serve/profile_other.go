//go:build !unix

package serve

import "os"

// heapSignal and cpuSignal are nil where there is no SIGUSR1 or SIGUSR2:
// no profiles on demand there.
var heapSignal, cpuSignal os.Signal
