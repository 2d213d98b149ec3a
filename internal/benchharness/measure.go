package main

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"rdash/api"
	"rdash/api/sandbox"
)

// The terminal of every pty figure, as in issue 12.
const cols, rows = 120, 40

// glowBytesPerLine is glow's cost of scrolling a rendered document one
// line at 120x40, as measured for issue 12. glow is not installed here, so
// it is a recorded constant, not measured in the batch.
const glowBytesPerLine = 195

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

// longChangelogID is a version the harness adds to lumen with a changelog
// far longer than the screen, to scroll.
const longChangelogID = "BnchLong"

// seed is the sandbox's embedded seed read from the source tree, with
// emberforge-core generating versions and lumen holding a version with a
// long changelog, the newest of the project.
func (b *batch) seed(versions int) ([]byte, error) {
	raw, err := os.ReadFile(filepath.Join(b.root, "api", "sandbox", "testdata", "seed.json"))
	if err != nil {
		return nil, err
	}
	var seed map[string]any
	if err := json.Unmarshal(raw, &seed); err != nil {
		return nil, fmt.Errorf("the sandbox seed: %w", err)
	}
	projects, _ := seed["projects"].([]any)
	var gen, lumen bool
	for _, p := range projects {
		p, _ := p.(map[string]any)
		switch p["slug"] {
		case "emberforge-core":
			g, ok := p["generate"].(map[string]any)
			if !ok {
				return nil, errors.New("the sandbox seed: emberforge-core generates no versions any more")
			}
			g["count"], gen = versions, true
		case "lumen":
			vs, _ := p["versions"].([]any)
			p["versions"], lumen = append(vs, longChangelogVersion()), true
		}
	}
	if !gen || !lumen {
		return nil, errors.New("the sandbox seed has no emberforge-core or lumen project any more")
	}
	return json.Marshal(seed)
}

func longChangelogVersion() map[string]any {
	var b strings.Builder
	b.WriteString("# Lumen 2.5.0\n\nA long changelog for the scrolling benchmark.\n\n## Changed\n\n")
	for i := 1; i <= 200; i++ {
		if i%25 == 0 {
			fmt.Fprintf(&b, "\n## Part %d\n\n", i/25)
		}
		fmt.Fprintf(&b, "- Line %03d: lights fade %d ticks sooner near water when chunks reload\n", i, i%7+1)
	}
	return map[string]any{
		"id": longChangelogID, "version": "2.5.0", "name": "Lumen 2.5.0: Long notes", "channel": "release",
		"created_at": "2025-12-01T12:00:00Z", "downloads": 1, "changelog": b.String(),
		"files": []any{map[string]any{"id": "BnchFile", "name": "lumen-2.5.0.jar", "content": "bench\n"}},
	}
}

// sandboxRun is a sandbox served on loopback and the environment that
// signs rdash in to it.
type sandboxRun struct {
	srv *sandbox.Server
	run *sandbox.Running
	env []string
}

func (b *batch) startSandbox(versions int, latency time.Duration) (*sandboxRun, error) {
	data, err := b.seed(versions)
	if err != nil {
		return nil, err
	}
	srv, err := sandbox.New(sandbox.Options{Data: data, Latency: latency})
	if err != nil {
		return nil, err
	}
	run, err := srv.Start("127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	tok, err := srv.MintToken("alice")
	if err != nil {
		run.Close()
		return nil, err
	}
	state, err := os.MkdirTemp(b.dir, "state-")
	if err != nil {
		run.Close()
		return nil, err
	}
	env := append(run.Env(), "RDASH_TOKEN="+tok, "RDASH_CONFIG_DIR="+state, "RDASH_STATE_DIR="+state)
	return &sandboxRun{srv: srv, run: run, env: env}, nil
}

func (s *sandboxRun) close() { s.run.Close() }

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

// measure runs every figure, in the order of issue 12's table.
func (b *batch) measure() ([]figure, error) {
	steps := []struct {
		name string
		f    func() ([]figure, error)
	}{
		{"first-frame", b.firstFrame},
		{"help", b.help},
		{"paging", b.paging},
		{"changelog", b.changelogScroll},
		{"cursor", b.cursorMove},
		{"bulk-edit", b.bulkEdit},
	}
	only := map[string]bool{}
	for _, name := range strings.Split(b.opts.only, ",") {
		if name = strings.TrimSpace(name); name != "" {
			if !slices.ContainsFunc(steps, func(s struct {
				name string
				f    func() ([]figure, error)
			}) bool {
				return s.name == name
			}) {
				return nil, fmt.Errorf("-only: no step %q", name)
			}
			only[name] = true
		}
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
	for _, k := range []string{"first-frame", "help", "add-page", "page-cpu", "changelog-bytes", "cursor-bytes", "bulk-edit", "rss"} {
		if f, ok := figs[k]; ok {
			out = append(out, f)
		}
	}
	return out, nil
}

// firstFrame: exec to the dashboard's first full screen, signed in, vs a
// Bubble Tea hello world; runs alternate so both see the same noise.
func (b *batch) firstFrame() ([]figure, error) {
	sb, err := b.startSandbox(1500, 0)
	if err != nil {
		return nil, err
	}
	defer sb.close()
	var got, ref, hwm, header []float64
	for i := range b.opts.n + 1 { // the first pair warms the page cache and is dropped
		d, u, err := b.timeToScreen("teahello", nil, []string{b.bin["teahello"]}, "Hello, world")
		if err != nil {
			return nil, err
		}
		if i > 0 {
			ref = append(ref, ms(d))
			hwm = append(hwm, float64(u.maxRSS)/1024)
		}
		d, h, err := b.rdashFirstFrame(sb.env)
		if err != nil {
			return nil, err
		}
		if i > 0 {
			got, header = append(got, ms(d)), append(header, ms(h))
		}
	}
	helloRSS = median(hwm)
	f := figure{Key: "first-frame", What: "first frame, signed in, sandbox on loopback", Unit: "ms",
		Measured: median(got), Samples: got, Reference: median(ref), RefSample: ref,
		RefWhat: "Bubble Tea v2 hello world", Budget: "<= 1.5x reference",
		Note: fmt.Sprintf("exec to the project picker drawn with the projects and @alice (RDASH_TOKEN minted by the in-process sandbox; its first byte of output, the terminal set-up, came at %s ms); reference: exec to \"Hello, world\" on screen", num(median(header)))}
	f.ratioBudget(1.5)
	return []figure{f}, nil
}

// helloRSS is the Bubble Tea hello world's peak RSS, the reference of the
// RSS figure.
var helloRSS float64

// rdashFirstFrame starts the dashboard signed in and returns the time to
// the picker with the projects and the user, and to its first byte of
// output (terminal set-up: the end of start-up).
func (b *batch) rdashFirstFrame(env []string) (full, title time.Duration, err error) {
	t, err := b.term("rdash", env, b.bin["rdash"])
	if err != nil {
		return 0, 0, err
	}
	at, err := t.waitText(waitFrame, "YOUR PROJECTS", "emberforge-core", "@alice")
	first := t.firstByte()
	if _, qerr := b.done(t, "q"); err == nil {
		err = qerr
	}
	return at.Sub(t.started), first.Sub(t.started), err
}

func (b *batch) timeToScreen(name string, env, argv []string, want ...string) (time.Duration, usage, error) {
	t, err := b.term(name, env, argv...)
	if err != nil {
		return 0, usage{}, err
	}
	at, werr := t.waitText(waitFrame, want...)
	u, qerr := b.done(t, "q")
	if werr != nil {
		return 0, u, werr
	}
	return at.Sub(t.started), u, qerr
}

// help: `rdash --help` to a pipe, exec to exit, vs a plain Go hello world.
func (b *batch) help() ([]figure, error) {
	var got, ref []float64
	runs := 3 * b.opts.n // cheap, and noisy: more runs
	for i := range runs + 1 {
		r, err := b.timeCommand(nil, b.bin["plainhello"])
		if err != nil {
			return nil, err
		}
		g, err := b.timeCommand(nil, b.bin["rdash"], "--help")
		if err != nil {
			return nil, err
		}
		if i > 0 {
			ref, got = append(ref, ms(r)), append(got, ms(g))
		}
	}
	inits, err := b.initTrace()
	if err != nil {
		return nil, err
	}
	f := figure{Key: "help", What: "rdash --help", Unit: "ms", Measured: median(got), Samples: got,
		Reference: median(ref), RefSample: ref, RefWhat: "plain Go hello world", Budget: "<= 2x reference",
		Note: fmt.Sprintf("exec to exit, output to a pipe; %d runs each; package init of one run (GODEBUG=inittrace=1): %s", runs, inits)}
	f.ratioBudget(2)
	return []figure{f}, nil
}

// initTrace runs `rdash --help` once with GODEBUG=inittrace=1 and sums
// the packages' init time, naming the costliest.
func (b *batch) initTrace() (string, error) {
	cmd := exec.Command(b.bin["rdash"], "--help")
	cmd.Env = append(baseEnv(), "GODEBUG=inittrace=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("rdash --help with inittrace: %v", err)
	}
	type pkgInit struct {
		name string
		ms   float64
	}
	var all []pkgInit
	var total float64
	for _, line := range strings.Split(stderr.String(), "\n") {
		// init github.com/alecthomas/chroma/v2/styles @1.2 ms, 10 ms clock, 123 bytes, 4 allocs
		f := strings.Fields(line)
		if len(f) < 7 || f[0] != "init" || f[6] != "clock," {
			continue
		}
		v, err := strconv.ParseFloat(f[4], 64)
		if err != nil {
			continue
		}
		total += v
		all = append(all, pkgInit{f[1], v})
	}
	if len(all) == 0 {
		return "", errors.New("GODEBUG=inittrace=1 printed no init lines")
	}
	slices.SortFunc(all, func(a, b pkgInit) int { return cmp.Compare(b.ms, a.ms) })
	top := make([]string, 0, 4)
	for _, p := range all[:min(4, len(all))] {
		top = append(top, fmt.Sprintf("%s %.1f ms", p.name, p.ms))
	}
	return fmt.Sprintf("%.1f ms in all, most in %s", total, strings.Join(top, ", ")), nil
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

// loadedRe matches the versions list's status line, "9,950 of 10,000 · page 199".
var loadedRe = regexp.MustCompile(`(\d[\d,]*) of (\d[\d,]*) ·`)

func loaded(s *screen) (n, total int) {
	m := loadedRe.FindStringSubmatch(s.String())
	if m == nil {
		return -1, -1
	}
	n, _ = strconv.Atoi(strings.ReplaceAll(m[1], ",", ""))
	total, _ = strconv.Atoi(strings.ReplaceAll(m[2], ",", ""))
	return n, total
}

func commas(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// paging opens emberforge-core with opts.versions versions and presses End
// until every version is loaded, timing each page from the key to the new
// count on screen; then reads the peak RSS and quits for the CPU used.
func (b *batch) paging() ([]figure, error) {
	sb, err := b.startSandbox(b.opts.versions, 0)
	if err != nil {
		return nil, err
	}
	defer sb.close()
	var first, last, cpu, rss []float64
	var pages int
	var stalls []string
	for range b.opts.pageRuns {
		t, err := b.term("rdash paging", sb.env, b.bin["rdash"], "-p", "emberforge-core")
		if err != nil {
			return nil, err
		}
		perPage, st, r, u, err := b.pageThrough(t)
		stalls = append(stalls, st...)
		if err != nil {
			reads := sb.srv.InFlight(sandbox.ClassRead)
			return nil, fmt.Errorf("%w\nthe sandbox: %d reads served, %d in flight", err, reads.Total, reads.Now)
		}
		pages = len(perPage)
		if pages < 8 {
			return nil, fmt.Errorf("only %d pages to time; raise -versions", pages)
		}
		first = append(first, median(perPage[1:4]))    // adding pages 3-5: 100-200 rows loaded
		last = append(last, median(perPage[pages-3:])) // adding the last three pages
		cpu = append(cpu, u.cpu.Seconds())
		rss = append(rss, float64(r)/1024)
	}
	n := commas(b.opts.versions)
	at := fmt.Sprintf(" (at %s versions, not 10,000)", n)
	if b.opts.versions == 10_000 {
		at = ""
	}
	add := figure{Key: "add-page", What: "adding a page with " + n + " rows loaded", Unit: "ms",
		Measured: median(last), Samples: last, Reference: median(first), RefSample: first,
		RefWhat: "with 100-200 loaded", Budget: "<= 2x reference",
		Note: "wall time in the real binary from End to the new count drawn (a loopback round trip, applyPage and the frame), median of the last 3 pages vs pages 3-5; in process: go test -run='^$' -bench=ApplyPage ./ui/versions/" + at}
	add.ratioBudget(2)
	pc := figure{Key: "page-cpu", What: "CPU to page through " + n + " versions", Unit: "s",
		Measured: median(cpu), Samples: cpu, RefWhat: "17 s in issue 12", Budget: "<= 2 s",
		Note: fmt.Sprintf("user+sys rusage of the rdash child: start, %d End presses (one page each), quit%s", pages, at)}
	if len(stalls) > 0 {
		pc.Note += fmt.Sprintf("; STALLED %d time(s): with %s rows loaded, End fetched nothing for %v (k then End again went on)",
			len(stalls), strings.Join(stalls, ", "), stallAfter)
	}
	pc.absBudget(2)
	rs := figure{Key: "rss", What: "RSS after paging " + n + " versions", Unit: "MB",
		Measured: median(rss), Samples: rss, Reference: helloRSS, RefWhat: "Bubble Tea hello world", Budget: "<= 60 MB",
		Note: "VmHWM (peak RSS) of the rdash child from /proc after the last page" + at}
	rs.absBudget(60)
	return []figure{add, pc, rs}, nil
}

// pageThrough returns the time of every page added after the first, the
// peak RSS in kB and the child's resource use.
func (b *batch) pageThrough(t *term) (perPage []float64, stalls []string, hwm int64, u usage, err error) {
	defer func() {
		if err != nil {
			err = fmt.Errorf("%w\nthe rdash child: %s", err, t.procState())
			if keepDir != "" {
				// SIGABRT makes the Go runtime print every goroutine's
				// stack to the pty, which -keep saves.
				_ = t.cmd.Process.Signal(syscall.SIGABRT)
				select {
				case <-t.exited:
				case <-time.After(3 * time.Second):
				}
			}
			untrack(t)
			t.close()
		}
	}()
	want := b.opts.versions
	if _, err = t.waitScreen("the first page", waitFrame, func(s *screen) bool {
		n, total := loaded(s)
		return n > 0 && total == want
	}); err != nil {
		return
	}
	deadline := time.Now().Add(5 * time.Minute)
	for {
		t.mu.Lock()
		n, _ := loaded(t.scr)
		t.mu.Unlock()
		if n >= want {
			break
		}
		if time.Now().After(deadline) {
			return nil, stalls, 0, u, fmt.Errorf("paging: %d of %d loaded after 5 minutes", n, want)
		}
		sent := time.Now()
		if err = t.send("End"); err != nil {
			return
		}
		more := func(s *screen) bool {
			m, _ := loaded(s)
			return m > n
		}
		var at time.Time
		at, err = t.waitScreen(fmt.Sprintf("more than %s loaded", commas(n)), stallAfter, more)
		if errors.Is(err, errTimeout) {
			// Nothing was fetched: press End again and time the page
			// from then; a stall is reported, its page not timed.
			stalls = append(stalls, commas(n))
			if err = t.send("k", "End"); err != nil {
				return
			}
			_, err = t.waitScreen(fmt.Sprintf("more than %s loaded after End was pressed again", commas(n)), waitPage, more)
			if err != nil {
				return
			}
			continue
		}
		if err != nil {
			return
		}
		perPage = append(perPage, ms(at.Sub(sent)))
	}
	if hwm, err = t.procStatus("VmHWM"); err != nil {
		return
	}
	u, err = b.done(t, "q")
	return perPage, stalls, hwm, u, err
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

// changelogScroll: bytes per line scrolled in the two-pane detail at
// 120x40, vs glow's recorded figure.
func (b *batch) changelogScroll() ([]figure, error) {
	sb, err := b.startSandbox(1500, 0)
	if err != nil {
		return nil, err
	}
	defer sb.close()
	var got []float64
	for range b.opts.n {
		t, err := b.term("rdash detail", sb.env, b.bin["rdash"], "-p", "lumen")
		if err != nil {
			return nil, err
		}
		per, err := func() ([]float64, error) {
			if _, err := t.waitText(waitFrame, "2.5.0", "VERSION"); err != nil {
				return nil, err
			}
			if err := t.send("Enter"); err != nil {
				return nil, err
			}
			if _, err := t.waitText(waitFrame, "Line 001", "Version", "2.5.0"); err != nil {
				return nil, err
			}
			if err := settle(t); err != nil {
				return nil, err
			}
			before := t.text()
			per, err := bytesPerKey(t, "j", b.opts.keys)
			if err != nil {
				return nil, err
			}
			// Every press scrolled the changelog by one line.
			if after := t.text(); !scrolledBy(before, after, b.opts.keys) {
				return nil, fmt.Errorf("%d presses of j did not scroll the changelog by %d lines; before:\n%s\nafter:\n%s", b.opts.keys, b.opts.keys, before, after)
			}
			return per, nil
		}()
		if _, qerr := b.done(t, "q"); err == nil {
			err = qerr
		}
		if err != nil {
			return nil, err
		}
		got = append(got, median(per))
	}
	f := figure{Key: "changelog-bytes", What: "bytes per scrolled changelog line, two-pane 120x40", Unit: "B",
		Measured: median(got), Samples: got, Reference: glowBytesPerLine, RefWhat: "glow, recorded in issue 12",
		Budget: "<= 250 B",
		Note:   fmt.Sprintf("j in the version detail at 120x40 (the two-pane width, 100 columns or more), %d presses per run, each after the output settled; glow is not installed here: its 195 B is a constant from issue 12", b.opts.keys)}
	f.absBudget(250)
	return []figure{f}, nil
}

// changelogLineRe finds the long changelog's numbered lines on screen.
var changelogLineRe = regexp.MustCompile(`Line (\d{3}):`)

// scrolledBy reports whether the changelog's numbered lines moved up by
// exactly k rows between two screens, whatever the layout around them:
// at least five rows show a numbered line on both, and each shows the
// line that was k rows lower before.
func scrolledBy(before, after string, k int) bool {
	num := func(screen string) []string {
		var out []string
		for _, row := range strings.Split(screen, "\n") {
			m := changelogLineRe.FindStringSubmatch(row)
			if m == nil {
				out = append(out, "")
			} else {
				out = append(out, m[1])
			}
		}
		return out
	}
	b, a := num(before), num(after)
	var same int
	for i := range a {
		if i+k >= len(b) || a[i] == "" || b[i+k] == "" {
			continue
		}
		if a[i] != b[i+k] {
			return false
		}
		same++
	}
	return same >= 5
}

// cursorMove: bytes per j in the versions table at 120x40 vs a bubbles
// table of the same width, within the visible rows (no scrolling).
func (b *batch) cursorMove() ([]figure, error) {
	sb, err := b.startSandbox(1500, 0)
	if err != nil {
		return nil, err
	}
	defer sb.close()
	keys := min(b.opts.keys, 20)
	var got, ref []float64
	for range b.opts.n {
		r, err := b.keyBytes("bubblestable", nil, []string{b.bin["bubblestable"]}, []string{"6.19.9", "VERSION"}, keys)
		if err != nil {
			return nil, err
		}
		g, err := b.keyBytes("rdash list", sb.env, []string{b.bin["rdash"], "-p", "emberforge-core"}, []string{"50 of 1,500", "VERSION"}, keys)
		if err != nil {
			return nil, err
		}
		ref, got = append(ref, r), append(got, g)
	}
	f := figure{Key: "cursor-bytes", What: "bytes per cursor move, 120x40", Unit: "B", Measured: median(got), Samples: got,
		Reference: median(ref), RefSample: ref, RefWhat: "bubbles table, 120 wide", Budget: "<= 1.1x reference",
		Note: fmt.Sprintf("j in the versions list (emberforge-core) and in a bubbles v2 table of the same columns, %d presses per run within the visible rows, after one j and k (rdash's first move prefetches a page and redraws every row)", keys)}
	f.ratioBudget(1.1)
	return []figure{f}, nil
}

func (b *batch) keyBytes(name string, env, argv, ready []string, keys int) (float64, error) {
	t, err := b.term(name, env, argv...)
	if err != nil {
		return 0, err
	}
	per, err := func() ([]float64, error) {
		if _, err := t.waitText(waitFrame, ready...); err != nil {
			return nil, err
		}
		// One move down and back first: rdash prefetches the next page
		// when the cursor first moves, redrawing every row; that is not
		// a cursor move's cost.
		if _, err := bytesPerKey(t, "j", 1); err != nil {
			return nil, err
		}
		if _, err := bytesPerKey(t, "k", 1); err != nil {
			return nil, err
		}
		return bytesPerKey(t, "j", keys)
	}()
	if _, qerr := b.done(t, "q"); err == nil {
		err = qerr
	}
	return median(per), err
}

// bulkEdit: `rdash versions edit` of 1,200 versions with --yes against a
// sandbox adding 30 ms to every request, exec to exit; the reference is
// the same edit on plain loopback. Each run gets a fresh sandbox, so every
// version really changes.
func (b *batch) bulkEdit() ([]figure, error) {
	ids, err := b.versionIDs(1200)
	if err != nil {
		return nil, err
	}
	args := []string{b.bin["rdash"], "versions", "edit", "emberforge-core", "--ids", strings.Join(ids, ","),
		"--add-platform", "datapack", "--yes"}
	var got, ref []float64
	var requests string
	for range b.opts.n {
		for _, lat := range []time.Duration{0, 30 * time.Millisecond} {
			sb, err := b.startSandbox(1500, lat)
			if err != nil {
				return nil, err
			}
			d, err := b.timeCommand(sb.env, args...)
			reads, writes := sb.srv.InFlight(sandbox.ClassRead), sb.srv.InFlight(sandbox.ClassBulk)
			requests = fmt.Sprintf("%d reads (at most %d at once) and %d bulk PATCHes (at most %d at once)",
				reads.Total, reads.Max, writes.Total, writes.Max)
			sb.close()
			if err != nil {
				return nil, err
			}
			if lat == 0 {
				ref = append(ref, ms(d))
			} else {
				got = append(got, ms(d))
			}
		}
	}
	f := figure{Key: "bulk-edit", What: "bulk edit 1,200 versions, 30 ms latency", Unit: "ms", Measured: median(got), Samples: got,
		Reference: median(ref), RefSample: ref, RefWhat: "same edit, no added latency", Budget: "<= 300 ms",
		Note: "rdash versions edit emberforge-core --ids <1,200 IDs> --add-platform datapack --yes, output to a pipe, exec to exit; the sandbox served " + requests}
	f.absBudget(300)
	return []figure{f}, nil
}

// versionIDs lists the newest n versions of emberforge-core.
func (b *batch) versionIDs(n int) ([]string, error) {
	sb, err := b.startSandbox(1500, 0)
	if err != nil {
		return nil, err
	}
	defer sb.close()
	c, err := api.New(sb.run.BaseURL)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var ids []string
	for page := 1; len(ids) < n; page++ {
		vs, _, err := c.ListVersions(ctx, "emberforge-core", &api.ListVersionsOptions{Page: page, PageSize: 100})
		if err != nil {
			return nil, err
		}
		if len(vs) == 0 {
			return nil, fmt.Errorf("emberforge-core has only %d versions", len(ids))
		}
		for _, v := range vs {
			ids = append(ids, v.ID)
		}
	}
	return ids[:n], nil
}
