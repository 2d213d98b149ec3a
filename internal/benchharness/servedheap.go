package main

import (
	"os"
	"os/exec"
	"syscall"
	"time"
)

// heapProfile asks the server for its heap profile (SIGUSR1, with
// serve.HeapProfileEnv set) and, with -v, prints where its memory is.
// With -keep the profile stays in the kept directory.
func (r *servedRun) heapProfile() {
	if err := r.cmd.Process.Signal(syscall.SIGUSR1); err != nil {
		logf("served: heap profile: %v", err)
		return
	}
	r.showProfile("heap in use", r.heap, "serve-heap.pprof", "-sample_index=inuse_space")
}

// startCPUProfile starts the server's CPU profile (SIGUSR2, with
// serve.CPUProfileEnv set); stopCPUProfile stops it and, with -v, prints
// where the time went. With -keep the profile stays.
func (r *servedRun) startCPUProfile() {
	if err := r.cmd.Process.Signal(syscall.SIGUSR2); err != nil {
		logf("served: cpu profile: %v", err)
	}
}

func (r *servedRun) stopCPUProfile() {
	if err := r.cmd.Process.Signal(syscall.SIGUSR2); err != nil {
		logf("served: cpu profile: %v", err)
		return
	}
	r.showProfile("CPU over the key phase", r.cpuProf, "serve-cpu.pprof", "-cum")
}

// showProfile waits for the profile the server writes at path, prints
// its top with -v and keeps it as keep with -keep.
func (r *servedRun) showProfile(what, path, keep string, args ...string) {
	for deadline := time.Now().Add(waitExit); ; time.Sleep(100 * time.Millisecond) {
		if fi, err := os.Stat(path); err == nil && fi.Size() > 0 {
			break
		}
		if time.Now().After(deadline) {
			logf("served: no profile at %s", path)
			return
		}
	}
	out, err := exec.Command("go", append(append([]string{"tool", "pprof", "-top", "-nodecount=40"}, args...), path)...).CombinedOutput()
	if err != nil {
		logf("served: go tool pprof: %v\n%s", err, out)
		return
	}
	logf("served: the server's %s, by function:\n%s", what, out)
	if keepDir != "" {
		_ = os.Rename(path, keepDir+"/"+keep)
	}
}
