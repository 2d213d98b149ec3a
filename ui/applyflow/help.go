package applyflow

import (
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
		return append(out, f.common.Keys.Down, f.common.Keys.Up)
	}
	if f.run.cancel != nil {
		return []key.Binding{f.opts.Keys.Cancel}
	}
	return nil
}

func (f *Flow) previewHelp() []key.Binding {
	k, nav := f.opts.Keys, f.common.Keys
	switch {
	case f.asking:
		return []key.Binding{common.WithHelp(k.Left, "←/→", "choose"), common.WithHelp(k.Submit, "enter", "answer"), k.Yes, k.No}
	case f.plan == nil && f.err != nil:
		return []key.Binding{common.WithHelp(k.Retry, "r", "retry"), k.Back}
	case !f.ready():
		return []key.Binding{k.Back} // enter does nothing: the footer says why
	case f.opts.Typing != nil:
		return []key.Binding{common.WithHelp(k.Submit, "enter", f.opts.Typing.Verb), common.WithHelp(k.Back, "esc", "cancel"), nav.Down}
	}
	return []key.Binding{common.WithHelp(k.Submit, "enter", "apply"), k.Back, nav.Down, nav.Up}
}
