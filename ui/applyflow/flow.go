// Package applyflow is the dashboard's apply flow, a component that
// screens which change versions share: plan → preview of exactly what is
// sent → a second yes (a question, or an answer typed) → the run with a
// progress bar → each version's outcome, with a retry of those that
// failed. The screen hands it a Task; the flow knows nothing of what is
// sent, nor of the screen, and has no route of its own. A job may also
// count bytes (ByteJob: bytes, rate and time left while it runs) and be
// cancelled (CancellableJob: esc cancels its context), as an upload is.
package applyflow

import (
	"context"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"rdash/ui/common"
)

// Stage is where the flow is.
type Stage int

// The stages. Preview holds the planning, and the question.
const (
	StagePreview Stage = iota
	StageRunning
	StageResults
)

// Options are what the owning screen decides once.
type Options struct {
	Keys KeyMap
	// Typing, when set, is the field of a typed Confirm.
	Typing *Typing
	// Back is what esc does on a preview not opened from results.
	Back func() tea.Cmd
	// Actions are the keys the results offer besides retry, as they stand.
	Actions func() []Action
	// BackSays is what esc does on the results, in their footer; empty
	// says "esc back to the list".
	BackSays string
}

// Flow is the component. Its zero value is not usable: build it with New.
type Flow struct {
	common common.Common
	ctx    context.Context
	opts   Options
	stage  Stage

	task     Task
	seq      int // the plan awaited
	planning bool
	err      error // why the last plan could not be made
	plan     Plan

	asking, sure bool // the question is shown; its focus is on the yes
	typed        textinput.Model
	notice       string // under the footer: why a key did nothing
	scroll       int    // of the preview or the results

	run      runState
	job      Job // the last one run
	results  *results
	retrying bool
	picked   string // the outcome a click selected, by version ID

	width, height int
}

// New builds a flow that runs under ctx (the screen's, cancelled when it
// closes).
func New(ctx context.Context, c common.Common, o Options) *Flow {
	f := &Flow{common: c, ctx: ctx, opts: o}
	if o.Typing != nil {
		f.typed = common.NewInput(c.Styles, "› ", "", 256)
		f.typed.KeyMap.AcceptSuggestion.SetEnabled(false)
		f.typed.CharLimit = o.Typing.Limit
	}
	return f
}

// Init focuses the typed field, if there is one.
func (f *Flow) Init() tea.Cmd {
	if f.opts.Typing == nil {
		return nil
	}
	return f.typed.Focus()
}

// Start previews t: it works out t's plan, which the preview shows once
// it comes. Results shown before stay, and esc on the preview goes back
// to them.
func (f *Flow) Start(t Task) tea.Cmd {
	f.task, f.plan, f.asking, f.notice = t, nil, false, ""
	f.stage, f.scroll = StagePreview, 0
	return f.replan()
}

// Forget drops the results shown, so that esc on the next preview goes
// to Options.Back: the screen went back to its form after them.
func (f *Flow) Forget() { f.results = nil }

// replan works out the task's plan again, dropping any older reply.
func (f *Flow) replan() tea.Cmd {
	f.seq++
	f.planning, f.err = true, nil
	return makePlan(f.ctx, f, f.task, f.seq)
}

// planMadeMsg carries a task's plan, or why it could not be made. flow
// names the flow that asked: another screen's flow drops it.
type planMadeMsg struct {
	flow *Flow
	seq  int
	plan Plan
	err  error
}

func makePlan(ctx context.Context, f *Flow, t Task, seq int) tea.Cmd {
	return func() tea.Msg {
		p, err := t.Plan(ctx)
		return planMadeMsg{flow: f, seq: seq, plan: p, err: err}
	}
}

func (f *Flow) planMade(msg planMadeMsg) tea.Cmd {
	if msg.flow != f || msg.seq != f.seq {
		return nil
	}
	f.planning = false
	if msg.err != nil {
		f.err = msg.err // the preview shows it, and waits for r
		return nil
	}
	f.plan, f.scroll = msg.plan, 0
	return f.task.Planned(msg.plan)
}

// Stage is where the flow is.
func (f *Flow) Stage() Stage { return f.stage }

// Plan is the plan previewed, or nil while there is none.
func (f *Flow) Plan() Plan { return f.plan }

// Planning reports that a plan is being worked out.
func (f *Flow) Planning() bool { return f.planning }

// Asking reports that the question is shown.
func (f *Flow) Asking() bool { return f.asking }

// Sure reports that the question's focus is on the button that goes ahead.
func (f *Flow) Sure() bool { return f.sure }

// SetNotice shows a line under the footer (a screen's warning), until
// the flow's next notice or an empty one.
func (f *Flow) SetNotice(s string) { f.notice = s }

// Typed is what the typed field holds.
func (f *Flow) Typed() string { return f.typed.Value() }

// Capturing reports that the flow keeps esc and q: a run is going, the
// question is asked, or an answer is being typed.
func (f *Flow) Capturing() bool {
	return f.stage == StageRunning || f.stage == StagePreview && (f.asking || f.opts.Typing != nil)
}

// Busy names the run going, or is empty.
func (f *Flow) Busy() string {
	if f.stage == StageRunning {
		return f.run.what
	}
	return ""
}

// SetSize gives the flow the room it has.
func (f *Flow) SetSize(w, h int) {
	f.width, f.height = w, h
	f.typed.SetWidth(10)
	f.run.bar.SetWidth(barWidth(w))
	f.clampScroll()
}

// SetStyles restyles the flow after a theme change.
func (f *Flow) SetStyles(s *common.Styles) {
	f.common.Styles = s
	f.typed = common.StyleInput(f.typed, s)
}

// CountVersions is "1 version", "2 versions", "1,000 versions".
func CountVersions(n int) string {
	if n == 1 {
		return "1 version"
	}
	return common.Count(int64(n)) + " versions"
}

// Outcomes are the results' outcomes, one a version, in the order they
// first came.
func (f *Flow) Outcomes() []Outcome {
	if f.results == nil {
		return nil
	}
	out := make([]Outcome, len(f.results.order))
	for i, id := range f.results.order {
		out[i] = f.results.byID[id]
	}
	return out
}

// Retryable is the IDs of the versions a retry would send again.
func (f *Flow) Retryable() map[string]bool {
	if f.results == nil {
		return map[string]bool{}
	}
	return f.results.retryable()
}
