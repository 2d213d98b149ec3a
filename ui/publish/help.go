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
	return append(append(m.ownHints(), m.nextHints()...), k.Move, k.Prev, common.WithHelp(k.Back, "esc", "leave"))
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
		out := []key.Binding{k.Remove, common.WithHelp(k.Move, "↑/↓", "choose")}
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
	case isInput(f) && f != fAdd:
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

// FullHelp is the ? overlay's keys, and while a draft is held, the keys
// that ask before it is dropped.
func (m *Model) FullHelp() [][]key.Binding {
	k := m.keys
	out := [][]key.Binding{
		{k.Next, k.Prev, k.Move, k.Channel, k.Submit},
		{k.Edit, k.LogFile, k.SwitchView, k.Pick, k.Primary, k.Remove},
		{common.WithHelp(k.flow.Retry, "r", "retry"), k.Draft, k.Back},
	}
	if m.holding() {
		out = append(out, applyflow.GuardHelp(m.common.Keys, m.leaves(tea.KeyPressMsg{Code: tea.KeyEscape}), true))
	}
	return out
}
