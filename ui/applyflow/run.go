package applyflow

import (
	"context"
	"fmt"

	"charm.land/bubbles/v2/progress"
	tea "charm.land/bubbletea/v2"

	"rdash/internal/safe"
	"rdash/ui/common"
)

// runState is the run in progress.
type runState struct {
	done, total int
	what        string
	bar         progress.Model
	ch          chan progressMsg
	tick        int                     // the tick awaited, for a ByteJob
	cancel      context.CancelCauseFunc // a CancellableJob's, or a StoppableJob's Stop, else nil
	cancelled   bool                    // the Cancel key has cancelled it
}

// progressMsg is a count of versions sent, from the run's goroutines.
// ch names the run: a message of another run (or screen) is dropped.
type progressMsg struct {
	ch   chan progressMsg
	done int
}

// runDoneMsg carries the report of a finished run.
type runDoneMsg struct {
	ch     chan progressMsg
	report Report
}

func barWidth(w int) int { return max(min(w-4, 60), 10) }

// apply runs the plan previewed.
func (f *Flow) apply() tea.Cmd {
	f.notice = ""
	return f.start(f.plan.Job())
}

// start runs j, unless it cannot begin: then nothing is sent, and the
// status bar says why.
func (f *Flow) start(j Job) tea.Cmd {
	w := j.Words()
	run, err := j.Start()
	if err != nil {
		return common.ReportError(err, w.Verb, nil)
	}
	f.job, f.asking, f.stage = j, false, StageRunning
	f.run.done, f.run.total = 0, j.Size()
	f.run.what = fmt.Sprintf("%s: %s of %s", w.Verb, CountVersions(f.run.total), safe.Line(w.Of))
	f.run.bar = progress.New(progress.WithWidth(barWidth(f.width)))
	f.run.ch = make(chan progressMsg, 64)
	ctx, cancel := context.WithCancelCause(f.ctx)
	f.run.cancel, f.run.cancelled = nil, false
	switch j := j.(type) {
	case StoppableJob: // first: it has a CancellableJob's CancelWords too
		f.run.cancel = func(error) { j.Stop() } // the context runs on: the parts under way end
	case CancellableJob:
		f.run.cancel = cancel
	}
	cmds := []tea.Cmd{runJob(ctx, cancel, run, f.run.ch), waitProgress(f.run.ch)}
	if _, ok := j.(ByteJob); ok {
		cmds = append(cmds, f.nextTick())
	}
	return tea.Batch(cmds...)
}

// runJob runs a job under ctx, which it cancels when the run ends.
// Progress arrives on ch, which is closed then; waitProgress turns it
// into messages.
func runJob(ctx context.Context, cancel context.CancelCauseFunc, run Run, ch chan progressMsg) tea.Cmd {
	return func() tea.Msg {
		defer close(ch)
		defer cancel(nil)
		r := run(ctx, func(done int) {
			select {
			case ch <- progressMsg{ch: ch, done: done}:
			default: // the screen is behind; a later count says more
			}
		})
		return runDoneMsg{ch: ch, report: r}
	}
}

// waitProgress waits for the next count; it is started again after each.
func waitProgress(ch chan progressMsg) tea.Cmd {
	return func() tea.Msg {
		p, ok := <-ch
		if !ok {
			return nil
		}
		return p
	}
}

// progressed shows a count and waits for the next one.
func (f *Flow) progressed(msg progressMsg) tea.Cmd {
	if msg.ch != f.run.ch || f.stage != StageRunning {
		return nil
	}
	f.run.done = max(f.run.done, msg.done)
	return waitProgress(f.run.ch)
}

// runDone shows the results, and lets the screen do its part.
func (f *Flow) runDone(msg runDoneMsg) tea.Cmd {
	if msg.ch != f.run.ch || f.stage != StageRunning {
		return nil
	}
	if f.results == nil || !f.retrying { // a retry adds to the results it retries
		f.results, f.picked = newResults(f.job.Words()), ""
	}
	f.retrying = false
	f.results.add(msg.report)
	f.stage, f.scroll = StageResults, 0
	if msg.report.Then == nil {
		return nil
	}
	return msg.report.Then()
}

// retry sends the last job again to the versions that did not end as
// intended.
func (f *Flow) retry() tea.Cmd {
	failed := f.results.retryable()
	if len(failed) == 0 {
		return nil
	}
	f.retrying = true
	return f.start(f.job.Retry(failed))
}
