package publish

import (
	"errors"
	"strings"

	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/internal/explain"
	"rdash/internal/safe"
	"rdash/ui/applyflow"
	"rdash/ui/common"
)

// rejection is the server's refusal of a draft, kept beside the field it
// names while that field still holds what was refused.
type rejection struct {
	field field
	value string // the field's text when it was refused
	why   string // the server's reason, the field named by its label
}

// reject marks the field err names with the server's reason, or, when
// it names none, keeps the reason for the form's head.
func (f *form) reject(err error) {
	f.rejected, f.refusal = nil, ""
	i, ok := fieldOfError(err)
	if !ok {
		f.refusal = common.Describe(err).Text()
		if fix := explain.Change(err, "it"); fix != "" {
			f.refusal += " → " + fix
		}
		return
	}
	_, rule, _ := explain.FieldRule(err)
	why := "the server: " + safe.Line(rule)
	if rule == "" {
		why = "the server: " + common.Describe(err).Text()
	}
	f.rejected = &rejection{field: i, value: f.text(i), why: why}
}

// fieldOfError is the form's field a refusal names: the field of a 400
// or a 409 ("data.version: …"); a 409 that names none is the version
// string, the one value the project must not hold twice.
func fieldOfError(err error) (field, bool) {
	if wire, _, ok := explain.FieldRule(err); ok {
		return fieldOf(wire)
	}
	if errors.Is(err, api.ErrConflict) {
		return fVersion, true
	}
	return 0, false
}

// fieldOf is the form's field of a wire name.
func fieldOf(wire string) (field, bool) {
	base, _, _ := strings.Cut(strings.TrimPrefix(wire, "data."), "[")
	base, _, _ = strings.Cut(base, ".")
	i, ok := map[string]field{"channel": fChannel, "version": fVersion, "name": fName, "changelog": fChangelog,
		"minecraft_versions": fGame, "platforms": fPlatforms, "dependencies": fDeps, "files": fFiles}[base]
	return i, ok
}

// text is what field i holds now, for telling a refused value from a
// changed one.
func (f *form) text(i field) string {
	switch {
	case isInput(i):
		return f.inputs[i].Value()
	case i == fChangelog:
		return f.changelog
	case i == fFiles:
		names := make([]string, len(f.files))
		for j, e := range f.files {
			names[j] = e.name
		}
		return strings.Join(names, "\n")
	}
	return ""
}

// rejectedWhy is the server's reason beside field i, while it holds what
// was refused.
func (f *form) rejectedWhy(i field) string {
	if r := f.rejected; r != nil && r.field == i && f.text(i) == r.value {
		return r.why
	}
	return ""
}

// actions are what the results offer besides retry: after a refusal, the
// form again with the draft as it was.
func (m *Model) actions() []applyflow.Action {
	if m.sent {
		return nil
	}
	return []applyflow.Action{{Key: m.keys.Draft, Says: "e back to the form, every field kept", Do: m.backToDraft}}
}

// backToDraft leaves the results for the form, on the field refused.
func (m *Model) backToDraft() tea.Cmd {
	m.stage = stageForm
	f := m.form
	if r := f.rejected; r != nil {
		f.blur()
		f.focus = r.field
		f.touched[r.field] = true
	}
	return f.focusCmd()
}

// leaves reports that msg would take the user away from the screen, and
// the draft with it: ctrl+c, q where it is not typed, esc from the form
// or the results.
func (m *Model) leaves(msg tea.KeyPressMsg) bool {
	escLeaves := m.stage == stageForm || m.stage == stageApply && m.flow.Stage() == applyflow.StageResults
	return applyflow.Leaves(m.common.Keys, msg, m.Capturing(), escLeaves)
}

// guardKey asks before a key that leaves drops the draft; it reports that
// the key was taken. Any other key disarms the guard.
func (m *Model) guardKey(msg tea.KeyPressMsg) bool {
	if !m.leaves(msg) {
		if m.guard.Armed() {
			m.guard.Reset()
			m.flow.SetNotice("")
		}
		return false
	}
	if !m.guard.Stop(msg, m.common.Keys, m.holding()) {
		return false
	}
	m.flow.SetNotice(m.guard.Warning(m.what()))
	return true
}
