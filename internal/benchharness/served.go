package main

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

// Issue 19's capacity: sessions served by one rdash serve, each signed in
// with the 1,500-version table paged to its end. The figures are taken at
// each size in -sessions, adding sessions to the same server.
const (
	latencySamples = 200                    // keys the measured session presses under load
	othersEvery    = 500 * time.Millisecond // each other session presses a key this often
	idleFor        = 3 * time.Second        // the server's CPU with every session open, nobody typing
	openAtOnce     = 8                      // sessions opened and paged at the same time
)

// servedAt is what one size measured.
type servedAt struct {
	n         int
	load      string        // the machine's load average as the keys were pressed
	rssKB     int64         // the server's RSS with n sessions
	idleCPU   time.Duration // per second, nobody typing
	cpuPerKey time.Duration
	keys      int
	latency   []float64   // ms, key to the first byte of its frame
	phase     servedUsage // over the key phase
	others    []float64   // ms, the other sessions' keys to their frames (-1: none within othersEvery)
}

// served measures the capacity figures.
func (b *batch) served() ([]figure, error) {
	sizes := slices.Sorted(slices.Values(b.opts.sessions))
	r, err := b.startServed(sizes[len(sizes)-1])
	if err != nil {
		return nil, err
	}
	defer r.close()
	base, err := r.status("VmRSS")
	if err != nil {
		return nil, err
	}
	var at []servedAt
	for _, n := range sizes {
		if err := r.openSessions(n); err != nil {
			return nil, err
		}
		m, err := r.measure(n, b.opts.profile && n == sizes[len(sizes)-1])
		if err != nil {
			return nil, err
		}
		logf("served: %d sessions: %d kB, %v CPU a key, p50 %.1f p90 %.1f p99 %.1f max %.1f ms, the others' p99 %.1f ms; %s", n, m.rssKB, m.cpuPerKey,
			percentile(m.latency, 50), percentile(m.latency, 90), percentile(m.latency, 99), percentile(m.latency, 100), percentile(m.others, 99), m.phase)
		at = append(at, m)
	}
	r.heapProfile()
	return servedFigures(base, at), nil
}

// openSessions opens sessions, each paged to the end of the table, until
// there are n.
func (r *servedRun) openSessions(n int) error {
	var mu sync.Mutex
	var firstErr error
	sem := make(chan struct{}, openAtOnce)
	var wg sync.WaitGroup
	for i := len(r.terms); i < n; i++ {
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			c, err := r.dial(i)
			var t *sshTerm
			if err == nil {
				t, err = openPaged(fmt.Sprintf("session %d", i), c)
			}
			mu.Lock()
			defer mu.Unlock()
			if c != nil {
				r.conns = append(r.conns, c)
			}
			if err != nil && firstErr == nil {
				firstErr = err
			}
			if t != nil {
				r.terms = append(r.terms, t)
			}
		})
	}
	wg.Wait()
	return firstErr
}

// openPaged opens a dashboard on c, opens emberforge-core and presses End
// until every version is loaded.
func openPaged(name string, c *gossh.Client) (*sshTerm, error) {
	t, err := startSSHTerm(name, c)
	if err != nil {
		return nil, err
	}
	if err := t.waitText(waitFrame, "@alice"); err != nil {
		return nil, err
	}
	if err := t.send("/", "emberforge-core", "Enter"); err != nil {
		return nil, err
	}
	if err := t.waitScreen("the first page", waitPage, func(s *screen) bool { n, total := loaded(s); return n > 0 && total == 1500 }); err != nil {
		return nil, err
	}
	for n := t.loadedCount(); n < 1500; n = t.loadedCount() {
		if err := t.send("End"); err != nil {
			return nil, err
		}
		if err := t.waitScreen("more versions", waitPage, func(s *screen) bool { m, _ := loaded(s); return m > n }); err != nil {
			return nil, err
		}
	}
	t.stopParsing()
	return t, nil
}

// measure takes the figures with n sessions open: RSS, CPU idle, then
// CPU per key and the latency of one session's keys while every other
// presses a key every othersEvery, with the server's CPU profiled if
// profile.
func (r *servedRun) measure(n int, profile bool) (servedAt, error) {
	m := servedAt{n: n}
	var err error
	if m.rssKB, err = r.status("VmRSS"); err != nil {
		return m, err
	}
	u0 := r.usageNow()
	time.Sleep(idleFor) // measuring the server at rest, not waiting for it
	u1 := r.usageNow()
	m.idleCPU = (u1.server - u0.server) * time.Second / idleFor
	if profile {
		r.startCPUProfile()
	}
	var sent []time.Time
	var others *keyLog
	sent, m.latency, others, err = r.keyPhase(n)
	u2 := r.usageNow()
	if profile {
		r.stopCPUProfile()
	}
	if err != nil {
		return m, err
	}
	if u0.err != nil || u2.err != nil {
		return m, errors.Join(u0.err, u2.err)
	}
	keepLatencies(n, sent, m.latency, others)
	m.keys = others.count() + len(m.latency)
	m.others = others.latencies()
	m.load = loadAverage()
	m.phase = u2.sub(u1)
	// The CPU the keys cost: the phase's, less what the server spends at
	// rest over as long.
	work := m.phase.server - m.idleCPU*m.phase.took/time.Second
	m.cpuPerKey = work / time.Duration(max(m.keys, 1))
	return m, nil
}

// keyPhase has one session press keys and time them while the n-1
// others press a key every othersEvery, and returns the timed keys and
// the others'.
func (r *servedRun) keyPhase(n int) ([]time.Time, []float64, *keyLog, error) {
	others := &keyLog{}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for i, t := range r.terms[1:] {
		wg.Go(func() { pressKeys(t, time.Duration(i)*othersEvery/time.Duration(n), stop, others) })
	}
	sent, lat, err := keyLatencies(r.terms[0], latencySamples)
	close(stop)
	wg.Wait()
	return sent, lat, others, err
}

// servedFigures are the three rows of the capacity budget, at the largest
// size, with every size in the notes.
func servedFigures(baseKB int64, at []servedAt) []figure {
	last := at[len(at)-1]
	perSession := func(m servedAt) float64 { return float64(m.rssKB-baseKB) / 1024 / float64(m.n) }
	var rss, cpu, lat []string
	for _, m := range at {
		rss = append(rss, fmt.Sprintf("%d: %.1f MB each (%.0f MB in all)", m.n, perSession(m), float64(m.rssKB)/1024))
		cpu = append(cpu, fmt.Sprintf("%d: %.2f ms a key over %d keys, %.0f ms a second idle", m.n, ms(m.cpuPerKey), m.keys, ms(m.idleCPU)))
		u := m.phase
		lat = append(lat, fmt.Sprintf("%d: p50 %.1f, p90 %.1f, p99 %.1f ms; the others' %d keys p50 %.1f, p99 %.1f ms (load average %s; %s)", m.n,
			percentile(m.latency, 50), percentile(m.latency, 90), percentile(m.latency, 99),
			len(m.others), percentile(m.others, 50), percentile(m.others, 99), m.load, u))
	}
	fr := figure{Key: "served-rss", What: fmt.Sprintf("server RSS per session, %d served", last.n), Unit: "MB",
		Measured: perSession(last), RefWhat: fmt.Sprintf("server alone: %.1f MB", float64(baseKB)/1024), Budget: "<= 5 MB",
		Note: "VmRSS of the rdash serve child less its RSS with no session, each session signed in with emberforge-core's 1,500 versions paged to the end; by sessions: " + strings.Join(rss, "; ")}
	fr.absBudget(5)
	fc := figure{Key: "served-cpu", What: fmt.Sprintf("server CPU per key, %d served", last.n), Unit: "ms",
		Measured: ms(last.cpuPerKey), RefWhat: "1.75-6 ms in issue 19", Budget: "<= 1 ms",
		Note: "user+sys of the rdash serve child over the key phase, less its idle CPU over as long, per key pressed in any session (each other session presses k or j every 500 ms); by sessions: " + strings.Join(cpu, "; ")}
	fc.absBudget(1)
	fl := figure{Key: "served-latency", What: fmt.Sprintf("key to screen p99, %d served, under load", last.n), Unit: "ms",
		Measured: percentile(last.latency, 99), Samples: last.latency, RefWhat: "0-100 ms at 10 fps in issue 19", Budget: "<= 60 ms",
		Note: fmt.Sprintf("loopback; one session presses k or j %d times, each once its output has been still for 30 ms and then a random part of a frame, timed from the key to the first byte of its frame, while the others press keys; by sessions: %s", latencySamples, strings.Join(lat, "; "))}
	fl.absBudget(60)
	fl.Samples = nil // 200 numbers are too many for the report
	return []figure{fr, fc, fl}
}

// sessionsFlag parses -sessions.
func sessionsFlag(dst *[]int) func(string) error {
	return func(s string) error {
		*dst = nil
		for _, f := range strings.Split(s, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil || n < 1 || n > 1000 {
				return fmt.Errorf("%q is not a number of sessions from 1 to 1000", f)
			}
			*dst = append(*dst, n)
		}
		return nil
	}
}

// serveEnvFlag parses each -serve-env.
func serveEnvFlag(dst *[]string) func(string) error {
	return func(s string) error {
		if k, _, ok := strings.Cut(s, "="); !ok || k == "" {
			return fmt.Errorf("%q is not KEY=value", s)
		}
		*dst = append(*dst, s)
		return nil
	}
}

// loadAverage is the machine's one-minute load average: on a shared
// machine, what else ran says as much of a latency as the server does.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(b)); err == nil && len(f) > 0 {
		return f[0]
	}
	return "unknown"
}
