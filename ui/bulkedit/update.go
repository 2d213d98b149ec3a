package bulkedit

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"rdash/internal/bulk"
	"rdash/ui/common"
)

// Update implements common.Screen.
func (m *Model) Update(msg tea.Msg) (common.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return m, m.key(msg)
	case currentLoadedMsg:
		return m, m.currentLoaded(msg)
	case sampleLoadedMsg:
		m.sampleLoaded(msg)
	case journalReadMsg:
		return m, m.journalRead(msg)
	case progressMsg:
		return m, m.progressed(msg)
	case runDoneMsg:
		return m, m.runDone(msg)
	case changelogRenderedMsg:
		return m, m.editor.renderedMsg(msg, m.common)
	case tea.WindowSizeMsg: // SetSize already has the body's size
		return m, m.editor.render(m.common)
	case common.ThemeMsg:
		m.setStyles(msg.Styles)
		return m, m.editor.render(m.common)
	default:
		return m, m.updateInputs(msg) // paste, cursor blink
	}
	return m, nil
}

func (m *Model) key(msg tea.KeyPressMsg) tea.Cmd {
	if m.armed && !key.Matches(msg, m.keys.Back) {
		m.armed, m.notice = false, ""
	}
	switch m.stage {
	case stageForm:
		return m.formKey(msg)
	case stageChangelog:
		cmd, done := m.editor.key(msg, m.keys, m.common)
		if done {
			m.form.changelog, m.stage = m.editor.area.Value(), stageForm
			m.form.validate()
		}
		return cmd
	case stagePreview:
		return m.previewKey(msg)
	case stageRunning:
		if key.Matches(msg, m.keys.Back) {
			m.notice = "Versions are being changed; the results come when every one is known."
		}
	case stageResults:
		return m.resultsKey(msg)
	}
	return nil
}

func (m *Model) formKey(msg tea.KeyPressMsg) tea.Cmd {
	if key.Matches(msg, m.keys.Back) {
		if m.form.dirty() && !m.armed {
			m.armed, m.notice = true, "Press esc again to drop this edit; nothing has been sent."
			return nil
		}
		return common.Back
	}
	m.notice = ""
	cmd, act := m.form.key(msg, m.keys)
	switch act {
	case actSubmit:
		cmd = tea.Batch(cmd, m.submit())
	case actEditChangelog:
		m.stage = stageChangelog
		cmd = tea.Batch(cmd, m.editor.open(m.form.changelog))
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
	// The values are read again for each preview: the preview, the
	// journal and so the undo start from what the server has now.
	m.stage, m.plan, m.asking, m.scroll, m.current = stagePreview, nil, false, 0, nil
	return m.load()
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

func (m *Model) previewKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.keys
	switch {
	case m.asking:
		return m.confirmKey(msg)
	case key.Matches(msg, k.Back):
		return m.previewBack()
	case m.loadErr != nil && key.Matches(msg, k.Retry):
		return m.load()
	case key.Matches(msg, k.Submit) && m.kind == kindDelete:
		return m.deleteSubmit()
	case key.Matches(msg, k.Submit) && m.plan != nil && m.plan.refused() > 0:
		return nil // the footer says why nothing can be sent
	case key.Matches(msg, k.Submit) && m.plan != nil && m.plan.size() > 0 && !m.loading:
		if m.needsConfirm() {
			m.asking, m.sure = true, false
			return nil
		}
		return m.apply()
	case m.scrollKey(msg):
		return nil
	case m.kind == kindDelete:
		return m.typeCount(msg)
	}
	return nil
}

// previewBack goes back to where the preview came from.
func (m *Model) previewBack() tea.Cmd {
	switch {
	case m.plan != nil && m.plan.kind == kindUndo && m.results != nil:
		m.stage, m.scroll = stageResults, 0
	case m.kind == kindEdit:
		m.stage, m.notice = stageForm, ""
		m.followFocus()
	default:
		return common.Back
	}
	return nil
}

// needsConfirm: more than a handful of versions, or some the list's filter
// hides, are changed only after a second, explicit yes.
func (m *Model) needsConfirm() bool {
	return m.plan.size() > confirmOver || (m.plan.kind != kindUndo && m.hidden > 0)
}

func (m *Model) confirmKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.keys
	switch {
	case key.Matches(msg, k.Left, k.Right, k.Next, k.Prev):
		m.sure = !m.sure
	case key.Matches(msg, k.Yes):
		return m.apply()
	case key.Matches(msg, k.No, k.Back):
		m.asking = false
	case key.Matches(msg, k.Submit):
		if m.sure {
			return m.apply()
		}
		m.asking = false
	}
	return nil
}

func (m *Model) apply() tea.Cmd {
	verb := map[kind]string{kindEdit: "applying the edit", kindDelete: "deleting", kindUndo: "undoing"}[m.plan.kind]
	m.notice = ""
	return m.start(m.plan.job(), verb)
}

// deleteSubmit deletes once the count is typed, as gh asks for a name.
func (m *Model) deleteSubmit() tea.Cmd {
	if m.plan == nil {
		return nil // the preview says it is still reading
	}
	n := m.plan.size()
	if strings.TrimSpace(m.typed.Value()) != strconv.Itoa(n) {
		m.notice = fmt.Sprintf("Type %d to delete %s, or press esc to cancel.", n, countVersions(n))
		return nil
	}
	return m.apply()
}

// typeCount passes digits and editing keys to the count field.
func (m *Model) typeCount(msg tea.KeyPressMsg) tea.Cmd {
	if msg.Text != "" && strings.ContainsFunc(msg.Text, func(r rune) bool { return !unicode.IsDigit(r) }) {
		return nil
	}
	m.notice = ""
	var cmd tea.Cmd
	m.typed, cmd = m.typed.Update(msg)
	return cmd
}

func (m *Model) resultsKey(msg tea.KeyPressMsg) tea.Cmd {
	switch {
	case key.Matches(msg, m.keys.Retry) && len(m.results.failed()) > 0:
		return m.retry()
	case key.Matches(msg, m.keys.Undo) && m.canUndo():
		return m.undoHere()
	default:
		m.scrollKey(msg)
	}
	return nil
}

// scrollKey scrolls the preview or the results; it reports whether msg
// was a movement.
func (m *Model) scrollKey(msg tea.KeyPressMsg) bool {
	step, ok := m.common.Keys.ListStep(msg, len(m.content()), m.contentHeight())
	if ok {
		m.scroll += step
		m.clampScroll()
	}
	return ok
}

func (m *Model) clampScroll() {
	m.scroll = max(0, min(m.scroll, len(m.content())-m.contentHeight()))
}

// journalRead starts the undo screen's preview from the journal, and
// reads the versions it restores: one changed since the edit would lose
// that change too, and the preview says so.
func (m *Model) journalRead(msg journalReadMsg) tea.Cmd {
	m.stage, m.loadErr = stagePreview, msg.err
	if msg.err != nil {
		return nil
	}
	m.undoing = []*bulk.Entry{msg.entry}
	return m.loadForUndo()
}

// loadForUndo reads the current values of the versions m.undoing touched;
// the plan is made from them (makePlan), so what changed since is kept.
// The selection is what the edits left, to tell what moved on since.
func (m *Model) loadForUndo() tea.Cmd {
	m.plan, m.selection = nil, nil
	seen := map[string]bool{}
	for _, e := range m.undoing {
		for _, v := range e.After {
			if !seen[v.ID] {
				seen[v.ID] = true
				m.selection = append(m.selection, v)
			}
		}
	}
	return m.load()
}

// nothingToUndo reports that the journal has no edit to undo.
func (m *Model) nothingToUndo() bool { return errors.Is(m.loadErr, bulk.ErrNothingToUndo) }

func (m *Model) updateInputs(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	switch {
	case m.stage == stageForm:
		return m.form.update(msg)
	case m.stage == stageChangelog:
		m.editor.area, cmd = m.editor.area.Update(msg)
	case m.stage == stagePreview && m.kind == kindDelete:
		m.typed, cmd = m.typed.Update(msg)
	}
	return cmd
}

func (m *Model) setStyles(s *common.Styles) {
	m.common.Styles = s
	if m.form != nil {
		m.form.setStyles(s)
	}
	m.editor.setStyles(s)
	m.typed = common.StyleInput(m.typed, s)
}
