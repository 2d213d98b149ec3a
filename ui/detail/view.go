package detail

import (
	"slices"
	"strings"

	"github.com/charmbracelet/x/ansi"

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
	m.shortened = false // the texts below say again whether a link was
	m.changelog.SetWidth(m.width)
	if m.twoPanes() {
		grid := m.infoGrid()
		bh := min(len(grid), max(h/2, 1))
		m.info.SetWidth(m.width)
		m.info.SetHeight(bh)
		m.info.SetContent(strings.Join(grid, "\n"))
		if len(grid) <= bh { // nothing of the info to scroll
			m.focus = paneChangelog
		}
		m.changelog.SetHeight(max(h-bh-1, 1))
		m.changelog.SetContent(m.changelogText())
		return
	}
	m.focus = paneChangelog
	m.changelog.SetHeight(h)
	m.changelog.SetContent(m.changelogText() + "\n\n" + m.infoText(m.width))
}

// infoGrid lays the info pane out in columns, each section whole and in
// order, so no column starts headless: the fields, FILES and
// DEPENDENCIES side by side where the width holds them at least
// infoWidth wide each, else the fields beside FILES over DEPENDENCIES.
// The fields take the width they need (beside one column, up to what
// leaves it infoWidth); the sections share the rest by the width their
// lines want, so that a link fits whole where it can.
func (m *Model) infoGrid() []string {
	gap := len(infoGap)
	metaW := widest(m.metaLines(m.width))
	if m.width-metaW-2*gap < 2*infoWidth {
		metaW = max(min(metaW, m.width-gap-infoWidth), infoWidth)
		rest := m.width - metaW - gap
		return grid([][]string{m.metaLines(metaW), m.stacked(rest)}, []int{metaW, rest}, m.width)
	}
	rest := m.width - metaW - gap
	files, deps := widest(m.filesSection(m.width)), widest(m.depsSection(m.width))
	rest -= gap
	fw := files + max(rest-files-deps, 0)
	if files+deps > rest {
		fw = max(infoWidth, rest*files/(files+deps))
		fw = min(fw, rest-infoWidth)
	}
	cols := [][]string{m.metaLines(metaW), m.filesSection(fw), m.depsSection(rest - fw)}
	return grid(cols, []int{metaW, fw, rest - fw}, m.width)
}

// stacked is FILES over DEPENDENCIES, w wide.
func (m *Model) stacked(w int) []string {
	return slices.Concat(m.filesSection(w), []string{""}, m.depsSection(w))
}

// grid sets cols side by side, each widths[i] wide, in lines of at most
// width cells.
func grid(cols [][]string, widths []int, width int) []string {
	rows := 0
	for _, c := range cols {
		rows = max(rows, len(c))
	}
	out := make([]string, rows)
	for r := range out {
		cells := make([]string, len(cols))
		for i, c := range cols {
			cell := ""
			if r < len(c) {
				cell = c[r]
			}
			cells[i] = common.Fit(cell, widths[i])
		}
		out[r] = common.Cut(strings.TrimRight(strings.Join(cells, infoGap), " "), width)
	}
	return out
}

// widest is the width of the widest of lines.
func widest(lines []string) int {
	w := 0
	for _, l := range lines {
		w = max(w, ansi.StringWidth(l))
	}
	return w
}

// infoGap separates the info's columns.
const infoGap = "   "

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
	if m.focus == paneInfo && m.twoPanes() {
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
	right := s.Channel(ch).Render(ch) + s.Muted.Render(" · "+common.Plural(m.version.Downloads, "download"))
	lines := []string{common.Spread(title, right, m.width), s.Muted.Render(strings.Repeat("─", m.width))}
	body := m.changelog.View()
	if m.twoPanes() {
		rule := s.Muted
		if m.focus == paneInfo {
			rule = s.Accent
		}
		body = m.info.View() + "\n" + rule.Render(strings.Repeat("─", m.width)) + "\n" + body
	}
	return common.Clip(strings.Join(lines, "\n")+"\n"+body, m.width, m.height)
}
