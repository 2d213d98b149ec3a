package detail

import (
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

// infoGrid flows the info pane's lines into as many columns, at least
// infoWidth wide, as the width holds, down each column in turn. The
// columns share the width, so that a link fits whole more often.
func (m *Model) infoGrid() []string {
	n := max((m.width+len(infoGap))/(infoWidth+len(infoGap)), 1)
	colW := max((m.width+len(infoGap))/n-len(infoGap), infoWidth)
	lines := strings.Split(strings.TrimRight(m.infoText(colW), "\n"), "\n")
	cols := flow(lines, n)
	rows := 0
	for _, col := range cols {
		rows = max(rows, len(col))
	}
	grid := make([]string, rows)
	for r := range grid {
		cells := make([]string, 0, len(cols))
		for _, col := range cols {
			if r < len(col) {
				cells = append(cells, common.Fit(col[r], colW))
			} else {
				cells = append(cells, strings.Repeat(" ", colW))
			}
		}
		grid[r] = common.Cut(strings.TrimRight(strings.Join(cells, infoGap), " "), m.width)
	}
	return grid
}

// flow cuts lines into at most n columns, as short as it can.
func flow(lines []string, n int) [][]string {
	for rows := (len(lines) + n - 1) / n; ; rows++ {
		if cols := split(lines, rows); len(cols) <= n {
			return cols
		}
	}
}

// split cuts lines into columns of at most rows lines. A column ends at a
// blank line in its lower half when there is one, so a section (FILES,
// DEPENDENCIES) starts a column rather than being cut; blank lines do not
// start a column.
func split(lines []string, rows int) [][]string {
	var cols [][]string
	for len(lines) > 0 {
		for len(lines) > 0 && blank(lines[0]) {
			lines = lines[1:]
		}
		n := min(rows, len(lines))
		if n < len(lines) {
			for k := n; k > rows/2; k-- {
				if blank(lines[k]) {
					n = k
					break
				}
			}
		}
		if n > 0 {
			cols = append(cols, lines[:n])
		}
		lines = lines[n:]
	}
	if len(cols) == 0 {
		return [][]string{nil}
	}
	return cols
}

func blank(line string) bool { return strings.TrimSpace(ansi.Strip(line)) == "" }

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
