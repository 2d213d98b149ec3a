//go:build !unix

package cmd

import "os"

// heapSignal is nil where there is no SIGUSR1: no heap profile on demand.
var heapSignal os.Signal
