package detail

import (
	"strings"

	"charm.land/bubbles/v2/viewport"

	"rdash/internal/safe"
	"rdash/ui/common"
)

// headerHeight is the title line and the rule under it.
const headerHeight = 2

// SetSize implements common.Screen. The old rendering stays, cut to fit,
// until the tea.WindowSizeMsg that follows asks for one at the new width.
func (m *Model) SetSize(w, h int) {
	m.width, m.height = w, h
	m.layout()
}

// layout sizes the panes and fills them from the kept rendering and the
// version's data. It runs on resize and when content arrives, not per frame.
func (m *Model) layout() {
	h := max(m.height-headerHeight, 1)
	if m.sideBySide() {
		m.changelog.SetWidth(m.width - infoWidth - 3)
		m.changelog.SetHeight(h)
		m.changelog.SetContent(m.changelogText())
		m.info.SetWidth(infoWidth)
		m.info.SetHeight(h)
		m.info.SetContent(m.infoText(infoWidth))
		return
	}
	m.focus = paneChangelog
	m.changelog.SetWidth(m.width)
	m.changelog.SetHeight(h)
	m.changelog.SetContent(m.changelogText() + "\n\n" + m.infoText(m.width))
}

// show puts a rendering on screen.
func (m *Model) show(out string) {
	m.rendered = out
	m.layout()
}

// changelogText is the rendering cut to the pane, or a placeholder.
func (m *Model) changelogText() string {
	s := m.common.Styles
	switch {
	case m.source == "":
		return s.Muted.Render("  No changelog.")
	case m.rendered == "":
		return s.Muted.Render("  Rendering the changelog…")
	}
	w := m.changelogWidth()
	lines := strings.Split(m.rendered, "\n")
	for i, l := range lines {
		lines[i] = common.Cut(l, w)
	}
	return strings.Join(lines, "\n")
}

// infoLine is where the info starts in the narrow layout's single pane.
func (m *Model) infoLine() int {
	return strings.Count(m.changelogText(), "\n") + 2
}

// focused is the pane the scroll keys move.
func (m *Model) focused() *viewport.Model {
	if m.focus == paneInfo && m.sideBySide() {
		return &m.info
	}
	return &m.changelog
}

// View implements common.Screen.
func (m *Model) View() string {
	if m.width == 0 {
		return ""
	}
	s := m.common.Styles
	title := s.Title.Render(safe.Line(m.version.Version)) + "  " + s.Bold.Render(safe.Line(m.version.Name))
	ch := channelName(m.version)
	right := s.Channel(ch).Render(ch) + s.Muted.Render(" · "+common.Count(m.version.Downloads)+" downloads")
	lines := []string{common.Spread(title, right, m.width), s.Muted.Render(strings.Repeat("─", m.width))}
	body := m.changelog.View()
	if m.sideBySide() {
		body = m.joinPanes()
	}
	return common.Clip(strings.Join(lines, "\n")+"\n"+body, m.width, m.height)
}

// joinPanes puts the changelog and the info side by side, line by line,
// each cut to its pane.
func (m *Model) joinPanes() string {
	s := m.common.Styles
	left := strings.Split(m.changelog.View(), "\n")
	right := strings.Split(m.info.View(), "\n")
	lw := m.width - infoWidth - 3
	sep := s.Muted.Render(" │ ")
	if m.focus == paneInfo {
		sep = s.Accent.Render(" │ ")
	}
	out := make([]string, max(len(left), len(right)))
	for i := range out {
		var l, r string
		if i < len(left) {
			l = left[i]
		}
		if i < len(right) {
			r = right[i]
		}
		out[i] = common.Fit(l, lw) + sep + common.Cut(r, infoWidth)
	}
	return strings.Join(out, "\n")
}
