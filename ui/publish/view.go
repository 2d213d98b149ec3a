package publish

import (
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"rdash/internal/explain"
	"rdash/internal/safe"
	"rdash/ui/common"
	"rdash/ui/markdown"
)

// labelWidth is the width of the form's labels.
const labelWidth = 16

// View renders the screen at its size.
func (m *Model) View() string {
	var out string
	switch m.stage {
	case stageChangelog:
		out = m.editor.View(m.common.Styles, m.form.value(fVersion)+" of "+m.project.Key())
	case stageLogFile:
		out = m.logFileView()
	case stagePicker:
		s := m.common.Styles
		out = s.Title.Render("Pick a file to upload") + "\n" +
			s.Muted.Render(common.Cut(safe.Line(m.picker.CurrentDirectory), m.width)) + "\n" +
			m.picker.View()
	case stageApply:
		out = m.flow.View()
	default:
		out = m.formView()
	}
	return common.Clip(out, m.width, m.height)
}

// formView is the form, scrolled so the focused field shows, and a
// footer that says what enter does.
func (m *Model) formView() string {
	s, f := m.common.Styles, m.form
	title := "New version of " + safe.Line(m.project.Key())
	switch {
	case m.before != nil:
		title = "Edit " + safe.Line(m.before.Version) + " of " + safe.Line(m.project.Key())
	case m.loadErr != nil:
		return strings.Join(m.wrapped(s.Bad, common.Describe(m.loadErr).Text()), "\n")
	case m.editID != "":
		return s.Muted.Render("Loading the version…")
	}
	head := append([]string{s.Title.Render(common.Cut(title, m.width))}, m.warnings()...)
	var lines []string
	at, end := 0, 0 // the lines of the focused field
	for i := range fieldCount {
		if i == f.focus {
			at = len(lines)
		}
		lines = append(lines, m.fieldLines(i)...)
		if i == f.focus {
			end = len(lines)
		}
	}
	// The keys are the dashboard footer's (ShortHelp); a question to
	// leave the draft stands where they would be.
	var foot []string
	if w := m.guard.Warning(m.what()); w != "" {
		foot = strings.Split(s.Warn.Render(markdown.Wrap(w, m.width)), "\n")
	}
	room := max(m.height-len(head)-len(foot)-1, 1)
	// The focused field shows, and with it what is under it (its source,
	// its error, what the files read said) when there is room.
	if !m.wheeled {
		m.scroll = max(0, min(m.scroll, at), at-room+2, min(end-room, at))
	}
	m.scroll = max(0, min(m.scroll, len(lines)-room))
	body := lines[m.scroll:min(m.scroll+room, len(lines))]
	for len(body) < room {
		body = append(body, "")
	}
	return strings.Join(head, "\n") + "\n\n" + strings.Join(body, "\n") + "\n" + strings.Join(foot, "\n")
}

// warnings are the lines under the title that say the server will refuse
// the change whatever the form holds, or why it refused the last one.
func (m *Model) warnings() []string {
	s := m.common.Styles
	var out []string
	for _, w := range []string{m.lacks, m.form.refusal} {
		if w == "" {
			continue
		}
		for _, l := range strings.Split(markdown.Wrap("✗ "+w, max(m.width, 10)), "\n") {
			out = append(out, s.Bad.Render(l))
		}
	}
	return out
}

// fieldLines are field i's line, and its error under it.
func (m *Model) fieldLines(i field) []string {
	s, f := m.common.Styles, m.form
	label := "  " + s.Label.Render(common.Fit(labels[i], labelWidth-2))
	if i == f.focus {
		label = s.Accent.Render("› ") + s.Prompt.Render(common.Fit(labels[i], labelWidth-2))
	}
	var lines []string
	switch i {
	case fChangelog:
		v := changelogSummary(s, f.changelog)
		if i == f.focus {
			v += s.Muted.Render(" · enter edits")
		}
		lines = []string{label + v}
	case fFiles:
		for j, l := range f.fileLines(s, m.width-labelWidth) {
			if j == 0 {
				lines = append(lines, label+l)
			} else {
				lines = append(lines, strings.Repeat(" ", labelWidth)+l)
			}
		}
	case fButton:
		b := "[ Preview ]"
		if i == f.focus {
			lines = []string{"  " + s.Cursor.Render(b)}
		} else {
			lines = []string{"  " + s.Muted.Render(b)}
		}
	default:
		lines = []string{label + f.inputs[i].View() + m.suggestions(i)}
	}
	for j := range lines {
		lines[j] = common.Cut(lines[j], m.width)
	}
	if src := f.mark(i); src != "" {
		lines = append(lines, m.under(s.Muted, "", "from "+safe.Line(src))...)
	}
	lines = append(lines, m.readMarks(i)...)
	if i == fChangelog {
		lines = append(lines, m.logMarks()...)
	}
	if i == fFiles {
		lines = append(lines, m.readLines()...)
	}
	if err := f.shown(i); err != nil {
		lines = append(lines, m.under(s.Bad, "✗ ", safe.Line(explain.Fields(err).Error()))...)
	} else if why := f.rejectedWhy(i); why != "" {
		lines = append(lines, m.under(s.Bad, "✗ ", why)...)
	}
	return lines
}

// under is text under a field, after lead ("✗ "), wrapped in the room
// beside the labels so it is read whole, each further line indented
// under the first.
func (m *Model) under(style lipgloss.Style, lead, text string) []string {
	pad := strings.Repeat(" ", labelWidth)
	hang := ansi.StringWidth(lead)
	wrapped := strings.Split(markdown.Wrap(text, max(m.width-labelWidth-hang, 10)), "\n")
	for j, l := range wrapped {
		if j == 0 {
			l = lead + l
		} else {
			l = strings.Repeat(" ", hang) + l
		}
		wrapped[j] = common.Cut(pad+style.Render(l), m.width)
	}
	return wrapped
}

// suggestions show what tab would complete, after the focused field.
func (m *Model) suggestions(i field) string {
	f := m.form
	if i != f.focus {
		return ""
	}
	known, ok := m.known(i)
	if !ok {
		return ""
	}
	v := f.inputs[i].Value()
	sug := f.complete.Suggestions(v, known)
	if _, last, _ := common.LastToken(v); len(sug) == 0 || len(sug) == 1 && sug[0] == last {
		return "" // nothing, or only what is typed
	}
	return m.common.Styles.Muted.Render("  tab: " + strings.Join(sug[:min(len(sug), 4)], " "))
}
