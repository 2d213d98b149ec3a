package main

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"
)

// The terminal of every pty figure, as in issue 12.
const cols, rows = 120, 40

// Deadlines of single waits. Generous: a loaded 2-core machine is slow,
// and a wait that ends early only reports an error, it never hangs.
const (
	waitFrame = 20 * time.Second
	waitPage  = 20 * time.Second
	waitExit  = 10 * time.Second
	// stallAfter is how long a page may take before the paging figure
	// calls it a stall and presses End again.
	stallAfter = 5 * time.Second
)

// term starts a program in a pty and tracks it so it is killed on exit.
func (b *batch) term(name string, env []string, argv ...string) (*term, error) {
	t, err := startTerm(name, cols, rows, env, argv...)
	if err != nil {
		return nil, err
	}
	track(t)
	return t, nil
}

func (b *batch) done(t *term, keys ...string) (usage, error) {
	defer untrack(t)
	u, err := t.quit(waitExit, keys...)
	t.close()
	return u, err
}

// step is one figure's measurement, named for -only.
type step struct {
	name string
	f    func() ([]figure, error)
}

// figureOrder is the order of issue 12's table.
var figureOrder = []string{"first-frame", "help", "add-page", "page-cpu", "changelog-bytes", "cursor-bytes", "bulk-edit", "rss",
	"sort-time", "sort-rss", "stats-time", "served-rss", "served-cpu", "served-latency"}

// measure runs every figure, in the order of issue 12's table.
func (b *batch) measure() ([]figure, error) {
	steps := []step{
		{"first-frame", b.firstFrame},
		{"help", b.help},
		{"paging", b.paging},
		{"changelog", b.changelogScroll},
		{"cursor", b.cursorMove},
		{"bulk-edit", b.bulkEdit},
		{"sort", b.sortAll}, // after paging, whose RSS is its reference
		{"stats", b.statsAll},
		{"served", b.served},
	}
	only, err := onlySteps(b.opts.only, steps)
	if err != nil {
		return nil, err
	}
	figs := map[string]figure{}
	for _, s := range steps {
		if len(only) > 0 && !only[s.name] {
			continue
		}
		t0 := time.Now()
		fs, err := s.f()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", s.name, err)
		}
		logf("%s: %v", s.name, time.Since(t0).Round(time.Millisecond))
		for _, f := range fs {
			figs[f.Key] = f
		}
	}
	var out []figure
	for _, k := range figureOrder {
		if f, ok := figs[k]; ok {
			out = append(out, f)
		}
	}
	return out, nil
}

// onlySteps parses -only, a comma-separated list of step names; an empty
// set means every step.
func onlySteps(list string, steps []step) (map[string]bool, error) {
	only := map[string]bool{}
	for _, name := range strings.Split(list, ",") {
		if name = strings.TrimSpace(name); name != "" {
			if !slices.ContainsFunc(steps, func(s step) bool { return s.name == name }) {
				return nil, fmt.Errorf("-only: no step %q", name)
			}
			only[name] = true
		}
	}
	return only, nil
}

// timeCommand runs a program to a pipe and times exec to exit; a failure
// to run or a non-zero exit is an error.
func (b *batch) timeCommand(env []string, argv ...string) (time.Duration, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Env = append(baseEnv(), env...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	t0 := time.Now()
	err := cmd.Run()
	d := time.Since(t0)
	if err != nil {
		return 0, fmt.Errorf("%s: %v\n%s", filepath.Base(argv[0]), err, tail(stderr.String(), 2000))
	}
	return d, nil
}

func tail(s string, n int) string {
	if len(s) > n {
		return "…" + s[len(s)-n:]
	}
	return s
}

// bytesPerKey sends key count times, each after the output of the last
// has settled, and returns the bytes each press made the program write.
func bytesPerKey(t *term, key string, count int) ([]float64, error) {
	var out []float64
	for range count {
		mark := t.byteCount()
		if err := t.send(key); err != nil {
			return nil, err
		}
		n, err := t.waitQuiet(mark, 80*time.Millisecond, 5*time.Second)
		if err != nil {
			return nil, fmt.Errorf("after %q: %w", key, err)
		}
		out = append(out, float64(n-mark))
	}
	return out, nil
}

// settle waits until the program has written nothing for a while.
func settle(t *term) error {
	_, err := t.waitQuiet(-1, 250*time.Millisecond, 10*time.Second)
	return err
}
