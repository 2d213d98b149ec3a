package bulkedit

import (
	"fmt"
	"slices"
	"strings"

	"charm.land/lipgloss/v2"

	"rdash/api"
	"rdash/internal/safe"
	"rdash/ui/applyflow"
	"rdash/ui/common"
	"rdash/ui/markdown"
)

// View implements common.Screen. Every line fits the width and the view
// is exactly the height.
func (m *Model) View() string {
	var out string
	switch m.stage {
	case stageLoading:
		out = m.common.Styles.Muted.Render("Reading the journal…")
	case stageForm:
		out = m.formView()
	case stageChangelog:
		out = m.editor.View(m.common.Styles, countVersions(len(m.selection)))
	default:
		out = m.flow.View()
	}
	return common.Clip(out, m.width, m.height)
}

// formHeight is the room for the form under its header lines.
func (m *Model) formHeight() int {
	return max(m.height-2-len(m.noticeLines())-len(m.lacksLines())-len(m.refusalLines()), 1)
}

// noticeLines say why enter did nothing, or what a second esc or q does:
// wrapped, since a question is never cut. There is always one, empty
// while there is nothing to say, so the form does not jump.
func (m *Model) noticeLines() []string { return wrapStyled(m.common.Styles.Warn, m.notice, m.width) }

// lacksLines say that the server will refuse the change whatever is
// chosen, when that is known (applyflow.CheckAccess).
func (m *Model) lacksLines() []string {
	if m.lacks == "" {
		return nil
	}
	return wrapStyled(m.common.Styles.Bad, "✗ "+m.lacks, m.width)
}

// wrapStyled is text wrapped at spaces to width, each line in style.
func wrapStyled(style lipgloss.Style, text string, width int) []string {
	var out []string
	for _, l := range strings.Split(markdown.Wrap(text, max(width, 10)), "\n") {
		out = append(out, style.Render(l))
	}
	return out
}

func (m *Model) formView() string {
	s := m.common.Styles
	title := s.Title.Render("Edit " + countVersions(len(m.selection)) + " of " + m.projectName())
	right := ""
	if m.hidden > 0 {
		right = s.Warn.Render(fmt.Sprintf("%d hidden by the list's filter", m.hidden))
	}
	out := append([]string{common.Spread(title, right, m.width), s.Muted.Render(common.Cut(versionList(m.selection), m.width))},
		slices.Concat(m.lacksLines(), m.refusalLines())...)
	out = append(out, m.noticeLines()...)
	lines := m.form.lines()
	h := m.formHeight()
	start := min(m.formScroll, max(len(lines)-h, 0))
	for _, l := range lines[start:min(start+h, len(lines))] {
		text := l.text
		if slices.Contains(l.targets, m.form.focus) && strings.HasPrefix(text, "  ") {
			text = s.Accent.Render("›") + text[1:] // as publish marks its field: seen without colour too
		}
		out = append(out, text)
	}
	return strings.Join(out, "\n")
}

// versionList names the versions chosen: "2.4.0 · 2.3.1 · 2.3.0".
func versionList(vs []api.Version) string {
	names := make([]string, len(vs))
	for i, v := range vs {
		names[i] = safe.Line(v.Version)
	}
	return strings.Join(names, " · ")
}

func countVersions(n int) string { return applyflow.CountVersions(n) }
