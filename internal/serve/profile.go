package serve

import (
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
)

// HeapProfileEnv and CPUProfileEnv name the files a server writes its
// profiles to, for the benchmark harness and the attack tests: a
// capacity run says where a session's memory and CPU go, and an attack
// test reads what a flood left behind rather than garbage not yet
// collected. Unset, the server listens for no signal.
const (
	HeapProfileEnv = "RDASH_SERVE_HEAPPROFILE"
	CPUProfileEnv  = "RDASH_SERVE_CPUPROFILE"
)

// Profiles writes, on each SIGUSR1 with HeapProfileEnv set, the heap
// profile after a full collection that also gives the freed memory back
// to the system, and logs "heap" with the bytes still live: what the
// server holds, not what it has yet to collect. With CPUProfileEnv set,
// a SIGUSR2 starts a CPU profile and the next one stops it and writes
// it. lookup reads the environment. The returned func stops listening
// (and a CPU profile still running).
func Profiles(lookup func(string) (string, bool), log *slog.Logger) (stop func()) {
	heap, _ := lookup(HeapProfileEnv)
	cpu, _ := lookup(CPUProfileEnv)
	var sigs []os.Signal
	if heap != "" && heapSignal != nil {
		sigs = append(sigs, heapSignal)
	}
	if cpu != "" && cpuSignal != nil {
		sigs = append(sigs, cpuSignal)
	}
	if len(sigs) == 0 {
		return func() {}
	}
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, sigs...)
	done, stopped := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(stopped)
		p := &cpuProfile{path: cpu}
		defer p.stop(log)
		for {
			select {
			case s := <-ch:
				if s == heapSignal {
					writeHeap(heap, log)
				} else {
					p.toggle(log)
				}
			case <-done:
				return
			}
		}
	}()
	return func() { signal.Stop(ch); close(done); <-stopped }
}

// writeHeap collects, gives memory back, writes the heap profile (whole
// or not at all) and logs what is live.
func writeHeap(path string, log *slog.Logger) {
	debug.FreeOSMemory() // a full collection first
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	if err := writeAtomic(path, func(f *os.File) error { return pprof.Lookup("heap").WriteTo(f, 0) }); err != nil {
		log.Error("heap profile", "err", err.Error())
		return
	}
	log.Info("heap", "live_bytes", ms.HeapAlloc, "sys_bytes", ms.Sys-ms.HeapReleased, "goroutines", runtime.NumGoroutine(), "profile", path)
}

// cpuProfile is a CPU profile being written, or none.
type cpuProfile struct {
	path string
	tmp  *os.File // the profile being written, or nil
}

// toggle starts a profile, or stops the one running.
func (p *cpuProfile) toggle(log *slog.Logger) {
	if p.tmp != nil {
		p.stop(log)
		return
	}
	tmp, err := os.CreateTemp(filepath.Dir(p.path), ".cpu-*")
	if err == nil {
		if err = pprof.StartCPUProfile(tmp); err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}
	if err != nil {
		log.Error("cpu profile", "err", err.Error())
		return
	}
	p.tmp = tmp
	log.Info("cpu profile started")
}

// stop ends the running profile, if any, and puts it at its path.
func (p *cpuProfile) stop(log *slog.Logger) {
	if p.tmp == nil {
		return
	}
	pprof.StopCPUProfile()
	tmp := p.tmp
	p.tmp = nil
	err := tmp.Close()
	if err == nil {
		err = os.Rename(tmp.Name(), p.path)
	}
	if err != nil {
		os.Remove(tmp.Name())
		log.Error("cpu profile", "err", err.Error())
		return
	}
	log.Info("cpu profile", "profile", p.path)
}

// writeAtomic writes path through a temporary file beside it, renamed
// into place once whole.
func writeAtomic(path string, write func(*os.File) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".heap-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := write(tmp); err != nil {
		tmp.Close()
		return fmt.Errorf("%s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
