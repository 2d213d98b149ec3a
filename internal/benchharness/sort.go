package main

import (
	"fmt"
	"time"

	"rdash/api/sandbox"
)

// sortLatency is the latency the sort figure is measured at (issue 18).
const sortLatency = 30 * time.Millisecond

// pagingRSS is the paging figure's RSS, the reference of the sort's RSS:
// a sort must hold no more than paging to the end does.
var pagingRSS float64

// sortAll: the dashboard opens emberforge-core with opts.versions
// versions against a sandbox adding 30 ms to every request, and s sorts
// by version, which loads the rest of the list first; timed from the key
// to the sorted list drawn with every version counted. Then the peak RSS.
func (b *batch) sortAll() ([]figure, error) {
	sb, err := b.startSandbox(b.opts.versions, sortLatency)
	if err != nil {
		return nil, err
	}
	defer sb.close()
	var took, rss []float64
	for range b.opts.n {
		d, hwm, err := b.sortOnce(sb.env)
		if err != nil {
			reads := sb.srv.InFlight(sandbox.ClassRead)
			return nil, fmt.Errorf("%w\nthe sandbox: %d reads served, %d in flight", err, reads.Total, reads.Now)
		}
		took, rss = append(took, ms(d)), append(rss, float64(hwm)/1024)
	}
	reads := sb.srv.InFlight(sandbox.ClassRead)
	at := versionsNote(b.opts.versions)
	return []figure{sortTimeFigure(b.opts.versions, at, took, reads), sortRSSFigure(b.opts.versions, at, rss)}, nil
}

// sortOnce runs one sort and returns the time from s to the sorted list
// on screen and the peak RSS after it, in kB.
func (b *batch) sortOnce(env []string) (time.Duration, int64, error) {
	t, err := b.term("rdash sort", env, b.bin["rdash"], "-p", "emberforge-core")
	if err != nil {
		return 0, 0, err
	}
	want := b.opts.versions
	d, hwm, err := func() (time.Duration, int64, error) {
		if _, err := t.waitScreen("the first page", waitFrame, func(s *screen) bool {
			_, total := loaded(s)
			return total == want
		}); err != nil {
			return 0, 0, err
		}
		sent := time.Now()
		if err := t.send("s"); err != nil {
			return 0, 0, err
		}
		at, err := t.waitScreen("every version loaded and sorted by version", waitPage, func(s *screen) bool {
			n, _ := loaded(s)
			return n == want && s.Contains("sort: version ↓")
		})
		if err != nil {
			return 0, 0, err
		}
		hwm, err := t.procStatus("VmHWM")
		return at.Sub(sent), hwm, err
	}()
	// q quits once sorted; while a sort loads the screen takes the keys
	// (esc stops it), so ctrl+c ends a run that failed mid-load.
	if _, qerr := b.done(t, "q", "CtrlC"); err == nil {
		err = qerr
	}
	return d, hwm, err
}

func sortTimeFigure(versions int, at string, took []float64, reads sandbox.InFlight) figure {
	pages := (versions + 99) / 100
	floor := float64((pages+3)/4) * float64(sortLatency.Milliseconds())
	f := figure{Key: "sort-time", What: "sorting " + commas(versions) + " versions, 30 ms latency", Unit: "ms",
		Measured: median(took), Samples: took, Reference: floor,
		RefWhat: fmt.Sprintf("%d pages of 100, 4 at a time: %d round trips of 30 ms", pages, (pages+3)/4), Budget: "<= 1500 ms",
		Note: fmt.Sprintf("wall time in the real binary from s (sort by version, with the first page loaded) to every version counted and the sort drawn; the sandbox served %d reads in all, at most %d at once%s",
			reads.Total, reads.Max, at)}
	f.absBudget(1500)
	return f
}

func sortRSSFigure(versions int, at string, rss []float64) figure {
	f := figure{Key: "sort-rss", What: "RSS after sorting " + commas(versions) + " versions", Unit: "MB",
		Measured: median(rss), Samples: rss, Reference: pagingRSS, RefWhat: "paging to the end", Budget: "<= 1.03x reference",
		Note: "VmHWM (peak RSS) of the rdash child from /proc once sorted; the reference is the paging figure's, when it ran in the same batch (3% is the spread of one figure between runs)" + at}
	if pagingRSS > 0 {
		f.ratioBudget(1.03)
	}
	return f
}
