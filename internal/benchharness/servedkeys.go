package main

// The served step's key phase: one session's keys timed while the others
// press keys.

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
)

// pressKeys presses k and j in turn on t every othersEvery, after delay,
// until stop; moving up then down, each press changes the screen. Each
// key's time to its frame goes to log (those of the other sessions, to
// set beside the timed session's slow keys: a stall they share is the
// machine's or the server's, not that session's).
func pressKeys(t *sshTerm, delay time.Duration, stop <-chan struct{}, log *keyLog) {
	select {
	case <-time.After(delay):
	case <-stop:
		return
	}
	tick := time.NewTicker(othersEvery)
	defer tick.Stop()
	for i := 0; ; i++ {
		mark, sent := t.byteCount(), time.Now()
		if t.send([]string{"k", "j"}[i%2]) != nil {
			return
		}
		first, err := t.outputAfter(mark, othersEvery)
		log.add(sent, first, err)
		select {
		case <-tick.C:
		case <-stop:
			return
		}
	}
}

// keyLog is the keys the other sessions pressed: when each was sent and
// its time to its frame in ms (-1: none within othersEvery).
type keyLog struct {
	mu      sync.Mutex
	sent    []time.Time
	latency []float64
}

func (l *keyLog) add(sent, first time.Time, err error) {
	lat := -1.0
	if err == nil {
		lat = ms(first.Sub(sent))
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.sent = append(l.sent, sent)
	l.latency = append(l.latency, lat)
}

// latencies is each key's time to its frame, a key with none (within
// othersEvery) counted as othersEvery.
func (l *keyLog) latencies() []float64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := make([]float64, len(l.latency))
	for i, v := range l.latency {
		if v < 0 {
			v = ms(othersEvery)
		}
		out[i] = v
	}
	return out
}

func (l *keyLog) count() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.sent)
}

// keyLatencies presses k and j in turn on t, count times, each once its
// output has been still for 30 ms and then a random part of a frame, and
// returns when each key was sent and the time from it to the first byte
// of its frame, in ms. Without the random part the keys would keep step
// with the server's frame clock (the stillness is measured from a frame,
// and checked every 7.5 ms): each key would then come at about the same
// point of the 60 Hz tick, and wait about the same part of it, where a
// person's key comes at any point.
func keyLatencies(t *sshTerm, count int) ([]time.Time, []float64, error) {
	var at []time.Time
	var out []float64
	for i := range count {
		mark := t.quiet(30*time.Millisecond, 2*time.Second)
		time.Sleep(rand.N(time.Second / 60))
		sent := time.Now()
		if err := t.send([]string{"k", "j"}[i%2]); err != nil {
			return nil, nil, err
		}
		first, err := t.outputAfter(mark, waitFrame)
		if err != nil {
			return nil, nil, err
		}
		at = append(at, sent)
		out = append(out, ms(first.Sub(sent)))
	}
	return at, out, nil
}

// keepLatencies writes, with -keep, each key's time (Unix ns) and its
// latency (ms) at n sessions, the timed session's and the others', to
// set beside the server's log (a GC trace with -serve-env
// GODEBUG=gctrace=1).
func keepLatencies(n int, at []time.Time, lat []float64, others *keyLog) {
	if keepDir == "" {
		return
	}
	write := func(name string, at []time.Time, lat []float64) {
		var b strings.Builder
		for i := range at {
			fmt.Fprintf(&b, "%d\t%.2f\n", at[i].UnixNano(), lat[i])
		}
		_ = os.WriteFile(filepath.Join(keepDir, fmt.Sprintf(name, n)), []byte(b.String()), 0o644)
	}
	write("served-latency-%d.tsv", at, lat)
	others.mu.Lock()
	defer others.mu.Unlock()
	write("served-others-%d.tsv", others.sent, others.latency)
}

// percentile is the p-th percentile of xs (nearest rank).
func percentile(xs []float64, p float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Sorted(slices.Values(xs))
	i := int(float64(len(s))*p/100+0.5) - 1
	return s[clamp(i, 0, len(s)-1)]
}
