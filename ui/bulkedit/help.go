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
		return m.formHelp()
	case stageChangelog:
		return []key.Binding{m.keys.SwitchView, common.WithHelp(m.keys.Back, "esc", "done")}
	case stageApply:
		return m.flow.ShortHelp()
	}
	return nil
}

func (m *Model) formHelp() []key.Binding {
	k := m.keys
	f := m.form
	t := f.focus
	submit := k.Submit
	var out []key.Binding
	switch {
	case t.part == partBox:
		out = []key.Binding{k.Toggle, common.WithHelp(k.Change, "←/→", "move")}
	case f.inputAt(t) != nil && t.field == fieldGame:
		out = []key.Binding{k.Complete}
	case f.inputAt(t) != nil:
		out = []key.Binding{k.Next}
	case t.part == partNewDep || (t.field == fieldChangelog && t.part == partText):
		submit = common.WithHelp(k.Submit, "enter", "press")
	case t == nameMode && f.nameSet:
		out = []key.Binding{k.Change, common.WithHelp(k.Next, "tab/type", "the name")}
	case t == chanMode && f.chanTyped:
		out = []key.Binding{k.Change, common.WithHelp(k.Next, "tab/type", "the channel")}
	case t.field != fieldButton:
		out = []key.Binding{k.Change}
	}
	out = append(out, k.Move)
	if f.deps.row(t) != nil {
		out = append(out, k.RemoveRow)
	}
	out = append(out, submit)
	if slices.Index(f.targets(), t) > 0 { // the first control has none before it
		out = append(out, k.Prev)
	}
	return append(out, common.WithHelp(k.Back, "esc", "leave"))
}

// FullHelp implements common.Screen: every key of the bulk screens, and
// while an edit is held, the keys that ask before it is dropped.
func (m *Model) FullHelp() [][]key.Binding {
	k := m.keys
	out := [][]key.Binding{
		{k.Next, k.Prev, k.Move, k.Change},
		{k.Toggle, k.Complete, k.RemoveRow, k.Submit},
		{k.SwitchView, common.WithHelp(k.flow.Retry, "r", "retry failed"), common.WithHelp(k.Undo, "u", "undo the edit"), k.Draft, k.Back},
	}
	if m.holding() {
		out = append(out, applyflow.GuardHelp(m.common.Keys, m.leaves(tea.KeyPressMsg{Code: tea.KeyEscape}), true))
	}
	return out
}
