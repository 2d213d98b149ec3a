package bulkedit

import (
	"slices"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"rdash/ui/applyflow"
	"rdash/ui/common"
)

// ShortHelp implements common.Screen: the keys that work where the focus
// is. esc is listed only while the screen keeps it; otherwise the root
// lists it as "back". While a field has the keys, the footer is all the
// help there is, so the keys that ask before the edit is dropped are
// listed too.
func (m *Model) ShortHelp() []key.Binding {
	esc := m.leaves(tea.KeyPressMsg{Code: tea.KeyEscape})
	return applyflow.GuardedFooter(m.common.Keys, m.shortHelp(), m.Capturing(), m.holding(), esc)
}

func (m *Model) shortHelp() []key.Binding {
	switch m.stage {
	case stageForm:
		return m.formHelp(false)
	case stageChangelog:
		return []key.Binding{m.keys.SwitchView, common.WithHelp(m.keys.Back, "esc", "done")}
	case stageApply:
		return m.flow.ShortHelp()
	}
	return nil
}

// formHelp is the keys of the control that has the focus, those that
// do the most first: each that works there, and none that does not; the
// footer's (full false) leave out a second key of the same meaning.
func (m *Model) formHelp(full bool) []key.Binding {
	k := m.keys
	f := m.form
	t := f.focus
	submit, next := k.Submit, k.Next
	var out []key.Binding
	switch {
	case t.part == partBox:
		out = []key.Binding{k.Toggle, common.WithHelp(k.Change, "←/→", "move")}
	case f.inputAt(t) != nil && t.field == fieldGame:
		out, next = []key.Binding{common.WithHelp(k.Complete, "tab", "complete, or next")}, key.Binding{}
	case f.inputAt(t) != nil:
	case t.part == partNewDep || t.field == fieldChangelog && t.part == partText || t.field == fieldButton:
		submit = common.WithHelp(k.Submit, "enter", "press")
		out = []key.Binding{common.WithHelp(k.Toggle, "space", "press")}
	case t == nameMode && f.nameSet:
		out, next = []key.Binding{k.Change}, common.WithHelp(k.Next, "tab/type", "the name")
	case t == chanMode && f.chanTyped:
		out, next = []key.Binding{k.Change}, common.WithHelp(k.Next, "tab/type", "the channel")
	case full: // a choice: space turns it on as → does
		out = []key.Binding{k.Change, common.WithHelp(k.Toggle, "space", "change")}
	default:
		out = []key.Binding{k.Change}
	}
	if t.field == fieldButton {
		out = append([]key.Binding{submit}, out...) // the button's press first
	}
	if ts := f.targets(); ts[len(ts)-1] == t { // the last control has none after it
		next = key.Binding{}
	}
	out = append(out, next, k.Move)
	if f.deps.row(t) != nil {
		out = append(out, k.RemoveRow)
	}
	if t.field != fieldButton {
		out = append(out, submit)
	}
	if slices.Index(f.targets(), t) > 0 { // the first control has none before it
		out = append(out, k.Prev)
	}
	return append(out, common.WithHelp(k.Back, "esc", "leave"))
}

// FullHelp implements common.Screen: the keys of the step the screen is
// at (the form, at the control that has the focus; the changelog
// editor; the preview, the question, the run, the results), and while
// an edit is held, the keys that ask before it is dropped.
func (m *Model) FullHelp() [][]key.Binding {
	var out [][]key.Binding
	switch m.stage {
	case stageForm:
		out = [][]key.Binding{m.formHelp(true)}
	case stageChangelog:
		out = m.editor.Help(common.WithHelp(m.keys.Back, "esc", "done"), m.keys.SwitchView, m.common.Keys)
	case stageApply:
		out = m.flow.FullHelp()
	}
	if !m.holding() {
		return out
	}
	return applyflow.Guarded(out, m.common.Keys, m.leaves(tea.KeyPressMsg{Code: tea.KeyEscape}), !m.Capturing())
}

// HelpKey implements common.FieldHelp: ? opens the help where the
// focus takes no ? (a game version, a channel, a dependency, the
// question, the count), and from the name and the changelog while they
// are empty; f1 from any.
func (m *Model) HelpKey() key.Binding {
	switch m.stage {
	case stageChangelog:
		return m.editor.HelpKey()
	case stageApply:
		return m.flow.HelpKey()
	case stageForm:
		if m.form.focus.field == fieldName && m.form.focus.part == partText {
			return common.HelpInField(m.form.name.Value(), true)
		}
	}
	return common.HelpInField("", false)
}
