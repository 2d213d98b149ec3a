package bulkedit

import (
	"slices"

	"charm.land/bubbles/v2/key"

	"rdash/ui/common"
)

// ShortHelp implements common.Screen: the keys that work where the focus
// is. esc is listed only while the screen keeps it; otherwise the root
// lists it as "back".
func (m *Model) ShortHelp() []key.Binding {
	out := m.shortHelp()
	if !m.Capturing() {
		out = slices.DeleteFunc(out, func(b key.Binding) bool { return slices.Contains(b.Keys(), "esc") })
	}
	return out
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
		out = []key.Binding{k.Toggle, common.WithHelp(k.Left, "←/→", "move")}
	case f.inputAt(t) != nil && t.field == fieldGame:
		out = []key.Binding{k.Complete}
	case f.inputAt(t) != nil:
		out = []key.Binding{k.Next}
	case t.part == partNewDep || (t.field == fieldChangelog && t.part == partText):
		submit = common.WithHelp(k.Submit, "enter", "press")
	case t == nameMode && f.nameSet:
		out = []key.Binding{common.WithHelp(k.Left, "←/→", "change"), common.WithHelp(k.Next, "tab/type", "the name")}
	case t == chanMode && f.chanTyped:
		out = []key.Binding{common.WithHelp(k.Left, "←/→", "change"), common.WithHelp(k.Next, "tab/type", "the channel")}
	case t.field != fieldButton:
		out = []key.Binding{common.WithHelp(k.Left, "←/→", "change")}
	}
	out = append(out, common.WithHelp(k.Down, "↑/↓", "move"))
	if f.deps.row(t) != nil {
		out = append(out, k.RemoveRow)
	}
	return append(out, submit, common.WithHelp(k.Back, "esc", "leave"))
}

// FullHelp implements common.Screen.
func (m *Model) FullHelp() [][]key.Binding {
	k := m.keys
	return [][]key.Binding{
		{k.Next, k.Prev, common.WithHelp(k.Down, "↑/↓", "line"), common.WithHelp(k.Left, "←/→", "change")},
		{k.Toggle, k.Complete, k.RemoveRow, k.Submit},
		{k.SwitchView, common.WithHelp(k.flow.Retry, "r", "retry failed"), common.WithHelp(k.Undo, "u", "undo the edit"), k.Draft, k.Back},
	}
}
