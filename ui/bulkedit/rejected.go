package bulkedit

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"rdash/internal/bulk"
	"rdash/internal/explain"
	"rdash/internal/safe"
	"rdash/ui/applyflow"
	"rdash/ui/common"
)

// After the server refuses an edit, e on the results goes back to the
// form as it was, the field the server named marked with its reason
// while it holds what was refused; a refusal that names no field of the
// form shows under its title.

// rejection is the server's refusal of a field of the form.
type rejection struct {
	field field
	value string // the field's part of the edit when it was refused
	why   string
}

// fieldValue is field fd's part of the edit, for telling a refused value
// from a changed one.
func (f *form) fieldValue(fd field) string {
	e := f.edit()
	switch fd {
	case fieldChannel:
		return fmt.Sprint(deref(e.Channel))
	case fieldName:
		return fmt.Sprint(deref(e.Name))
	case fieldChangelog:
		return fmt.Sprint(deref(e.Changelog))
	case fieldGame:
		return fmt.Sprintf("%+v", e.GameVersions)
	case fieldPlatforms:
		return fmt.Sprintf("%+v", e.Platforms)
	}
	return fmt.Sprintf("%+v", e.Dependencies)
}

func deref(p *string) any {
	if p == nil {
		return nil
	}
	return *p
}

// reject marks field fd with why, while it holds what it holds now.
func (f *form) reject(fd field, why string) {
	f.rejected, f.refusal = &rejection{field: fd, value: f.fieldValue(fd), why: why}, ""
}

// rejectedWhy is the server's reason beside field fd, while it holds
// what was refused.
func (f *form) rejectedWhy(fd field) string {
	if r := f.rejected; r != nil && r.field == fd && f.fieldValue(fd) == r.value {
		return r.why
	}
	return ""
}

// marks are the lines under field fd: the rule it breaks, else the
// server's refusal of it.
func (f *form) marks(fd field) []line {
	if msg, ok := f.errs[fd]; ok {
		return f.errorLines(subIndent, msg)
	}
	if why := f.rejectedWhy(fd); why != "" {
		return f.errorLines(subIndent, why)
	}
	return nil
}

// rejectFrom marks the form with the first refusal in entries, the
// server's outcome of an edit made from it; a run that sent nothing the
// server refused clears the marks.
func (f *form) rejectFrom(entries []*bulk.Entry) {
	f.rejected, f.refusal = nil, ""
	for _, e := range entries {
		for _, o := range e.Outcomes {
			err, ok := statusError(o.Error)
			if !ok || o.Retry || o.Status != bulk.StatusNotApplied {
				continue
			}
			if wire, rule, named := explain.FieldRule(err); named {
				if fd, ok := fieldOf(wire); ok {
					f.reject(fd, "the server: "+safe.Line(rule))
					return
				}
			}
			f.refusal = common.Describe(err).Text()
			if fix := explain.Change(err, "them"); fix != "" {
				f.refusal += " → " + fix
			}
			return
		}
	}
}

// refused reports that the last run of the form's edit was refused, for
// some versions at least: the form is worth going back to.
func (f *form) refused() bool { return f.rejected != nil || f.refusal != "" }

// draftAction is e on the results of a refused edit.
func (m *Model) draftAction() []applyflow.Action {
	if m.kind != kindEdit || !m.form.refused() {
		return nil
	}
	return []applyflow.Action{{Key: m.keys.Draft, Says: "e back to the form, every field kept", Do: m.backToDraft}}
}

// backToDraft leaves the results for the form, on the field refused.
func (m *Model) backToDraft() tea.Cmd {
	m.stage, m.notice = stageForm, ""
	var cmd tea.Cmd
	if r := m.form.rejected; r != nil {
		cmd = m.form.setFocus(target{field: r.field, part: m.form.errorPart(r.field)})
	}
	m.followFocus()
	return cmd
}

// refusalLines show a refusal that names no field, under the title.
func (m *Model) refusalLines() []string {
	if m.form == nil || m.form.refusal == "" {
		return nil
	}
	return wrapStyled(m.common.Styles.Bad, "✗ the server refused the edit: "+safe.Line(m.form.refusal), m.width)
}
