package applyflow

import (
	"context"
	"errors"
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"
)

// ByteJob is a Job whose run sends bytes worth watching (an upload): the
// running view shows the bytes sent, the rate and the time left, redrawn
// on a tick, rather than a count of versions.
type ByteJob interface {
	Job
	// Bytes is how far the run is: the bytes sent, of total (negative:
	// not known), and for how long they have been sent. The flow calls it
	// on the UI goroutine while the run writes on its own, so it must be
	// safe for that.
	Bytes() (done, total int64, elapsed time.Duration)
}

// CancellableJob is a Job whose run may be cancelled: the Cancel key
// while it runs cancels the run's context (Cancelled then reports it),
// and the results show the Report the run still returns, which says what
// came of it.
type CancellableJob interface {
	Job
	// CancelWords are the running view's footer: while the Cancel key
	// may cancel ("esc cancels the upload; …"), and once it has.
	CancelWords() (offer, cancelling string)
}

// StoppableJob is a Job whose run may be stopped between its parts: the
// Cancel key calls Stop (on the UI goroutine), after which the run sends
// nothing more, lets the parts under way end, and returns a Report that
// says which went and which were not sent. Unlike a CancellableJob's, the
// run's context is not cancelled: a request cut off would leave its
// outcome unknown.
type StoppableJob interface {
	Job
	Stop()
	// CancelWords are the running view's footer: while the Cancel key
	// may stop the run, and once it has.
	CancelWords() (offer, cancelling string)
}

// errCancelled is the cause of a run's context that the Cancel key ended.
// It is a context.Canceled, so that an error made of it (net/http returns
// the cause) still reads as a cancel.
var errCancelled = fmt.Errorf("cancelled from the keyboard: %w", context.Canceled)

// Cancelled reports that the run whose context ctx is was cancelled by
// the user, rather than ended some other way (the screen closed).
func Cancelled(ctx context.Context) bool {
	return errors.Is(context.Cause(ctx), errCancelled)
}

// tickEvery is how often the bytes of a ByteJob are redrawn.
const tickEvery = 200 * time.Millisecond

// tickMsg redraws a ByteJob's progress; flow and seq name the tick
// awaited.
type tickMsg struct {
	flow *Flow
	seq  int
}

func (f *Flow) nextTick() tea.Cmd {
	f.run.tick++
	fl, seq := f, f.run.tick
	return tea.Tick(tickEvery, func(time.Time) tea.Msg { return tickMsg{flow: fl, seq: seq} })
}

func (f *Flow) ticked(msg tickMsg) tea.Cmd {
	if msg.flow != f || msg.seq != f.run.tick || f.stage != StageRunning {
		return nil
	}
	return f.nextTick()
}

// cancelRun cancels a cancellable run, or stops a stoppable one; it
// reports whether there was one.
func (f *Flow) cancelRun() bool {
	if f.run.cancel == nil {
		return false
	}
	if !f.run.cancelled {
		f.run.cancelled = true
		f.run.cancel(errCancelled)
	}
	return true
}

// fraction is how much is sent, for the bar.
func fraction(done, total int64) float64 {
	if total <= 0 {
		return 0
	}
	return min(float64(done)/float64(total), 1)
}
