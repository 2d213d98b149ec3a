package applyflow

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"rdash/ui/common"
)

// Update handles the flow's keys and replies. The screen passes it every
// message while the flow is shown, and the flow's replies always.
func (f *Flow) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return f.key(msg)
	case planMadeMsg:
		return f.planMade(msg)
	case progressMsg:
		return f.progressed(msg)
	case runDoneMsg:
		return f.runDone(msg)
	case tickMsg:
		return f.ticked(msg)
	case tea.MouseMsg:
		f.mouse(msg)
		return nil
	}
	if f.stage == StagePreview && f.opts.Typing != nil {
		var cmd tea.Cmd
		f.typed, cmd = f.typed.Update(msg) // paste, cursor blink
		return cmd
	}
	return nil
}

func (f *Flow) key(msg tea.KeyPressMsg) tea.Cmd {
	switch f.stage {
	case StagePreview:
		return f.previewKey(msg)
	case StageRunning:
		if key.Matches(msg, f.opts.Keys.Cancel) {
			f.cancelRun() // the view says it is cancelling; a run that cannot be says it waits
		}
		return nil
	}
	return f.resultsKey(msg)
}

func (f *Flow) previewKey(msg tea.KeyPressMsg) tea.Cmd {
	k := f.opts.Keys
	switch {
	case f.asking:
		return f.confirmKey(msg)
	case key.Matches(msg, k.Back):
		return f.back()
	case key.Matches(msg, k.Retry) && f.err != nil:
		return f.replan()
	case key.Matches(msg, k.Submit):
		return f.submit()
	case f.scrollKey(msg):
		return nil
	}
	return f.typeKey(msg)
}

// back leaves the preview: for the results it was opened from, if any.
func (f *Flow) back() tea.Cmd {
	if f.results != nil {
		f.stage, f.scroll = StageResults, 0
		return nil
	}
	if f.opts.Back == nil {
		return common.Back
	}
	return f.opts.Back()
}

// ready reports that enter may send the plan.
func (f *Flow) ready() bool {
	return f.plan != nil && !f.planning && f.plan.Job().Size() > 0 && f.plan.Preview(f.width).Blocked == ""
}

// submit runs the plan, once it is confirmed.
func (f *Flow) submit() tea.Cmd {
	if !f.ready() {
		return nil // the footer says why
	}
	c := f.plan.Confirm()
	switch {
	case f.opts.Typing != nil:
		if strings.TrimSpace(f.typed.Value()) != c.Answer {
			f.notice = c.Wrong
			return nil
		}
	case c.Question != "":
		f.asking, f.sure = true, false
		return nil
	}
	return f.apply()
}

func (f *Flow) confirmKey(msg tea.KeyPressMsg) tea.Cmd {
	k := f.opts.Keys
	switch {
	case key.Matches(msg, k.Left, k.Right, k.Next, k.Prev):
		f.sure = !f.sure
	case key.Matches(msg, k.Yes), key.Matches(msg, k.Submit) && f.sure:
		return f.apply()
	case key.Matches(msg, k.No, k.Back, k.Submit):
		f.asking = false
	}
	return nil
}

// typeKey passes the keys the typed field accepts to it.
func (f *Flow) typeKey(msg tea.KeyPressMsg) tea.Cmd {
	t := f.opts.Typing
	if t == nil || msg.Text != "" && t.Accept != nil && strings.ContainsFunc(msg.Text, func(r rune) bool { return !t.Accept(r) }) {
		return nil
	}
	f.notice = ""
	var cmd tea.Cmd
	f.typed, cmd = f.typed.Update(msg)
	return cmd
}

func (f *Flow) resultsKey(msg tea.KeyPressMsg) tea.Cmd {
	if key.Matches(msg, f.opts.Keys.Retry) && len(f.results.retryable()) > 0 {
		return f.retry()
	}
	for _, a := range f.actions() {
		if key.Matches(msg, a.Key) {
			return a.Do()
		}
	}
	f.scrollKey(msg)
	return nil
}

func (f *Flow) actions() []Action {
	if f.opts.Actions == nil {
		return nil
	}
	return f.opts.Actions()
}

// scrollKey scrolls the preview or the results; it reports whether msg
// was a movement.
func (f *Flow) scrollKey(msg tea.KeyPressMsg) bool {
	p := f.page()
	step, ok := f.common.Keys.ListStep(msg, len(p.content), p.height(f.height))
	if ok {
		f.scroll += step
		f.clampScroll()
	}
	return ok
}

func (f *Flow) clampScroll() {
	p := f.page()
	f.scroll = max(0, min(f.scroll, len(p.content)-p.height(f.height)))
}
