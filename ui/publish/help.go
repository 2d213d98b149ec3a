package publish

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"rdash/ui/applyflow"
	"rdash/ui/common"
)

// hints are the keys that work where the screen is, the most used
// first, esc among them.
func (m *Model) hints() []key.Binding {
	k := m.keys
	switch m.stage {
	case stageApply:
		return m.flow.ShortHelp()
	case stageChangelog:
		return []key.Binding{k.SwitchView, common.WithHelp(k.Back, "esc", "done")}
	case stagePicker:
		return []key.Binding{k.PickFile, k.Folders, k.Back, k.PickMove, k.PickPage, k.PickEnds}
	case stageLogFile:
		return []key.Binding{common.WithHelp(k.Submit, "enter", "read it"), k.Back}
	}
	if !m.loaded() {
		return []key.Binding{k.Back}
	}
	return m.fieldHints()
}

// fieldHints are the keys of the focused field, then those that move
// between fields.
func (m *Model) fieldHints() []key.Binding {
	k := m.keys
	move := k.Move
	if m.form.focus == fFiles { // the arrows choose a file there
		move = key.Binding{}
	}
	return append(append(m.ownHints(), m.nextHints()...), move, k.Prev, m.leaveHint())
}

// ownHints are the keys of the focused field that do not move the focus.
func (m *Model) ownHints() []key.Binding {
	k, f := m.keys, m.form
	switch f.focus {
	case fChannel:
		if len(m.channels) > 0 {
			return []key.Binding{k.Channel}
		}
	case fChangelog:
		return []key.Binding{k.Edit, k.LogFile}
	case fAdd:
		if strings.TrimSpace(f.inputs[fAdd].Value()) == "" {
			return []key.Binding{k.Pick}
		}
		return []key.Binding{common.WithHelp(k.Submit, "enter", "add it"), k.Pick}
	case fFiles:
		out := []key.Binding{k.Remove, k.ChooseFile}
		if f.chosen > 0 { // the first is the primary
			out = append([]key.Binding{k.Primary}, out...)
		}
		return out
	case fButton:
		return []key.Binding{common.WithHelp(k.Submit, "enter", "preview")}
	}
	return nil
}

// nextHints are the keys that go to the next field: tab completes first
// in the fields that complete, enter goes on in a text field but where it
// adds a file.
func (m *Model) nextHints() []key.Binding {
	k := m.keys
	switch f := m.form.focus; {
	case f == fChannel || f == fGame || f == fPlatforms:
		return []key.Binding{common.WithHelp(k.Next, "tab", "complete/next"), common.WithHelp(k.Submit, "enter", "next")}
	case isInput(f) && f != fAdd || f == fFiles:
		return []key.Binding{key.NewBinding(key.WithKeys(slices.Concat(k.Next.Keys(), k.Submit.Keys())...),
			key.WithHelp("tab/enter", "next"))}
	}
	return []key.Binding{k.Next}
}

// ShortHelp is the footer's keys. esc is listed only while the screen
// keeps it; otherwise the root lists it, once. While a field has the
// keys, the footer is all the help there is, so the keys that ask before
// the draft is dropped are listed too.
func (m *Model) ShortHelp() []key.Binding {
	esc := m.leaves(tea.KeyPressMsg{Code: tea.KeyEscape})
	return applyflow.GuardedFooter(m.common.Keys, m.hints(), m.Capturing(), m.holding(), esc)
}

// FullHelp is the ? overlay's keys: those of the step the screen is at
// (the focused field of the form, the file picker, the changelog file's
// prompt, the changelog editor, the preview, the upload, the results),
// each that works there, and while a draft is held, the keys that ask
// before it is dropped.
func (m *Model) FullHelp() [][]key.Binding {
	var out [][]key.Binding
	switch {
	case m.stage == stageApply:
		out = m.flow.FullHelp()
	case m.stage == stageChangelog:
		out = m.editor.Help(common.WithHelp(m.keys.Back, "esc", "done"), m.keys.SwitchView, m.common.Keys)
	case m.stage == stagePicker:
		k := m.keys
		out = [][]key.Binding{{k.PickFile, k.Back}, {k.FolderUp, k.FolderInto, k.PickUp, k.PickDown,
			k.PickPgUp, k.PickPgDown, k.PickFirst, k.PickLast}}
	case m.stage == stageForm && m.loaded() && m.form.focus == fFiles:
		out = [][]key.Binding{slices.Concat(m.filesHelp(), m.nextHints(), []key.Binding{m.keys.Prev, m.leaveHint()})}
	default:
		out = [][]key.Binding{m.hints()}
	}
	if !m.holding() {
		return out
	}
	return applyflow.Guarded(out, m.common.Keys, m.leaves(tea.KeyPressMsg{Code: tea.KeyEscape}), !m.Capturing())
}

// filesHelp is the files list's keys one by one: past its ends the
// arrows go on to the field before or after.
func (m *Model) filesHelp() []key.Binding {
	k, f := m.keys, m.form
	out := []key.Binding{k.FileUp, k.FileDown, k.Remove}
	if f.chosen > 0 { // the first is the primary
		out = append(out, k.Primary)
	}
	return out
}

// leaveHint is esc on the form.
func (m *Model) leaveHint() key.Binding { return common.WithHelp(m.keys.Back, "esc", "leave") }

// HelpKey implements common.FieldHelp: ? opens the help from the fields
// that take no ? (a version, a channel, game versions, platforms), the
// picker and the flow's question and run; from the name, a file's path
// or URL and the changelog while they are empty; f1 from any.
func (m *Model) HelpKey() key.Binding {
	switch m.stage {
	case stageApply:
		return m.flow.HelpKey()
	case stageChangelog:
		return m.editor.HelpKey()
	case stageLogFile:
		return common.HelpInField(m.log.input.Value(), true)
	case stageForm:
		if f := m.form.focus; f == fName || f == fAdd {
			return common.HelpInField(m.form.inputs[f].Value(), true)
		}
	}
	return common.HelpInField("", false)
}
