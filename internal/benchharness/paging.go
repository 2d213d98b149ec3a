package main

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"time"

	"rdash/api/sandbox"
)

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
	at := versionsNote(b.opts.versions)
	pagingRSS = median(rss)
	return []figure{addPageFigure(b.opts.versions, at, first, last), pageCPUFigure(b.opts.versions, at, pages, cpu, stalls),
		rssFigure(b.opts.versions, at, rss)}, nil
}

// versionsNote is the note a paging figure gets when it was not measured
// at issue 12's 10,000 versions.
func versionsNote(versions int) string {
	if versions == 10_000 {
		return ""
	}
	return fmt.Sprintf(" (at %s versions, not 10,000)", commas(versions))
}

func addPageFigure(versions int, at string, first, last []float64) figure {
	f := figure{Key: "add-page", What: "adding a page with " + commas(versions) + " rows loaded", Unit: "ms",
		Measured: median(last), Samples: last, Reference: median(first), RefSample: first,
		RefWhat: "with 100-200 loaded", Budget: "<= 2x reference",
		Note: "wall time in the real binary from End to the new count drawn (a loopback round trip, applyPage and the frame), median of the last 3 pages vs pages 3-5; in process: go test -run='^$' -bench=ApplyPage ./ui/versions/" + at}
	f.ratioBudget(2)
	return f
}

func pageCPUFigure(versions int, at string, pages int, cpu []float64, stalls []string) figure {
	f := figure{Key: "page-cpu", What: "CPU to page through " + commas(versions) + " versions", Unit: "s",
		Measured: median(cpu), Samples: cpu, RefWhat: "17 s in issue 12", Budget: "<= 2 s",
		Note: fmt.Sprintf("user+sys rusage of the rdash child: start, %d End presses (one page each), quit%s", pages, at)}
	if len(stalls) > 0 {
		f.Note += fmt.Sprintf("; STALLED %d time(s): with %s rows loaded, End fetched nothing for %v (k then End again went on)",
			len(stalls), strings.Join(stalls, ", "), stallAfter)
	}
	f.absBudget(2)
	return f
}

// pageThrough returns the time of every page added after the first, the
// peak RSS in kB and the child's resource use.
func (b *batch) pageThrough(t *term) (perPage []float64, stalls []string, hwm int64, u usage, err error) {
	defer func() {
		if err != nil {
			err = abandon(t, err)
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
		n := loadedNow(t)
		if n >= want {
			break
		}
		if time.Now().After(deadline) {
			return nil, stalls, 0, u, fmt.Errorf("paging: %d of %d loaded after 5 minutes", n, want)
		}
		d, stalled, perr := nextPage(t, n)
		if stalled {
			stalls = append(stalls, commas(n))
		}
		if err = perr; err != nil {
			return
		}
		if !stalled {
			perPage = append(perPage, d)
		}
	}
	if hwm, err = t.procStatus("VmHWM"); err != nil {
		return
	}
	u, err = b.done(t, "q")
	return perPage, stalls, hwm, u, err
}

// loadedNow is the count of versions loaded on the screen now.
func loadedNow(t *term) int {
	t.mu.Lock()
	defer t.mu.Unlock()
	n, _ := loaded(t.scr)
	return n
}

// nextPage presses End with n versions loaded and returns the time from
// the key to a larger count on screen in ms. If nothing is fetched within
// stallAfter, it reports a stall: it presses k and End and waits for the
// page, untimed.
func nextPage(t *term, n int) (d float64, stalled bool, err error) {
	sent := time.Now()
	if err := t.send("End"); err != nil {
		return 0, false, err
	}
	more := func(s *screen) bool {
		m, _ := loaded(s)
		return m > n
	}
	at, err := t.waitScreen(fmt.Sprintf("more than %s loaded", commas(n)), stallAfter, more)
	if errors.Is(err, errTimeout) {
		if err := t.send("k", "End"); err != nil {
			return 0, true, err
		}
		_, err = t.waitScreen(fmt.Sprintf("more than %s loaded after End was pressed again", commas(n)), waitPage, more)
		return 0, true, err
	}
	if err != nil {
		return 0, false, err
	}
	return ms(at.Sub(sent)), false, nil
}

// abandon adds the child's state to a paging error and ends the child.
func abandon(t *term, err error) error {
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
	return err
}
