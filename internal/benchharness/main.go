// Command benchharness measures every figure of issue 12's performance
// budget in one batch on this machine and prints each next to its
// reference and its budget:
//
//	go run ./internal/benchharness            # medians of 5 runs, about 40 s on 2 cores
//	go run ./internal/benchharness -n 15      # more runs
//	go run ./internal/benchharness -json      # the same, as JSON
//
// It builds rdash and three reference programs (testdata/: a Bubble Tea
// hello world, a plain Go hello world and a bubbles table, all on the
// module's pinned versions), serves the sandbox in-process on loopback,
// signs rdash in with a token minted by the sandbox (RDASH_TOKEN), and
// drives the real binary in pseudo-terminals (creack/pty), following the
// screen with a small terminal emulator. Every wait has a deadline and
// every child is killed and reaped, so it cannot hang. A budget that is
// not met is reported, not an error: the exit status is 0 unless the
// harness itself failed (1). BENCHMARKS.md records a run and explains
// every budget that is not met.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"sync"
	"syscall"
	"time"
)

type options struct {
	n        int           // runs per figure (first frame, help, bytes, bulk edit)
	pageRuns int           // runs of the 10,000-version paging (slow)
	versions int           // versions to page through
	keys     int           // key presses per bytes sample
	timeout  time.Duration // the whole batch
	verbose  bool
	rev      string   // build this git revision instead of the working tree
	only     string   // comma-separated steps to run; empty for all
	keep     bool     // keep the temporary directory and every pty's output
	sessions []int    // served sessions at which the capacity figures are taken
	serveEnv []string // KEY=value added to the served step's rdash serve environment
	profile  bool     // profile rdash serve's CPU in the served step's last key phase
}

func main() {
	var o options
	var asJSON bool
	flag.IntVar(&o.n, "n", 5, "runs per figure; medians are reported")
	flag.IntVar(&o.pageRuns, "page-runs", 0, "runs of the paging figures (default: 1 per 5 of -n, at least 1)")
	flag.IntVar(&o.versions, "versions", 10_000, "versions the sandbox generates for the paging figures (the budget is for 10,000)")
	flag.IntVar(&o.keys, "keys", 10, "key presses per sample of the bytes figures")
	flag.DurationVar(&o.timeout, "timeout", 10*time.Minute, "give up (exit 1) after this long")
	flag.BoolVar(&asJSON, "json", false, "print the results as JSON")
	flag.BoolVar(&o.verbose, "v", false, "log progress to standard error")
	flag.StringVar(&o.only, "only", "", "run only these steps, comma-separated: first-frame, help, paging, changelog, cursor, bulk-edit, sort, stats, served")
	flag.BoolVar(&o.keep, "keep", false, "keep the temporary directory, with every pty's raw output under out/, and print its path")
	flag.StringVar(&o.rev, "rev", "", "measure this git revision (e.g. HEAD, main) instead of the working tree")
	flag.Func("sessions", "comma-separated numbers of sessions served at once for the capacity figures (default 100)", sessionsFlag(&o.sessions))
	flag.Func("serve-env", "KEY=value added to rdash serve's environment in the served step (e.g. GOGC=100); repeatable", serveEnvFlag(&o.serveEnv))
	flag.BoolVar(&o.profile, "serve-profile", false, "profile rdash serve's CPU over the served step's last key phase; -v prints where it went, -keep keeps it")
	flag.Parse()
	if len(o.sessions) == 0 {
		o.sessions = []int{100}
	}
	if o.n < 1 || o.keys < 1 || o.versions < 200 || o.versions > 100_000 {
		fmt.Fprintln(os.Stderr, "benchharness: -n and -keys must be at least 1, -versions from 200 to 100000")
		os.Exit(2)
	}
	if o.pageRuns <= 0 {
		o.pageRuns = max(1, o.n/5)
	}
	os.Exit(run(o, asJSON, os.Stdout))
}

// logf reports progress when -v is given.
var logf = func(string, ...any) {}

// live holds every child still running, so an interrupt or the batch's
// deadline can kill them all.
var live struct {
	sync.Mutex
	terms map[*term]bool
}

func track(t *term) {
	live.Lock()
	defer live.Unlock()
	if live.terms == nil {
		live.terms = map[*term]bool{}
	}
	live.terms[t] = true
}

func untrack(t *term) {
	live.Lock()
	defer live.Unlock()
	delete(live.terms, t)
}

func killAll() {
	live.Lock()
	ts := make([]*term, 0, len(live.terms))
	for t := range live.terms {
		ts = append(ts, t)
	}
	live.Unlock()
	for _, t := range ts {
		t.kill()
	}
}

func run(o options, asJSON bool, out io.Writer) int {
	if o.verbose {
		logf = func(f string, a ...any) { fmt.Fprintf(os.Stderr, "benchharness: "+f+"\n", a...) }
	}
	root, err := moduleRoot()
	if err != nil {
		return fail(err)
	}
	dir, err := workDir(o.keep)
	if err != nil {
		return fail(err)
	}
	cleanup := sync.OnceFunc(func() {
		killAll()
		if o.keep {
			fmt.Fprintln(os.Stderr, "benchharness: kept", dir)
			return
		}
		os.RemoveAll(dir)
	})
	defer cleanup()

	ctx, cancel := context.WithTimeout(context.Background(), o.timeout)
	defer cancel()
	defer exitOnSignalOrDeadline(ctx, o.timeout, dir, cleanup)()

	rep, err := measureAt(o, root, dir)
	if err != nil {
		return fail(err)
	}
	if err := rep.write(out, asJSON); err != nil {
		return fail(err)
	}
	return 0
}

// fail reports a failure of the harness itself and is its exit status.
func fail(err error) int {
	fmt.Fprintln(os.Stderr, "benchharness:", err)
	return 1
}

// workDir makes the batch's temporary directory and, with -keep, the
// directory keepDir that saves the children's output.
func workDir(keep bool) (string, error) {
	dir, err := os.MkdirTemp("", "rdash-bench-")
	if err != nil {
		return "", err
	}
	if keep {
		keepDir = filepath.Join(dir, "out")
		if err := os.Mkdir(keepDir, 0o755); err != nil {
			return "", err
		}
	}
	return dir, nil
}

// exitOnSignalOrDeadline kills the children, cleans up and exits 1 on an
// interrupt or when the batch outlives -timeout; the function it returns
// stops listening for signals.
func exitOnSignalOrDeadline(ctx context.Context, timeout time.Duration, dir string, cleanup func()) (stop func()) {
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	go func() {
		select {
		case s := <-sigs:
			fmt.Fprintf(os.Stderr, "benchharness: %v: killing the children and removing %s\n", s, dir)
			cleanup()
			os.Exit(1)
		case <-ctx.Done():
			if errors.Is(ctx.Err(), context.DeadlineExceeded) {
				fmt.Fprintf(os.Stderr, "benchharness: the batch took longer than -timeout %v\n", timeout)
				cleanup()
				os.Exit(1)
			}
		}
	}()
	return func() { signal.Stop(sigs) }
}

// measureAt builds rdash from root (or from -rev, exported into dir) and
// the references, measures every figure and reports where.
func measureAt(o options, root, dir string) (report, error) {
	start := time.Now()
	if o.rev != "" {
		var err error
		if root, err = exportRev(root, o.rev, dir); err != nil {
			return report{}, err
		}
	}
	b := &batch{opts: o, root: root, dir: dir}
	if err := b.build(); err != nil {
		return report{}, err
	}
	figs, err := b.measure()
	if err != nil {
		return report{}, err
	}
	m := machine(root)
	m["source"] = source(o.rev)
	return report{Machine: m, Runs: o.n, PageRuns: o.pageRuns, Versions: o.versions,
		Seconds: time.Since(start).Seconds(), Figures: figs}, nil
}

// batch is one run of the harness: its binaries and temporary files.
type batch struct {
	opts options
	root string
	dir  string
	bin  map[string]string // rdash, teahello, plainhello, bubblestable
}

func (b *batch) build() error {
	t0 := time.Now()
	bins := filepath.Join(b.dir, "bin")
	if err := os.Mkdir(bins, 0o755); err != nil {
		return err
	}
	pkgs := []string{".", "./internal/benchharness/testdata/teahello",
		"./internal/benchharness/testdata/plainhello", "./internal/benchharness/testdata/bubblestable"}
	cmd := exec.Command("go", append([]string{"build", "-o", bins + string(filepath.Separator)}, pkgs...)...)
	cmd.Dir = b.root
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go build: %v\n%s", err, out)
	}
	b.bin = map[string]string{}
	for _, name := range []string{"rdash", "teahello", "plainhello", "bubblestable"} {
		p := filepath.Join(bins, name)
		if _, err := os.Stat(p); err != nil {
			return fmt.Errorf("go build made no %s: %w", name, err)
		}
		b.bin[name] = p
	}
	logf("built rdash and the references in %v", time.Since(t0).Round(time.Millisecond))
	return nil
}
