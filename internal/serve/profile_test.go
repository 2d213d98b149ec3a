//go:build unix

package serve

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// records is a slog handler that hands each record to a channel.
type records chan slog.Record

func (r records) Enabled(context.Context, slog.Level) bool        { return true }
func (r records) Handle(_ context.Context, rec slog.Record) error { r <- rec; return nil }
func (r records) WithAttrs([]slog.Attr) slog.Handler              { return r }
func (r records) WithGroup(string) slog.Handler                   { return r }

// next is the next record logged, within a minute.
func (r records) next(t *testing.T) slog.Record {
	t.Helper()
	select {
	case rec := <-r:
		return rec
	case <-time.After(time.Minute):
		t.Fatal("nothing logged within a minute")
	}
	return slog.Record{}
}

func attrs(rec slog.Record) map[string]slog.Value {
	m := map[string]slog.Value{}
	rec.Attrs(func(a slog.Attr) bool { m[a.Key] = a.Value; return true })
	return m
}

// TestProfilesOnSignal: with both variables set, SIGUSR1 writes the heap
// profile and logs the live heap, and SIGUSR2 twice writes a CPU profile.
func TestProfilesOnSignal(t *testing.T) {
	dir := t.TempDir()
	env := map[string]string{HeapProfileEnv: filepath.Join(dir, "heap"), CPUProfileEnv: filepath.Join(dir, "cpu")}
	log := make(records, 4)
	stop := Profiles(func(k string) (string, bool) { v, ok := env[k]; return v, ok }, slog.New(log))
	defer stop()

	kill(t, syscall.SIGUSR1)
	rec := log.next(t)
	a := attrs(rec)
	if rec.Message != "heap" || a["live_bytes"].Uint64() == 0 || a["profile"].String() != env[HeapProfileEnv] {
		t.Fatalf("logged %q %v; want heap with live_bytes and the profile's path", rec.Message, a)
	}
	requireFile(t, env[HeapProfileEnv])

	kill(t, syscall.SIGUSR2)
	if rec := log.next(t); rec.Message != "cpu profile started" {
		t.Fatalf("logged %q; want the CPU profile started", rec.Message)
	}
	kill(t, syscall.SIGUSR2)
	if rec := log.next(t); rec.Message != "cpu profile" || attrs(rec)["profile"].String() != env[CPUProfileEnv] {
		t.Fatalf("logged %q %v; want the CPU profile written", rec.Message, attrs(rec))
	}
	requireFile(t, env[CPUProfileEnv])
}

func kill(t *testing.T, sig syscall.Signal) {
	t.Helper()
	if err := syscall.Kill(os.Getpid(), sig); err != nil {
		t.Fatal(err)
	}
}

func requireFile(t *testing.T, path string) {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil || fi.Size() == 0 {
		t.Fatalf("%s: %v, %v; want a profile", path, fi, err)
	}
}
