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
	"rdash/ui/applyflow"
	"rdash/ui/common"
)

// Preview implements applyflow.Plan.
func (p *plan) Preview(width int) applyflow.Preview {
	return applyflow.Preview{Header: p.header(), Lines: p.lines(width), Blocked: p.blocked(), Enter: p.enterSays()}
}

func (m *Model) projectName() string { return safe.Line(m.project.Key()) }

// waitingHeader is the preview's header until the plan is made: the
// count sent is known once the values are read.
func (m *Model) waitingHeader() []string {
	s := m.common.Styles
	var out []string
	switch m.kind {
	case kindDelete:
		out = deleteHeader(s, len(m.selection), m.projectName())
	case kindUndo:
		out = []string{s.Title.Render("Undo the last edit of " + m.projectName())}
	default:
		out = []string{s.Title.Render("Preview"), s.Muted.Render("Nothing is sent until you apply.")}
	}
	return slices.Concat(out, m.lacksLines(), m.hiddenLines())
}

func deleteHeader(s *common.Styles, n int, project string) []string {
	return []string{s.Title.Render("Delete " + countVersions(n) + " of " + project),
		s.Bad.Render("Deleting cannot be undone: the service cannot restore a deleted version."),
		s.Muted.Render("The journal keeps " + plural(n, "its", "their") + " metadata and changelog" + plural(n, "", "s") + " for the record.")}
}

// hiddenLines say that some versions sent are hidden by the list's filter.
func (m *Model) hiddenLines() []string {
	if m.hidden == 0 {
		return nil
	}
	if len(m.selection) == 1 {
		return []string{m.common.Styles.Warn.Render("The version chosen is hidden by the list's filter and is included.")}
	}
	be := plural(m.hidden, "is", "are")
	return []string{m.common.Styles.Warn.Render(fmt.Sprintf("%d of the %d chosen %s hidden by the list's filter and %s included.",
		m.hidden, len(m.selection), be, be))}
}

func (p *plan) header() []string {
	s := p.m.common.Styles
	of := countVersions(p.size()) + " of " + p.m.projectName()
	switch p.kind {
	case kindDelete:
		return slices.Concat(deleteHeader(s, p.size(), p.m.projectName()), p.partLines(), p.m.lacksLines(), p.m.hiddenLines())
	case kindUndo:
		if p.nothing {
			return p.m.waitingHeader()
		}
		return slices.Concat([]string{s.Title.Render("Undo: restore " + of)}, p.partLines(), p.undoLines())
	}
	out := slices.Concat([]string{s.Title.Render("Preview: " + of),
		s.Muted.Render("Before → after for each version; nothing is sent until you apply.")}, p.channelLines(),
		p.partLines(), p.m.lacksLines(), p.m.hiddenLines())
	if n := len(p.same); n > 0 {
		out = append(out, s.Muted.Render(fmt.Sprintf("%d already %s these values and %s left out.",
			n, plural(n, "has", "have"), plural(n, "is", "are"))))
	}
	return out
}

// channelLines say what the server said of a channel typed, or that it
// could not be checked.
func (p *plan) channelLines() []string {
	s := p.m.common.Styles
	var out []string
	switch {
	case p.channelRefused != "":
		out = append(out, s.Bad.Render("✗ channel: "+safe.Line(p.channelRefused)))
	case p.channelNote != "":
		out = append(out, s.Warn.Render("note: "+safe.Line(p.channelNote)))
	}
	if p.depRefused != "" {
		out = append(out, s.Bad.Render("✗ dependencies: "+safe.Line(p.depRefused)))
	}
	for _, n := range p.depNotes {
		out = append(out, s.Muted.Render("dependencies: "+n))
	}
	return out
}

// partLines say that the plan goes in parts, when it takes more than one
// and something can be sent.
func (p *plan) partLines() []string {
	if p.blocked() != "" {
		return nil
	}
	if n := p.parts.SentIn(p.size()); n != "" {
		return []string{p.m.common.Styles.Warn.Render(n)}
	}
	return nil
}

// undoLines say which edit the undo puts back.
func (p *plan) undoLines() []string {
	m := p.m
	s := m.common.Styles
	var out []string
	if m.kind == kindEdit {
		out = []string{s.Muted.Render("Puts back the values this edit replaced.")}
	} else if len(p.entries) > 0 {
		e := p.entries[0]
		out = []string{s.Muted.Render(fmt.Sprintf("Puts back the values the edit of %s (%s) replaced.",
			common.Date(e.Time), common.Ago(e.Time, m.common.Now())))}
	}
	if n := len(p.moved); n > 0 {
		out = append(out, s.Warn.Render(fmt.Sprintf("%d of them changed since that edit; those changes stay "+
			"(a list gets the edit's inverse, a field changed since is left as it is).", n)))
	}
	for _, k := range p.kept {
		out = append(out, s.Muted.Render(fmt.Sprintf("Left as is: %s %s, changed since the edit.", safe.Line(k.Version), k.Field)))
	}
	return out
}

// lines are the preview's, drawn once per width and theme: a plan of
// many versions with changelog diffs is long to draw at every key.
func (p *plan) lines(w int) []string {
	s := p.m.common.Styles
	if p.drawn.lines == nil || p.drawn.width != w || p.drawn.styles != s {
		p.drawn.width, p.drawn.styles, p.drawn.lines = w, s, p.draw(w)
	}
	return p.drawn.lines
}

func (p *plan) draw(w int) []string {
	s := p.m.common.Styles
	switch {
	case p.nothing:
		return []string{"Nothing to undo for " + p.m.projectName() + ":",
			s.Muted.Render("the journal holds no edit of it that is not undone already.")}
	case p.kind == kindDelete:
		return deleteLines(s, p.deletes, w)
	}
	out := changeLines(s, p.changes, p.diffs, w)
	if len(p.same) > 0 {
		out = append(out, "", s.Muted.Render(common.Cut("Left out, already as asked: "+versionList(p.same), w)))
	}
	return out
}

// changeLines list each version and its fields before and after; a
// changelog shows as the lines it adds and removes (diffs, by version).
func changeLines(s *common.Styles, cs []bulk.Change, diffs map[string]applyflow.Diff, w int) []string {
	var out []string
	for _, c := range cs {
		v := c.Before
		out = append(out, common.Cut(s.Bold.Render(safe.Line(v.Version))+
			s.Muted.Render("  "+safe.Line(v.Name)+" · "+safe.Line(v.ID)), w))
		for _, fc := range c.Fields {
			if d, ok := diffs[v.ID]; ok && fc.Field == "changelog" {
				out = append(out, "    "+s.Label.Render(common.Fit(fc.Field, 15))+s.Muted.Render(d.Summary()))
				out = append(out, d.Lines(s, 6, w)...)
				continue
			}
			out = append(out, fieldLines(s, fc, c, w)...)
		}
		if c.Problem != "" {
			out = append(out, common.Cut(s.Bad.Render("    ✗ "+safe.Line(c.Problem)), w))
		}
	}
	return out
}

// fieldLines show one field's change: before → after on a line when it
// fits; otherwise a list shows what goes in (+) and out (−), and any
// other value its before and after on two lines.
func fieldLines(s *common.Styles, fc bulk.FieldChange, c bulk.Change, w int) []string {
	label := "    " + s.Label.Render(common.Fit(fc.Field, 15))
	pad := strings.Repeat(" ", 19)
	before, after := s.Muted.Render(shown(fc.Field, fc.Before)), s.Value.Render(shown(fc.Field, fc.After))
	if one := label + before + " → " + after; ansi.StringWidth(one) <= w {
		return []string{one}
	}
	added, removed := listDiff(items(fc.Field, c.Before), items(fc.Field, c.After))
	if len(added)+len(removed) == 0 {
		return []string{common.Cut(label+before, w), common.Cut(pad[:17]+"→ "+after, w)}
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
		out = append(out, common.Cut(lead+l.st.Render(l.sign+strings.Join(l.vals, ", ")), w))
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
	return fmt.Sprintf("“%s” (%s)", common.Cut(safe.Line(first), 32), common.Plural(n, "line"))
}

// deleteLines list the versions deleted; the name gives way to the
// width, so each version and its ID stay whole.
func deleteLines(s *common.Styles, vs []api.Version, w int) []string {
	out := make([]string, len(vs))
	name := max(8, min(28, w-2-17-11-9))
	for i, v := range vs {
		out[i] = common.Cut("  "+common.Fit(safe.Line(v.Version), 16)+" "+common.Fit(safe.Line(v.Name), name)+" "+
			s.Channel(v.Channel.Slug).Render(common.Fit(safe.Line(v.Channel.Slug), 10))+" "+s.Muted.Render(safe.Line(v.ID)), w)
	}
	return out
}

// blocked is the footer when nothing can be sent.
func (p *plan) blocked() string {
	s := p.m.common.Styles
	switch {
	case p.nothing:
		return s.Muted.Render("esc goes back")
	case p.channelRefused != "":
		return s.Bad.Render("The server does not know this channel (✗ above); nothing can be sent. esc: back to the form")
	case p.depRefused != "":
		return s.Bad.Render("A project of the dependencies could not be found (✗ above); nothing can be sent. esc: back to the form")
	case p.size() == 0:
		return s.Muted.Render("Nothing to send: each version already has these values. esc: back to the form")
	case p.refused() > 0:
		return s.Bad.Render(fmt.Sprintf("The service would refuse this edit for %s (✗ above); nothing can be sent. esc: back to the form",
			countVersions(p.refused())))
	}
	return ""
}

func (p *plan) enterSays() string {
	n := countVersions(p.size())
	switch {
	case p.kind == kindUndo && p.m.kind == kindEdit:
		return "enter restores " + n + " · esc back to the results"
	case p.kind == kindUndo:
		return "enter restores " + n + " · esc goes back"
	}
	return "enter applies the edit to " + n + " · esc back to the form"
}
