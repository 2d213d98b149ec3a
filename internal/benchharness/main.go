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
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
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
	rev      string // build this git revision instead of the working tree
	only     string // comma-separated steps to run; empty for all
	keep     bool   // keep the temporary directory and every pty's output
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
	flag.StringVar(&o.only, "only", "", "run only these steps, comma-separated: first-frame, help, paging, changelog, cursor, bulk-edit")
	flag.BoolVar(&o.keep, "keep", false, "keep the temporary directory, with every pty's raw output under out/, and print its path")
	flag.StringVar(&o.rev, "rev", "", "measure this git revision (e.g. HEAD, main) instead of the working tree")
	flag.Parse()
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
		fmt.Fprintln(os.Stderr, "benchharness:", err)
		return 1
	}
	dir, err := os.MkdirTemp("", "rdash-bench-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchharness:", err)
		return 1
	}
	if o.keep {
		keepDir = filepath.Join(dir, "out")
		if err := os.Mkdir(keepDir, 0o755); err != nil {
			fmt.Fprintln(os.Stderr, "benchharness:", err)
			return 1
		}
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
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)
	go func() {
		select {
		case s := <-sigs:
			fmt.Fprintf(os.Stderr, "benchharness: %v: killing the children and removing %s\n", s, dir)
			cleanup()
			os.Exit(1)
		case <-ctx.Done():
			if errors.Is(ctx.Err(), context.DeadlineExceeded) {
				fmt.Fprintf(os.Stderr, "benchharness: the batch took longer than -timeout %v\n", o.timeout)
				cleanup()
				os.Exit(1)
			}
		}
	}()

	start := time.Now()
	if o.rev != "" {
		if root, err = exportRev(root, o.rev, dir); err != nil {
			fmt.Fprintln(os.Stderr, "benchharness:", err)
			return 1
		}
	}
	b := &batch{opts: o, root: root, dir: dir}
	if err := b.build(); err != nil {
		fmt.Fprintln(os.Stderr, "benchharness:", err)
		return 1
	}
	figs, err := b.measure()
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchharness:", err)
		return 1
	}
	m := machine(root)
	m["source"] = source(o.rev)
	rep := report{Machine: m, Runs: o.n, PageRuns: o.pageRuns, Versions: o.versions,
		Seconds: time.Since(start).Seconds(), Figures: figs}
	if asJSON {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			fmt.Fprintln(os.Stderr, "benchharness:", err)
			return 1
		}
		return 0
	}
	rep.print(out)
	return 0
}

// moduleRoot is the directory of rdash's go.mod, found from the working
// directory.
func moduleRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %w", err)
	}
	mod := strings.TrimSpace(string(out))
	if mod == "" || mod == os.DevNull {
		return "", errors.New("run from inside the rdash module (go run ./internal/benchharness)")
	}
	b, err := os.ReadFile(mod)
	if err != nil {
		return "", err
	}
	if !strings.HasPrefix(string(b), "module rdash\n") {
		return "", fmt.Errorf("%s is not rdash's go.mod", mod)
	}
	return filepath.Dir(mod), nil
}

// exportRev writes the tree of rev into dir/src with git archive (which
// touches neither the working tree nor the index) and returns it.
func exportRev(root, rev, dir string) (string, error) {
	src := filepath.Join(dir, "src")
	if err := os.Mkdir(src, 0o755); err != nil {
		return "", err
	}
	archive := exec.Command("git", "archive", "--format=tar", rev)
	archive.Dir = root
	untar := exec.Command("tar", "-x", "-C", src)
	pipe, err := archive.StdoutPipe()
	if err != nil {
		return "", err
	}
	untar.Stdin = pipe
	var errs strings.Builder
	archive.Stderr, untar.Stderr = &errs, &errs
	if err := untar.Start(); err != nil {
		return "", err
	}
	aerr := archive.Run()
	uerr := untar.Wait()
	if aerr != nil || uerr != nil {
		return "", fmt.Errorf("git archive %s: %v %v\n%s", rev, aerr, uerr, errs.String())
	}
	return src, nil
}

// source names what was measured: a commit, or the working tree on top
// of one.
func source(rev string) string {
	name := rev
	if name == "" {
		name = "HEAD"
	}
	out, err := exec.Command("git", "rev-parse", "--short", name).Output()
	id := strings.TrimSpace(string(out))
	if err != nil {
		id = "unknown commit"
	}
	if rev != "" {
		return fmt.Sprintf("%s (%s)", rev, id)
	}
	if out, err := exec.Command("git", "status", "--porcelain", "--untracked-files=no").Output(); err == nil && len(out) > 0 {
		return fmt.Sprintf("the working tree, with uncommitted changes, on %s", id)
	}
	return fmt.Sprintf("the working tree at %s", id)
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

// figure is one row of the budget table.
type figure struct {
	Key       string    `json:"key"`
	What      string    `json:"what"`
	Unit      string    `json:"unit"`
	Measured  float64   `json:"measured"`
	Samples   []float64 `json:"samples,omitempty"`
	Reference float64   `json:"reference,omitempty"`
	RefSample []float64 `json:"reference_samples,omitempty"`
	RefWhat   string    `json:"reference_what"`
	Ratio     float64   `json:"ratio,omitempty"` // Measured / Reference, when the budget is a ratio
	Budget    string    `json:"budget"`
	Met       *bool     `json:"met,omitempty"` // nil: not measured
	Note      string    `json:"note,omitempty"`
}

type report struct {
	Machine  map[string]string `json:"machine"`
	Runs     int               `json:"runs"`
	PageRuns int               `json:"page_runs"`
	Versions int               `json:"versions"`
	Seconds  float64           `json:"seconds"`
	Figures  []figure          `json:"figures"`
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func boolp(b bool) *bool { return &b }

// ratioBudget fills Ratio and Met for a budget of at most limit times the
// reference.
func (f *figure) ratioBudget(limit float64) {
	if f.Reference > 0 {
		f.Ratio = f.Measured / f.Reference
		f.Met = boolp(f.Ratio <= limit)
	}
}

func (f *figure) absBudget(limit float64) {
	if f.Reference > 0 {
		f.Ratio = f.Measured / f.Reference
	}
	f.Met = boolp(f.Measured <= limit)
}

func (r report) print(w io.Writer) {
	m := r.Machine
	fmt.Fprintf(w, "rdash performance budget (issue 12), %s\n", m["date"])
	fmt.Fprintf(w, "source: %s\n", m["source"])
	fmt.Fprintf(w, "machine: %s CPUs, %s memory, %s, %s; medians of %d runs (paging: %d run(s) of %d versions); %.0f s\n\n",
		m["cpus"], m["memory"], m["go"], m["kernel"], r.Runs, r.PageRuns, r.Versions, r.Seconds)
	rows := [][]string{{"figure", "measured", "reference", "ratio", "budget", "met?"}}
	for _, f := range r.Figures {
		meas, ref, ratio, met := "-", "-", "-", "pending"
		if f.Met != nil || f.Measured > 0 {
			meas = num(f.Measured) + " " + f.Unit
		}
		if f.Reference > 0 {
			ref = num(f.Reference) + " " + f.Unit + " (" + f.RefWhat + ")"
		} else if f.RefWhat != "" {
			ref = f.RefWhat
		}
		if f.Ratio > 0 {
			ratio = fmt.Sprintf("%.2fx", f.Ratio)
		}
		if f.Met != nil {
			met = map[bool]string{true: "yes", false: "NO"}[*f.Met]
		}
		rows = append(rows, []string{f.What, meas, ref, ratio, f.Budget, met})
	}
	widths := make([]int, len(rows[0]))
	for _, row := range rows {
		for i, c := range row {
			widths[i] = max(widths[i], len([]rune(c)))
		}
	}
	for i, row := range rows {
		var b strings.Builder
		for j, c := range row {
			b.WriteString(c + strings.Repeat(" ", widths[j]-len([]rune(c))))
			if j < len(row)-1 {
				b.WriteString(" | ")
			}
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
		if i == 0 {
			var sep []string
			for _, wd := range widths {
				sep = append(sep, strings.Repeat("-", wd))
			}
			fmt.Fprintln(w, strings.Join(sep, "-|-"))
		}
	}
	fmt.Fprintln(w)
	for _, f := range r.Figures {
		if f.Note != "" {
			fmt.Fprintf(w, "- %s: %s\n", f.What, f.Note)
		}
	}
}

// num prints a figure with as many decimals as it deserves.
func num(v float64) string {
	switch {
	case v >= 100:
		return fmt.Sprintf("%.0f", v)
	case v >= 10:
		return fmt.Sprintf("%.1f", v)
	default:
		return fmt.Sprintf("%.2f", v)
	}
}

// machine describes where the batch ran.
func machine(root string) map[string]string {
	m := map[string]string{
		"cpus": fmt.Sprint(runtime.NumCPU()), "go": runtime.Version(),
		"os": runtime.GOOS + "/" + runtime.GOARCH, "date": time.Now().UTC().Format("2006-01-02 15:04 UTC"),
	}
	if b, err := os.ReadFile("/proc/meminfo"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if v, ok := strings.CutPrefix(line, "MemTotal:"); ok {
				var kb int64
				fmt.Sscan(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), &kb)
				m["memory"] = fmt.Sprintf("%.1f GiB", float64(kb)/(1<<20))
			}
		}
	}
	if b, err := os.ReadFile("/proc/sys/kernel/osrelease"); err == nil {
		m["kernel"] = "Linux " + strings.TrimSpace(string(b))
	}
	if b, err := os.ReadFile(filepath.Join(root, "go.mod")); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if f := strings.Fields(line); len(f) >= 2 && f[0] == "charm.land/bubbletea/v2" {
				m["bubbletea"] = f[1]
			}
		}
	}
	return m
}
