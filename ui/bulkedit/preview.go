package bulkedit

import (
	"fmt"
	"slices"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"rdash/api"
	"rdash/internal/bulk"
	"rdash/internal/safe"
	"rdash/ui/common"
)

// size is how many versions the preview is about: those sent once the
// plan is known, the selection until then.
func (m *Model) size() int {
	if m.plan != nil {
		return m.plan.size()
	}
	return len(m.selection)
}

func (m *Model) previewHeader() []string {
	s := m.common.Styles
	of := countVersions(m.size()) + " of " + safe.Line(m.project.Key())
	var out []string
	switch {
	case m.kind == kindDelete:
		out = []string{s.Title.Render("Delete " + of),
			s.Bad.Render("Deleting cannot be undone: the service cannot restore a deleted version."),
			s.Muted.Render("The journal keeps their metadata and changelogs for the record.")}
	case m.plan != nil && m.plan.kind == kindUndo:
		out = append([]string{s.Title.Render("Undo: restore " + of)}, m.undoLines()...)
	case m.kind == kindUndo:
		out = []string{s.Title.Render("Undo the last edit of " + safe.Line(m.project.Key()))}
	case m.plan == nil: // the count sent is known once the values are read
		out = []string{s.Title.Render("Preview"), s.Muted.Render("Nothing is sent until you apply.")}
	default:
		out = []string{s.Title.Render("Preview: " + of),
			s.Muted.Render("Before → after for each version; nothing is sent until you apply.")}
	}
	if m.hidden > 0 && (m.plan == nil || m.plan.kind != kindUndo) {
		be := plural(m.hidden, "is", "are")
		out = append(out, s.Warn.Render(fmt.Sprintf("%d of the %d chosen %s hidden by the list's filter and %s included.",
			m.hidden, len(m.selection), be, be)))
	}
	if m.plan != nil && len(m.plan.same) > 0 {
		n := len(m.plan.same)
		out = append(out, s.Muted.Render(fmt.Sprintf("%d already %s these values and %s left out.",
			n, plural(n, "has", "have"), plural(n, "is", "are"))))
	}
	for i := range out {
		out[i] = common.Cut(out[i], m.width)
	}
	return append(out, "")
}

// undoLines say which edit the undo puts back.
func (m *Model) undoLines() []string {
	s := m.common.Styles
	var out []string
	if m.kind == kindEdit {
		out = []string{s.Muted.Render("Puts back the values this edit replaced.")}
	} else if len(m.undoing) > 0 {
		e := m.undoing[0]
		out = []string{s.Muted.Render(fmt.Sprintf("Puts back the values the edit of %s (%s) replaced.",
			common.Date(e.Time), common.Ago(e.Time, m.common.Now())))}
		if e.Undoes != "" {
			out = append(out, s.Warn.Render("That edit was itself an undo: undoing it applies the earlier edit again."))
		}
	}
	switch {
	case m.loadErr != nil:
		out = append(out, s.Warn.Render("Their current values could not be read: "+common.Describe(m.loadErr).Text()))
	case m.moved > 0:
		out = append(out, s.Warn.Render(fmt.Sprintf("%d of them changed since that edit; those changes stay "+
			"(a list gets the edit's inverse, a field changed since is left as it is).", m.moved)))
	}
	for _, k := range m.plan.kept {
		out = append(out, s.Muted.Render(fmt.Sprintf("Left as is: %s %s, changed since the edit.", safe.Line(k.Version), k.Field)))
	}
	return out
}

func (m *Model) previewContent() []string {
	s := m.common.Styles
	switch {
	case m.nothingToUndo():
		return []string{"Nothing to undo for " + safe.Line(m.project.Key()) + ":",
			s.Muted.Render("the journal holds no edit of it that is not undone already.")}
	case m.plan == nil && m.loadErr != nil:
		return []string{s.Bad.Render(common.Describe(m.loadErr).Text())}
	case m.plan == nil:
		return []string{s.Muted.Render("Reading the current values of " + countVersions(len(m.selection)) + "…")}
	case m.plan.kind == kindDelete:
		return m.deleteLines(m.plan.deletes)
	}
	out := m.changeLines(m.plan.changes)
	if len(m.plan.same) > 0 {
		out = append(out, "", s.Muted.Render(common.Cut("Left out, already as asked: "+versionList(m.plan.same), m.width)))
	}
	return out
}

// changeLines list each version and its fields before and after.
func (m *Model) changeLines(cs []bulk.Change) []string {
	s := m.common.Styles
	var out []string
	for _, c := range cs {
		v := c.Before
		out = append(out, common.Cut(s.Bold.Render(safe.Line(v.Version))+
			s.Muted.Render("  "+safe.Line(v.Name)+" · "+safe.Line(v.ID)), m.width))
		for _, fc := range c.Fields {
			out = append(out, m.fieldLines(fc, c)...)
		}
		if c.Problem != "" {
			out = append(out, common.Cut(s.Bad.Render("    ✗ "+safe.Line(c.Problem)), m.width))
		}
	}
	return out
}

// fieldLines show one field's change: before → after on a line when it
// fits; otherwise a list shows what goes in (+) and out (−), and any
// other value its before and after on two lines.
func (m *Model) fieldLines(fc bulk.FieldChange, c bulk.Change) []string {
	s := m.common.Styles
	label := "    " + s.Label.Render(common.Fit(fc.Field, 15))
	pad := strings.Repeat(" ", 19)
	before, after := s.Muted.Render(shown(fc.Field, fc.Before)), s.Value.Render(shown(fc.Field, fc.After))
	if one := label + before + " → " + after; ansi.StringWidth(one) <= m.width {
		return []string{one}
	}
	added, removed := listDiff(items(fc.Field, c.Before), items(fc.Field, c.After))
	if len(added)+len(removed) == 0 {
		return []string{common.Cut(label+before, m.width), common.Cut(pad[:17]+"→ "+after, m.width)}
	}
	var out []string
	for _, l := range []struct {
		sign string
		st   lipgloss.Style
		vals []string
	}{{"+ ", s.Good, added}, {"− ", s.Bad, removed}} {
		if len(l.vals) == 0 {
			continue
		}
		lead := label
		if len(out) > 0 {
			lead = pad
		}
		out = append(out, common.Cut(lead+l.st.Render(l.sign+strings.Join(l.vals, ", ")), m.width))
	}
	return out
}

// items are the values of a list field of v, as shown.
func items(field string, v api.Version) []string {
	var raw []string
	switch field {
	case "game versions":
		raw = v.MinecraftVersions
	case "platforms":
		raw = v.Platforms
	case "dependencies":
		for _, d := range v.Dependencies {
			raw = append(raw, bulk.FormatDependencies([]api.Dependency{d}))
		}
	}
	return safe.Lines(raw)
}

// listDiff is what after has that before has not, and the other way round.
func listDiff(before, after []string) (added, removed []string) {
	for _, a := range after {
		if !slices.Contains(before, a) {
			added = append(added, a)
		}
	}
	for _, b := range before {
		if !slices.Contains(after, b) {
			removed = append(removed, b)
		}
	}
	return added, removed
}

// shown is a field's value on one line; a changelog shows its first line
// and how long it is.
func shown(field, v string) string {
	if strings.TrimSpace(v) == "" {
		return "(none)"
	}
	if field != "changelog" {
		return safe.Line(v)
	}
	first, _, _ := strings.Cut(strings.TrimSpace(v), "\n")
	n := strings.Count(strings.TrimRight(v, "\n"), "\n") + 1
	if n == 1 {
		return "“" + common.Cut(safe.Line(first), 40) + "”"
	}
	return fmt.Sprintf("“%s” (%d lines)", common.Cut(safe.Line(first), 32), n)
}

func (m *Model) deleteLines(vs []api.Version) []string {
	s := m.common.Styles
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = common.Cut("  "+common.Fit(safe.Line(v.Version), 16)+" "+common.Fit(safe.Line(v.Name), 28)+" "+
			s.Channel(v.Channel.Slug).Render(common.Fit(safe.Line(v.Channel.Slug), 10))+" "+s.Muted.Render(safe.Line(v.ID)), m.width)
	}
	return out
}

func (m *Model) previewFooter() []string {
	s := m.common.Styles
	var out []string
	switch {
	case m.nothingToUndo():
		out = []string{s.Muted.Render("esc goes back")}
	case m.plan == nil && m.loadErr != nil:
		out = []string{s.Muted.Render("Nothing was sent. r tries again · esc goes back")}
	case m.plan == nil:
	case m.loading:
		out = []string{s.Muted.Render("Reading their current values first…")}
	case m.plan.size() == 0:
		out = []string{s.Muted.Render("Nothing to send: each version already has these values. esc: back to the form")}
	case m.plan.refused() > 0:
		out = []string{s.Bad.Render(fmt.Sprintf("The service would refuse this edit for %s (✗ above); nothing can be sent. esc: back to the form",
			countVersions(m.plan.refused())))}
	case m.asking:
		out = []string{m.question()}
	case m.kind == kindDelete:
		n := m.plan.size()
		out = []string{s.Bold.Render(fmt.Sprintf("Type %d to delete %s: ", n, countVersions(n))) + m.typed.View()}
	default:
		out = []string{s.Muted.Render(m.enterSays())}
	}
	if m.notice != "" {
		out = append(out, m.noticeLine())
	}
	for i := range out {
		out[i] = common.Cut(out[i], m.width)
	}
	return out
}

func (m *Model) enterSays() string {
	n := countVersions(m.plan.size())
	switch {
	case m.plan.kind == kindUndo && m.kind == kindEdit:
		return "enter restores " + n + " · esc back to the results"
	case m.plan.kind == kindUndo:
		return "enter restores " + n + " · esc goes back"
	}
	return "enter applies the edit to " + n + " · esc back to the form"
}

// question asks before a large change, with the focus on Cancel.
func (m *Model) question() string {
	s := m.common.Styles
	n := countVersions(m.plan.size()) + " of " + safe.Line(m.project.Key())
	q, yes := "Apply this edit to "+n+"?", "[ Apply ]"
	if m.plan.kind == kindUndo {
		q, yes = "Restore the old values of "+n+"?", "[ Restore ]"
	}
	if m.hidden > 0 && m.plan.kind != kindUndo {
		q += fmt.Sprintf(" (%d hidden by the filter)", m.hidden)
	}
	cancel, ok := s.Cursor.Render("[ Cancel ]"), s.Muted.Render(yes)
	if m.sure {
		cancel, ok = s.Muted.Render("[ Cancel ]"), s.Cursor.Render(yes)
	}
	return s.Bold.Render(q) + "  " + cancel + " " + ok
}
