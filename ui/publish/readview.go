package publish

import (
	"strings"

	"rdash/internal/artifact"
	"rdash/internal/safe"
)

// readLines say, under the files, what reading them found besides the
// values: what could not be read, what was assumed, where files disagree,
// or why nothing was read. It stays on the form until the files change,
// so it is read before the preview.
func (m *Model) readLines() []string {
	s, p := m.common.Styles, m.pre
	switch {
	case p.reading != nil:
		return m.under(s.Muted, "", m.readingWhat()+"…")
	case p.report == nil:
		return nil
	}
	r := p.report
	if len(r.errs) > 0 {
		out := m.under(s.Muted, "", "nothing was filled from the files:")
		for _, e := range r.errs {
			out = append(out, m.under(s.Bad, "✗ ", safe.Line(e))...)
		}
		return out
	}
	out := m.under(s.Muted, "", "filled from "+safe.Line(strings.Join(r.read, ", ")))
	for _, w := range r.warnings {
		out = append(out, m.under(s.Warn, "! ", safe.Line(w))...)
	}
	for _, u := range r.unread {
		out = append(out, m.under(s.Warn, "? ", "not read: "+safe.Line(u))...)
	}
	for _, n := range r.notes {
		out = append(out, m.under(s.Muted, "· ", safe.Line(n))...)
	}
	return out
}

// readMarks are what the last read says under field i, besides where its
// value came from: for the channel, that it must be chosen and from
// which; for a list left empty, what the server then does.
func (m *Model) readMarks(i field) []string {
	s, r, f := m.common.Styles, m.pre.report, m.form
	if r == nil || m.pre.reading != nil || len(r.errs) > 0 || f.value(i) != "" {
		return nil
	}
	switch i {
	case fChannel:
		if r.choice == nil {
			return nil
		}
		text := "choose the channel: " + r.choice.Reason
		if len(r.choice.Channels) > 0 {
			text += " (the project's channels, as its versions show them: " + strings.Join(r.choice.Channels, ", ") + ")"
		}
		return m.under(s.Warn, "! ", safe.Line(text))
	case fGame, fPlatforms, fDeps:
		return m.under(s.Muted, "", "left empty: "+artifact.ConsequenceChannel)
	}
	return nil
}
