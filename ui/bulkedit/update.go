package bulkedit

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"rdash/internal/bulk"
	"rdash/ui/applyflow"
	"rdash/ui/common"
	"rdash/ui/markdown"
)

// Update implements common.Screen. The flow hears every message but keys
// and the screen's own replies: its replies come while the form shows
// too (a plan read after esc went back to the form).
func (m *Model) Update(msg tea.Msg) (common.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return m, m.key(msg)
	case tea.MouseMsg:
		return m, m.mouse(msg)
	case sampleLoadedMsg:
		m.sampleLoaded(msg)
	case applyflow.AccessCheckedMsg:
		m.lacks = msg.Lacks
	case journalReadMsg:
		m.stage = stageApply
		return m, m.flow.Start(m.undoTask(msg.entries, msg.err))
	case markdown.Rendered:
		return m, m.editor.RenderedMsg(msg, m.common)
	case tea.WindowSizeMsg: // SetSize already has the body's size
		return m, m.editor.Render(m.common)
	case common.ThemeMsg:
		m.setStyles(msg.Styles)
		return m, m.editor.Render(m.common)
	default:
		return m, tea.Batch(m.updateInputs(msg), m.flow.Update(msg))
	}
	return m, nil
}

func (m *Model) key(msg tea.KeyPressMsg) tea.Cmd {
	if m.guardKey(msg) {
		return nil
	}
	switch m.stage {
	case stageForm:
		return m.formKey(msg)
	case stageChangelog:
		cmd, done := m.editor.Key(msg, m.keys.Back, m.keys.SwitchView, m.common)
		if done {
			m.form.changelog, m.stage = m.editor.Area.Value(), stageForm
			m.form.validate()
		}
		return cmd
	case stageApply:
		return m.flow.Update(msg)
	}
	return nil
}

func (m *Model) formKey(msg tea.KeyPressMsg) tea.Cmd {
	if key.Matches(msg, m.keys.Back) {
		return common.Back // guardKey asked first
	}
	m.notice = ""
	cmd, act := m.form.key(msg, m.keys)
	switch act {
	case actSubmit:
		cmd = tea.Batch(cmd, m.submit())
	case actEditChangelog:
		m.stage = stageChangelog
		cmd = tea.Batch(cmd, m.editor.Open(m.form.changelog))
	}
	m.followFocus()
	return cmd
}

// submit opens the preview, unless a field breaks a rule (the focus goes
// there) or nothing is chosen.
func (m *Model) submit() tea.Cmd {
	if t, msg, ok := m.form.firstError(); ok {
		m.notice = "Fix this first: " + msg
		return m.form.setFocus(t)
	}
	if m.form.edit().Empty() {
		m.notice = "Nothing to change yet: choose a new value for at least one field."
		return nil
	}
	m.stage = stageApply
	m.flow.Forget() // esc on this preview goes back to the form, not to an earlier result
	return m.flow.Start(m.editTask())
}

// backToForm is esc on the edit's preview.
func (m *Model) backToForm() tea.Cmd {
	m.stage, m.notice = stageForm, ""
	m.followFocus()
	return nil
}

// mouse handles the mouse, which reaches the screen only when it is on:
// the wheel scrolls the form; the flow has it on the preview and the
// results.
func (m *Model) mouse(msg tea.MouseMsg) tea.Cmd {
	switch w, wheel := msg.(tea.MouseWheelMsg); {
	case m.stage == stageApply:
		return m.flow.Update(msg)
	case m.stage == stageForm && wheel:
		m.formScroll += common.Wheel(w) * common.WheelLines
		m.formScroll = max(0, min(m.formScroll, len(m.form.lines())-m.formHeight()))
	}
	return nil
}

// followFocus scrolls the form so the focused control shows.
func (m *Model) followFocus() {
	h := m.formHeight()
	li := m.form.focusLine()
	switch {
	case li < m.formScroll:
		m.formScroll = li
	case li >= m.formScroll+h:
		m.formScroll = li - h + 1
	}
	m.formScroll = max(0, min(m.formScroll, len(m.form.lines())-h))
}

// actions are what the results offer besides retry: the undo of the
// edits made here, until it is done.
func (m *Model) actions() []applyflow.Action {
	out := m.draftAction()
	if m.undone || !m.updated {
		return out
	}
	return append(out, applyflow.Action{Key: m.keys.Undo, Says: "u undoes this edit", Do: m.undoHere})
}

// undoHere previews the undo of the edits made on this screen, newest
// first, once their current values are read.
func (m *Model) undoHere() tea.Cmd {
	undoing := make([]*bulk.Entry, 0, len(m.entries))
	for i := len(m.entries) - 1; i >= 0; i-- {
		undoing = append(undoing, m.entries[i])
	}
	return m.flow.Start(m.undoTask(undoing, nil))
}

func (m *Model) updateInputs(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	switch m.stage {
	case stageForm:
		return m.form.update(msg)
	case stageChangelog:
		m.editor.Area, cmd = m.editor.Area.Update(msg)
	}
	return cmd
}

func (m *Model) setStyles(s *common.Styles) {
	m.common.Styles = s
	if m.form != nil {
		m.form.setStyles(s)
	}
	m.editor.SetStyles(s)
	m.flow.SetStyles(s)
}

// leaves reports that msg would take the user away from the screen, and
// the edit chosen with it: ctrl+c, q where it is not typed, esc from the
// form or the results (on the preview it goes back to the form).
func (m *Model) leaves(msg tea.KeyPressMsg) bool {
	escLeaves := m.stage == stageForm || m.stage == stageApply && m.flow.Stage() == applyflow.StageResults
	return applyflow.Leaves(m.common.Keys, msg, m.Capturing(), escLeaves)
}

// guardKey asks before a key that leaves drops the edit; it reports that
// the key was taken. Any other key disarms the guard.
func (m *Model) guardKey(msg tea.KeyPressMsg) bool {
	if !m.leaves(msg) {
		if m.guard.Armed() {
			m.guard.Reset()
			m.notice = ""
			m.flow.SetNotice("")
		}
		return false
	}
	if !m.guard.Stop(msg, m.common.Keys, m.holding()) {
		return false
	}
	w := m.guard.Warning("this edit")
	if m.stage == stageApply {
		m.flow.SetNotice(w)
	} else {
		m.notice = w
	}
	return true
}
