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
