package cmd

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"charm.land/bubbles/v2/progress"
	"github.com/dustin/go-humanize"
)

// transferLine draws the progress of an upload or a download on one
// terminal line of standard error, redrawn in place with \r, as gh does:
// a bar (bubbles' progress, the dashboard's), bytes done of the total,
// the rate and the time left. It is safe to call from the goroutine that
// writes an upload's body.
type transferLine struct {
	mu    sync.Mutex
	w     io.Writer
	label string
	bar   progress.Model
	now   func() time.Time
	start time.Time
	drawn time.Time
	done  int64
	total int64
	dirty bool
}

// redrawEvery throttles the line: a fast loopback transfer would
// otherwise spend its time printing.
const redrawEvery = 100 * time.Millisecond

// newTransferLine returns a line for a transfer, or nil (a no-op) when
// standard error or standard output is not a terminal: piped output gets
// no progress.
func (f *Factory) newTransferLine(label string) *transferLine {
	if !f.IO.OutTTY {
		return nil
	}
	errFile, ok := f.IO.ErrOut.(*os.File)
	if !ok || !isTerminal(errFile) {
		return nil
	}
	return newTransferLineTo(f.IO.ErrOut, label, time.Now)
}

func newTransferLineTo(w io.Writer, label string, now func() time.Time) *transferLine {
	return &transferLine{w: w, label: label, now: now, start: now(), total: -1,
		bar: progress.New(progress.WithWidth(24), progress.WithoutPercentage(), progress.WithFillCharacters('█', '░'))}
}

// set records done of total (-1: unknown) bytes and redraws when due.
func (p *transferLine) set(done, total int64) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done, p.total, p.dirty = done, total, true
	if t := p.now(); t.Sub(p.drawn) >= redrawEvery {
		p.drawn = t
		p.draw()
	}
}

func (p *transferLine) draw() {
	fmt.Fprint(p.w, "\r"+p.render()+"\x1b[K")
	p.dirty = false
}

// render is the line's text at this moment.
func (p *transferLine) render() string {
	elapsed := p.now().Sub(p.start)
	var b strings.Builder
	b.WriteString(p.label)
	b.WriteString("  ")
	if p.total > 0 {
		b.WriteString(p.bar.ViewAs(float64(p.done) / float64(p.total)))
		fmt.Fprintf(&b, " %s / %s", humanize.IBytes(uint64(p.done)), humanize.IBytes(uint64(p.total)))
	} else {
		b.WriteString(humanize.IBytes(uint64(max(p.done, 0))))
	}
	if elapsed >= time.Second/2 && p.done > 0 {
		rate := float64(p.done) / elapsed.Seconds()
		fmt.Fprintf(&b, "  %s/s", humanize.IBytes(uint64(rate)))
		if p.total > 0 && p.done < p.total {
			left := time.Duration(float64(p.total-p.done) / rate * float64(time.Second))
			fmt.Fprintf(&b, "  %s left", clock(left))
		}
	}
	return b.String()
}

// clock formats d as m:ss, or h:mm:ss from an hour.
func clock(d time.Duration) string {
	s := int64(d.Round(time.Second) / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// end draws the last state and ends the line, so what follows starts on
// a fresh one.
func (p *transferLine) end() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.dirty {
		p.draw()
	}
	if !p.drawn.IsZero() {
		fmt.Fprintln(p.w)
	}
}

// progressReader reports what is read through it to a transferLine.
type progressReader struct {
	r     io.Reader
	line  *transferLine
	done  int64
	total int64
}

func (r *progressReader) Read(b []byte) (int, error) {
	n, err := r.r.Read(b)
	r.done += int64(n)
	r.line.set(r.done, r.total)
	return n, err
}
