package applyflow

import (
	"slices"

	"charm.land/bubbles/v2/key"

	"rdash/ui/common"
)

// ShortHelp is the keys that work where the flow is.
func (f *Flow) ShortHelp() []key.Binding {
	switch f.stage {
	case StagePreview:
		return f.previewHelp()
	case StageResults:
		var out []key.Binding
		if len(f.results.retryable()) > 0 {
			out = append(out, f.opts.Keys.Retry)
		}
		for _, a := range f.actions() {
			out = append(out, a.Key)
		}
		return append(out, f.scrollHelp()...)
	}
	if f.run.cancel != nil && !f.run.cancelled {
		if _, ok := f.job.(StoppableJob); ok {
			return []key.Binding{common.WithHelp(f.opts.Keys.Cancel, "esc", "stop sending")}
		}
		return []key.Binding{f.opts.Keys.Cancel}
	}
	return nil // esc waits for the run: the running view says so
}

func (f *Flow) previewHelp() []key.Binding {
	k := f.opts.Keys
	switch {
	case f.asking:
		return []key.Binding{k.choose(), common.WithHelp(k.Submit, "enter", "answer"), k.Yes, k.no()}
	case f.plan == nil && f.err != nil:
		return []key.Binding{common.WithHelp(k.Retry, "r", "retry"), k.Back}
	case !f.ready():
		return []key.Binding{k.Back} // enter does nothing: the footer says why
	case f.opts.Typing != nil:
		return append([]key.Binding{common.WithHelp(k.Submit, "enter", f.opts.Typing.Verb), common.WithHelp(k.Back, "esc", "cancel")},
			f.scrollHelp()...)
	}
	return append([]key.Binding{common.WithHelp(k.Submit, "enter", "apply"), k.Back}, f.scrollHelp()...)
}

// FullHelp is the ? overlay's keys where the flow is: the footer's, with
// the scroll keys one by one where the page scrolls (the footer sums them
// up as "↑/↓ scroll"). The owning screen adds its own.
func (f *Flow) FullHelp() [][]key.Binding {
	hints := f.ShortHelp()
	if f.stage == StagePreview && f.asking { // tab moves between the buttons as ← and → do
		k := f.opts.Keys
		tabs := key.NewBinding(key.WithKeys(slices.Concat(k.Next.Keys(), k.Prev.Keys())...),
			key.WithHelp(k.Next.Help().Key+"/"+k.Prev.Help().Key, "choose"))
		return [][]key.Binding{append(hints, tabs)}
	}
	if len(f.scrollHelp()) == 0 {
		return [][]key.Binding{hints}
	}
	scroll := f.scrollHelp()[0].Help()
	hints = slices.DeleteFunc(hints, func(b key.Binding) bool { return b.Help() == scroll })
	c := f.common.Keys
	return [][]key.Binding{hints, {c.Up, c.Down, c.PageUp, c.PageDown, c.Top, c.Bottom}}
}

// HelpKey is the key that opens the help while the flow captures the
// keys: ? from the question and a run, which take no text, and from the
// typed count, whose field takes digits alone; f1 as well.
func (f *Flow) HelpKey() key.Binding { return common.HelpInField("", false) }

// scrollHelp is ↑/↓ when the page is longer than the room it has, and
// nothing when scrolling would do nothing.
func (f *Flow) scrollHelp() []key.Binding {
	p := f.page()
	if len(p.content) <= p.height(f.height) {
		return nil
	}
	return []key.Binding{common.WithHelp(f.common.Keys.Down, "↑/↓", "scroll")}
}

// choose is every key that moves between the question's buttons.
func (k KeyMap) choose() key.Binding {
	return key.NewBinding(key.WithKeys(slices.Concat(k.Left.Keys(), k.Right.Keys(), k.Next.Keys(), k.Prev.Keys())...),
		key.WithHelp("←/→", "choose"))
}

// no is every key that answers the question no: esc as well.
func (k KeyMap) no() key.Binding {
	return key.NewBinding(key.WithKeys(slices.Concat(k.No.Keys(), k.Back.Keys())...),
		key.WithHelp(k.No.Help().Key+"/"+k.Back.Help().Key, k.No.Help().Desc))
}
