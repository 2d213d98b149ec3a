package cmd

import (
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/pprof"
)

// heapProfileOnSignal, when RDASH_SERVE_HEAPPROFILE names a file (the
// benchmark harness sets it), writes the server's heap profile there on
// each SIGUSR1, so a capacity run can say where a session's memory goes.
// The returned func stops listening.
func heapProfileOnSignal(f *Factory, log *slog.Logger) (stop func()) {
	path, ok := f.Lookup("RDASH_SERVE_HEAPPROFILE")
	if !ok || path == "" || heapSignal == nil {
		return func() {}
	}
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, heapSignal)
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-sigs:
				if err := writeHeapProfile(path); err != nil {
					log.Error("heap profile", "err", err.Error())
				}
			case <-done:
				return
			}
		}
	}()
	return func() { signal.Stop(sigs); close(done) }
}

// writeHeapProfile writes the heap profile after a collection, whole or
// not at all.
func writeHeapProfile(path string) error {
	runtime.GC()
	tmp, err := os.CreateTemp(filepath.Dir(path), ".heap-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := pprof.Lookup("heap").WriteTo(tmp, 0); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
