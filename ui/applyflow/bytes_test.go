package applyflow

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"rdash/ui/internal/uitest"
)

// uploadTask is a task whose one job sends bytes and may be cancelled: its
// run waits until the test ends it or esc cancels it.
type uploadTask struct {
	mu          sync.Mutex
	done, total int64
	elapsed     time.Duration
	end         chan struct{}
}

func (u *uploadTask) Plan(context.Context) (Plan, error) { return uploadPlan{u}, nil }
func (u *uploadTask) Waiting() Preview                   { return Preview{Header: []string{"Upload"}} }
func (u *uploadTask) Planned(Plan) tea.Cmd               { return nil }

type uploadPlan struct{ u *uploadTask }

func (p uploadPlan) Preview(int) Preview {
	return Preview{Header: []string{"Upload one"}, Enter: "enter uploads"}
}
func (p uploadPlan) Confirm() Confirm { return Confirm{} }
func (p uploadPlan) Job() Job         { return uploadJob(p) }

type uploadJob struct{ u *uploadTask }

func (j uploadJob) Size() int { return 1 }
func (j uploadJob) Words() Words {
	return Words{Verb: "uploading 1.0", Of: "thing", Results: "Upload", Record: "server", Running: "Uploading 1.0 to thing"}
}
func (j uploadJob) Retry(map[string]bool) Job { return j }

func (j uploadJob) Bytes() (int64, int64, time.Duration) {
	j.u.mu.Lock()
	defer j.u.mu.Unlock()
	return j.u.done, j.u.total, j.u.elapsed
}

func (j uploadJob) CancelWords() (string, string) {
	return "esc cancels the upload", "cancelling the upload…"
}

func (j uploadJob) Start() (Run, error) {
	return func(ctx context.Context, progress func(int)) Report {
		select {
		case <-ctx.Done():
		case <-j.u.end:
		}
		status := "uploaded"
		switch {
		case Cancelled(ctx):
			status = "cancelled"
		case ctx.Err() != nil:
			status = "ended"
		}
		progress(1)
		return Report{Outcomes: []Outcome{{ID: "X", Name: "1.0", Status: status, Failed: status != "uploaded"}}}
	}, nil
}

func (u *uploadTask) set(done, total int64, elapsed time.Duration) {
	u.mu.Lock()
	defer u.mu.Unlock()
	u.done, u.total, u.elapsed = done, total, elapsed
}

// TestBytesAndCancel: a ByteJob's run shows bytes, rate and time left,
// redrawn as they change; esc cancels a CancellableJob's context, and the
// results show what its run reported.
func TestBytesAndCancel(t *testing.T) {
	t.Parallel()
	u := &uploadTask{end: make(chan struct{}), total: -1}
	fl := New(t.Context(), uitest.Common(t), Options{Keys: DefaultKeyMap()})
	d := uitest.NewDriver(t, host{fl}, 80, 24)
	d.Send(startMsg{u})
	d.WaitForText("enter uploads")
	d.Press("enter")
	d.WaitForText("0 B · measuring the rate…")
	screen := d.Screen()
	for _, want := range []string{"Uploading 1.0 to thing", "esc cancels the upload"} {
		if !strings.Contains(screen, want) {
			t.Fatalf("no %q while running:\n%s", want, screen)
		}
	}
	if h := fl.ShortHelp(); len(h) != 1 || h[0].Help().Key != "esc" {
		t.Errorf("running help = %v, want esc alone", h)
	}
	u.set(3<<20, 8<<20, 4*time.Second)
	d.WaitForText("3.0 MiB of 8.0 MiB · 768 KiB/s · 7s left") // a tick redraws it
	if !strings.Contains(d.Screen(), "38%") {
		t.Errorf("the bar is not at 38%%:\n%s", d.Screen())
	}
	uitest.RequireFits(t, d.Screen(), 80, 24)
	d.Press("esc")
	d.WaitFor("the results", func() bool { return fl.Stage() == StageResults })
	if out := fl.Outcomes(); len(out) != 1 || out[0].Status != "cancelled" {
		t.Fatalf("outcomes = %+v", out)
	}
	if !strings.Contains(d.Screen(), "1 cancelled") {
		t.Errorf("results:\n%s", d.Screen())
	}
}

// TestCancellingShowsAndEndsOnce: the footer says the run is cancelling
// until it ends; a run that ends by itself is not Cancelled.
func TestCancellingShowsAndEndsOnce(t *testing.T) {
	t.Parallel()
	u := &uploadTask{end: make(chan struct{})}
	fl := New(t.Context(), uitest.Common(t), Options{Keys: DefaultKeyMap()})
	d := uitest.NewDriver(t, host{fl}, 80, 24)
	d.Send(startMsg{u})
	d.WaitForText("enter uploads")
	d.Press("enter")
	d.WaitForText("esc cancels the upload")
	close(u.end)
	d.WaitFor("the results", func() bool { return fl.Stage() == StageResults })
	if out := fl.Outcomes(); len(out) != 1 || out[0].Status != "uploaded" {
		t.Fatalf("a run that ended by itself: %+v", out)
	}
	// The footer while cancelling, drawn from the state esc leaves.
	fl.stage, fl.run.cancelled = StageRunning, true
	if v := fl.View(); !strings.Contains(v, "cancelling the upload…") || strings.Contains(v, "esc cancels") {
		t.Errorf("cancelling:\n%s", v)
	}
}

func TestFraction(t *testing.T) {
	t.Parallel()
	if f := fraction(5, 0); f != 0 {
		t.Errorf("fraction of an unknown total = %v", f)
	}
	if f := fraction(9, 8); f != 1 {
		t.Errorf("fraction past the total = %v", f)
	}
	if f := fraction(3, 8); f != 0.375 {
		t.Errorf("fraction(3, 8) = %v", f)
	}
}
