package bulkedit

import (
	"fmt"
	"strings"

	"rdash/api"
	"rdash/internal/safe"
	"rdash/ui/common"
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
		out = m.editor.view(m.common.Styles, len(m.selection))
	default:
		out = m.framed()
	}
	return common.Clip(out, m.width, m.height)
}

// formHeight is the room for the form under its three header lines.
func (m *Model) formHeight() int { return max(m.height-3, 1) }

func (m *Model) formView() string {
	s := m.common.Styles
	title := s.Title.Render("Edit " + countVersions(len(m.selection)) + " of " + safe.Line(m.project.Key()))
	right := ""
	if m.hidden > 0 {
		right = s.Warn.Render(fmt.Sprintf("%d hidden by the list's filter", m.hidden))
	}
	out := []string{common.Spread(title, right, m.width), s.Muted.Render(common.Cut(versionList(m.selection), m.width)), m.noticeLine()}
	lines := m.form.lines()
	h := m.formHeight()
	start := min(m.formScroll, max(len(lines)-h, 0))
	for _, l := range lines[start:min(start+h, len(lines))] {
		out = append(out, l.text)
	}
	return strings.Join(out, "\n")
}

func (m *Model) noticeLine() string {
	return m.common.Styles.Warn.Render(m.notice)
}

// versionList names the versions chosen: "2.4.0 · 2.3.1 · 2.3.0".
func versionList(vs []api.Version) string {
	names := make([]string, len(vs))
	for i, v := range vs {
		names[i] = safe.Line(v.Version)
	}
	return strings.Join(names, " · ")
}

// framed is the preview, the run or the results: a header, content that
// scrolls, and a footer.
func (m *Model) framed() string {
	head, foot, content := m.header(), m.footer(), m.content()
	h := m.contentHeight()
	start := min(m.scroll, max(len(content)-h, 0))
	body := content[start:min(start+h, len(content))]
	lines := append(head, body...)
	for range h - len(body) {
		lines = append(lines, "")
	}
	if len(content) > h {
		more := len(content) - start - len(body)
		lines = append(lines, m.common.Styles.Muted.Render(fmt.Sprintf("↑/↓ scroll · %d more below", more)))
	}
	return strings.Join(append(lines, foot...), "\n")
}

// contentHeight is the room for content, less a line to say it scrolls
// when it does not fit.
func (m *Model) contentHeight() int {
	h := max(m.height-len(m.header())-len(m.footer()), 0)
	if len(m.content()) > h {
		h = max(h-1, 0)
	}
	return h
}

func (m *Model) header() []string {
	switch m.stage {
	case stageRunning:
		return m.runningHeader()
	case stageResults:
		return m.resultsHeader()
	}
	return m.previewHeader()
}

func (m *Model) content() []string {
	switch m.stage {
	case stagePreview:
		return m.previewContent()
	case stageResults:
		return m.results.lines(m.common.Styles, m.width)
	}
	return nil
}

func (m *Model) footer() []string {
	switch m.stage {
	case stagePreview:
		return m.previewFooter()
	case stageResults:
		return m.resultsFooter()
	}
	if m.notice != "" {
		return []string{m.noticeLine()}
	}
	return nil
}

func (m *Model) runningHeader() []string {
	s := m.common.Styles
	r := m.run
	pct := 0.0
	if r.total > 0 {
		pct = float64(r.done) / float64(r.total)
	}
	return []string{
		s.Title.Render(common.Cut(sentence(r.what), m.width)), "",
		"  " + r.bar.ViewAs(pct),
		"  " + s.Muted.Render(fmt.Sprintf("%d of %d sent · the journal already holds the old values", r.done, r.total)),
	}
}

func (m *Model) resultsHeader() []string {
	s := m.common.Styles
	r := m.results
	title := "Results: "
	if r.kind == kindUndo {
		title = "Undo results: "
	}
	sum := s.Good.Render(r.summary())
	if len(r.failed()) > 0 {
		sum = s.Warn.Render(r.summary())
	}
	return []string{
		s.Title.Render(title + countVersions(len(r.order)) + " of " + safe.Line(m.project.Key())),
		sum,
		s.Muted.Render(common.Cut("journal: "+strings.Join(r.journal, ", "), m.width)),
		"",
	}
}

func (m *Model) resultsFooter() []string {
	s := m.common.Styles
	var parts []string
	if n := len(m.results.failed()); n > 0 {
		parts = append(parts, fmt.Sprintf("r retries the %d that did not end as intended", n))
	}
	if m.canUndo() {
		parts = append(parts, "u undoes this edit")
	}
	parts = append(parts, "esc back to the list")
	out := []string{s.Muted.Render(strings.Join(parts, " · "))}
	if m.notice != "" {
		out = append(out, m.noticeLine())
	}
	return out
}

// sentence capitalises s.
func sentence(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
