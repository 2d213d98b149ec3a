package publish

import (
	"slices"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"rdash/ui/applyflow"
	"rdash/ui/common"
	"rdash/ui/markdown"
)

// Update handles keys and replies.
func (m *Model) Update(msg tea.Msg) (common.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case sampleLoadedMsg:
		return m, m.sampleLoaded(msg)
	case filesReadMsg:
		return m, m.filesRead(msg)
	case versionLoadedMsg:
		return m, m.versionLoaded(msg)
	case reloadMsg:
		return m, m.load()
	case fileCheckedMsg:
		return m, m.fileChecked(msg)
	case logFileReadMsg:
		return m, m.logFileRead(msg)
	case applyflow.AccessCheckedMsg:
		m.lacks = msg.Lacks
		return m, nil
	case markdown.Rendered:
		return m, m.editor.RenderedMsg(msg, m.common)
	case common.ThemeMsg:
		m.common.Styles = msg.Styles
		m.flow.SetStyles(msg.Styles)
		m.editor.SetStyles(msg.Styles)
		for i := range m.form.inputs {
			m.form.inputs[i] = common.StyleInput(m.form.inputs[i], msg.Styles)
		}
		m.log.input = common.StyleInput(m.log.input, msg.Styles)
		return m, m.editor.Render(m.common) // the preview's colours are the theme's
	case tea.WindowSizeMsg: // SetSize already has the body's size
		return m, m.editor.Render(m.common)
	case tea.KeyPressMsg:
		m.wheeled = false // the form follows the focus again
		return m, m.key(msg)
	case tea.MouseMsg:
		return m, m.mouse(msg)
	}
	switch m.stage {
	case stagePicker:
		return m, m.pickerUpdate(msg)
	case stageApply:
		return m, m.flow.Update(msg)
	}
	// A paste or a cursor blink is the focused field's; anything else is
	// a late reply of the flow.
	return m, tea.Batch(m.updateInputs(msg), m.flow.Update(msg))
}

// updateInputs gives msg (a paste, a blink) to the field that has the
// focus: the form's text field or the changelog editor.
func (m *Model) updateInputs(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	switch m.stage {
	case stageForm:
		f := m.form
		if !isInput(f.focus) {
			return nil
		}
		if _, ok := msg.(tea.PasteMsg); ok {
			f.addErr = ""
		}
		f.inputs[f.focus], cmd = f.inputs[f.focus].Update(msg)
	case stageChangelog:
		m.editor.Area, cmd = m.editor.Area.Update(msg)
	case stageLogFile:
		m.log.input, cmd = m.log.input.Update(msg)
	}
	return cmd
}

func (m *Model) key(msg tea.KeyPressMsg) tea.Cmd {
	if m.guardKey(msg) {
		return nil
	}
	switch m.stage {
	case stageChangelog:
		cmd, done := m.editor.Key(msg, m.keys.Back, m.keys.SwitchView, m.common)
		if done {
			m.form.changelog = m.editor.Area.Value()
			m.stage = stageForm
		}
		return cmd
	case stageLogFile:
		return m.logFileKey(msg)
	case stagePicker:
		if key.Matches(msg, m.keys.Back) {
			m.stage = stageForm
			return m.form.focusCmd()
		}
		return m.pickerUpdate(msg)
	case stageApply:
		if m.flow.Stage() == applyflow.StageResults && key.Matches(msg, m.keys.Back) {
			return common.Back
		}
		return m.flow.Update(msg)
	}
	if !m.loaded() { // nothing to type into: the version is being read, or could not be
		return nil
	}
	return m.formKey(msg)
}

// mouse handles the mouse, which reaches the screen only when it is on:
// the wheel scrolls the form, away from the focus until the next key;
// the flow has it on the preview and the results.
func (m *Model) mouse(msg tea.MouseMsg) tea.Cmd {
	switch w, wheel := msg.(tea.MouseWheelMsg); {
	case m.stage == stageApply:
		return m.flow.Update(msg)
	case m.stage == stageForm && wheel:
		m.scroll += common.Wheel(w) * common.WheelLines
		m.wheeled = true
	}
	return nil
}

// pickerUpdate passes msg to the picker; a file chosen is added.
func (m *Model) pickerUpdate(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	m.picker, cmd = m.picker.Update(msg)
	if ok, path := m.picker.DidSelectFile(msg); ok {
		m.stage = stageForm
		m.form.focus = fAdd
		m.fileSeq++
		return tea.Batch(checkFile(m.fileSeq, path), m.form.focusCmd())
	}
	return cmd
}

// formKey handles a key on the form; a field left after the user
// changed it reads the files again (rereadIfTyped), and a version typed
// takes its own section of the changelog file (takeLog).
func (m *Model) formKey(msg tea.KeyPressMsg) tea.Cmd {
	was := m.form.focus
	m.pre.thenPreview = false
	cmd := m.fieldKey(msg)
	if m.form.focus != was && m.stage == stageForm {
		m.takeLog(false)
		return tea.Batch(cmd, m.rereadIfTyped())
	}
	return cmd
}

func (m *Model) fieldKey(msg tea.KeyPressMsg) tea.Cmd {
	f, k := m.form, m.keys
	if f.focus == fFiles { // a list, not a text field: j and k move as in every list
		msg = listArrows(msg)
	}
	if !key.Matches(msg, k.Complete) {
		f.complete.Reset()
		f.cycling = false
	}
	if key.Matches(msg, k.Back) {
		return common.Back // guardKey asked first
	}
	switch {
	case key.Matches(msg, k.Complete) && m.completes():
		return nil
	case key.Matches(msg, k.Next, k.Down) && !(f.focus == fFiles && key.Matches(msg, k.Down) && f.chosen < len(f.files)-1):
		return f.move(1)
	case key.Matches(msg, k.Prev, k.Up) && !(f.focus == fFiles && key.Matches(msg, k.Up) && f.chosen > 0):
		return f.move(-1)
	}
	switch f.focus {
	case fChannel:
		if key.Matches(msg, k.Left, k.Right) {
			m.cycleChannel(msg)
			return nil
		}
	case fChangelog:
		if key.Matches(msg, k.LogFile) {
			return m.openLogFile()
		}
		if key.Matches(msg, k.Edit) {
			m.stage = stageChangelog
			return m.editor.Open(f.changelog)
		}
		return nil
	case fAdd:
		switch {
		case key.Matches(msg, k.Pick):
			m.picker = newPicker(m.height - 3)
			m.stage = stagePicker
			return m.picker.Init()
		case key.Matches(msg, k.Submit):
			return m.add()
		}
	case fFiles:
		return m.filesKey(msg)
	case fButton:
		if key.Matches(msg, k.Submit) {
			return m.preview()
		}
		return nil
	}
	if key.Matches(msg, k.Submit) {
		return f.move(1)
	}
	f.addErr = ""
	var cmd tea.Cmd
	f.inputs[f.focus], cmd = f.inputs[f.focus].Update(msg)
	return cmd
}

func (m *Model) filesKey(msg tea.KeyPressMsg) tea.Cmd {
	f, k := m.form, m.keys
	switch {
	case key.Matches(msg, k.Down):
		f.chosen = min(f.chosen+1, len(f.files)-1)
	case key.Matches(msg, k.Up):
		f.chosen = max(f.chosen-1, 0)
	case key.Matches(msg, k.Primary) && f.chosen > 0: // the first is the primary
		f.makePrimary()
		return m.read()
	case key.Matches(msg, k.Remove):
		f.removeChosen()
		return m.read()
	case key.Matches(msg, k.Submit):
		return f.move(1)
	}
	return nil
}

// completes completes the value typed in a list field: when a value is
// being typed and is not yet a known one, or tab has just completed one
// (the next tab offers the next match). Otherwise tab moves on.
func (m *Model) completes() bool {
	f := m.form
	known, ok := m.known(f.focus)
	if !ok {
		return false
	}
	v := f.inputs[f.focus].Value()
	_, last, _ := common.LastToken(v)
	switch {
	case f.cycling && len(f.complete.Suggestions(v, known)) < 2:
		return false // nothing else to offer: tab moves on
	case !f.cycling && (last == "" || slices.Contains(known, last)):
		return false
	}
	f.cycling = f.complete.Complete(&f.inputs[f.focus], known)
	return f.cycling
}

// known is what field i completes from; ok is false for a field that
// does not complete.
func (m *Model) known(i field) (known []string, ok bool) {
	switch i {
	case fChannel:
		return m.slugs(), true
	case fGame:
		return m.game, true
	case fPlatforms:
		return platformNames(), true
	}
	return nil, false
}

func (m *Model) cycleChannel(msg tea.KeyPressMsg) {
	known := m.slugs()
	if len(known) == 0 {
		return
	}
	step := 1
	if key.Matches(msg, m.keys.Left) {
		step = -1
	}
	in := &m.form.inputs[fChannel]
	in.SetValue(next(known, in.Value(), step))
	in.CursorEnd()
}

// next is the value step places after cur in known (the first when cur
// is not one of them).
func next(known []string, cur string, step int) string {
	for i, v := range known {
		if v == cur {
			return known[(i+step+len(known))%len(known)]
		}
	}
	return known[0]
}

// move takes the focus to the field step away; the one left is touched,
// so its errors show.
func (f *form) move(step int) tea.Cmd {
	f.touched[f.focus] = true
	f.blur()
	f.focus = (f.focus + field(step) + fieldCount) % fieldCount
	if f.focus == fFiles && len(f.files) == 0 {
		f.focus = (f.focus + field(step) + fieldCount) % fieldCount
	}
	if f.focus == fFiles {
		f.chosen = max(0, min(f.chosen, len(f.files)-1))
	}
	return f.focusCmd()
}

func (f *form) blur() {
	if isInput(f.focus) {
		f.inputs[f.focus].Blur()
	}
}

func (f *form) focusCmd() tea.Cmd {
	if isInput(f.focus) {
		return f.inputs[f.focus].Focus()
	}
	return nil
}

// listArrows reads j and k as ↓ and ↑, as every list of the dashboard
// does.
func listArrows(msg tea.KeyPressMsg) tea.KeyPressMsg {
	switch msg.String() {
	case "j":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	case "k":
		return tea.KeyPressMsg{Code: tea.KeyUp}
	}
	return msg
}
