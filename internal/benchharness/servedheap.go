package main

import (
	"os"
	"os/exec"
	"syscall"
	"time"
)

// heapProfile asks the server for its heap profile (SIGUSR1, with
// RDASH_SERVE_HEAPPROFILE set) and, with -v, prints where its memory is.
// With -keep the profile stays in the kept directory.
func (r *servedRun) heapProfile() {
	if err := r.cmd.Process.Signal(syscall.SIGUSR1); err != nil {
		logf("served: heap profile: %v", err)
		return
	}
	for deadline := time.Now().Add(waitExit); ; time.Sleep(100 * time.Millisecond) {
		if fi, err := os.Stat(r.heap); err == nil && fi.Size() > 0 {
			break
		}
		if time.Now().After(deadline) {
			logf("served: no heap profile at %s", r.heap)
			return
		}
	}
	out, err := exec.Command("go", "tool", "pprof", "-top", "-nodecount=25", "-sample_index=inuse_space", r.heap).CombinedOutput()
	if err != nil {
		logf("served: go tool pprof: %v\n%s", err, out)
		return
	}
	logf("served: the server's heap in use, by function:\n%s", out)
	if keepDir != "" {
		_ = os.Rename(r.heap, keepDir+"/serve-heap.pprof")
	}
}
