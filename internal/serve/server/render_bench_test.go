package server

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"
	uv "github.com/charmbracelet/ultraviolet"
)

// What a served key costs is mostly what its frame costs bubbletea's
// renderer (BENCHMARKS.md, issue 19's capacity). These benchmarks draw
// two frames of the dashboard at 120x40 (testdata/: the versions table
// paged to its end, the cursor on one row and then the next, as the
// capacity harness's keys move it) in turn, to a buffer.

// frameDrawer is the part of bubbletea v2.1.1's cursedRenderer.flush
// that costs (cursed_renderer.go): the cell buffer cleared, the whole
// view drawn into it, then diffed against the screen and written.
// Clearing first makes every non-blank cell differ from what the buffer
// holds, so every line is diffed again, however few changed.
type frameDrawer struct {
	out   bytes.Buffer
	scr   *uv.TerminalRenderer
	cells uv.ScreenBuffer
	prev  []string // the lines of the last frame, for drawLines
}

func newFrameDrawer() *frameDrawer {
	d := &frameDrawer{cells: uv.NewScreenBuffer(120, 40)}
	d.scr = uv.NewTerminalRenderer(&d.out, []string{"TERM=xterm-256color"})
	d.scr.SetColorProfile(colorprofile.ANSI256)
	d.scr.SetFullscreen(true)
	d.scr.SetScrollOptim(true)
	return d
}

// draw draws view as bubbletea does.
func (d *frameDrawer) draw(view string) {
	d.cells.Clear()
	uv.NewStyledString(view).Draw(d.cells, d.cells.Bounds())
	d.flush()
}

// drawLines draws into the same buffer only the lines whose text
// changed since the last frame: what the renderer could do instead.
func (d *frameDrawer) drawLines(view string) {
	lines := strings.Split(view, "\n")
	for y := range d.cells.Height() {
		l := ""
		if y < len(lines) {
			l = lines[y]
		}
		if y < len(d.prev) && d.prev[y] == l {
			continue
		}
		r := uv.Rect(0, y, d.cells.Width(), 1)
		d.cells.FillArea(nil, r)
		uv.NewStyledString(l).Draw(d.cells, r)
	}
	d.prev = lines
	d.flush()
}

func (d *frameDrawer) flush() {
	d.scr.Render(d.cells.RenderBuffer)
	_ = d.scr.Flush()
}

func frames(tb testing.TB) [2]string {
	var f [2]string
	for i, name := range []string{"testdata/frame-j.txt", "testdata/frame-k.txt"} {
		b, err := os.ReadFile(name)
		if err != nil {
			tb.Fatal(err)
		}
		f[i] = string(b)
	}
	return f
}

// BenchmarkFrameAsBubbletea is a key's frame as bubbletea draws it.
func BenchmarkFrameAsBubbletea(b *testing.B) {
	benchmarkFrames(b, (*frameDrawer).draw)
}

// BenchmarkFrameChangedLines is the same frame with only its changed
// lines drawn.
func BenchmarkFrameChangedLines(b *testing.B) {
	benchmarkFrames(b, (*frameDrawer).drawLines)
}

func benchmarkFrames(b *testing.B, draw func(*frameDrawer, string)) {
	f := frames(b)
	d := newFrameDrawer()
	draw(d, f[1])
	i := 0
	for b.Loop() {
		d.out.Reset()
		draw(d, f[i%2])
		i++
	}
	b.ReportMetric(float64(d.out.Len()), "bytes/frame")
}

// TestChangedLinesSameBytes: drawing only the changed lines writes what
// bubbletea's way writes, frame after frame, so BenchmarkFrameChangedLines
// measures the same work done less often, not less work.
func TestChangedLinesSameBytes(t *testing.T) {
	t.Parallel()
	f := frames(t)
	whole, lines := newFrameDrawer(), newFrameDrawer()
	for i := range 6 {
		whole.out.Reset()
		lines.out.Reset()
		whole.draw(f[i%2])
		lines.drawLines(f[i%2])
		if whole.out.String() != lines.out.String() {
			t.Fatalf("frame %d: changed lines wrote %q, bubbletea's way %q", i, lines.out.String(), whole.out.String())
		}
	}
	if whole.out.Len() == 0 || whole.out.Len() > 1000 {
		t.Fatalf("a key's frame is %d bytes; the two frames differ in two rows", whole.out.Len())
	}
}
