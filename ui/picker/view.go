package picker

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"rdash/ui/common"
)

// listHeight is how many lines the list gets: the filter and a blank line
// above it, the note below it.
func (m *Model) listHeight() int { return max(m.height-2-max(len(m.noteLines()), 1), 1) }

// noteLines is the note on why the user's projects are not listed.
func (m *Model) noteLines() []string {
	if m.mineNote == "" {
		return nil
	}
	return m.wrapped(m.mineNote)
}

// wrapped is text wrapped to the width, indented and muted: the notes
// say what to do instead, which a cut line would hide.
func (m *Model) wrapped(text string) []string {
	lines := strings.Split(ansi.Wrap(text, max(m.width-4, 10), ""), "\n")
	for i, l := range lines {
		lines[i] = "  " + m.common.Styles.Muted.Render(strings.TrimRight(l, " "))
	}
	return lines
}

// lines renders the list with its section titles, and says on which line
// the cursor is.
func (m *Model) lines() (lines []string, cursorLine int) {
	s := m.common.Styles
	last := section(-1)
	for i, it := range m.items {
		if it.section != last {
			last = it.section
			lines = append(lines, s.Section.Render(sectionTitles[it.section]))
		}
		if i == m.cursor {
			cursorLine = len(lines)
		}
		lines = append(lines, m.itemLine(it, i == m.cursor))
	}
	return lines, cursorLine
}

// itemLine is one project: pin, slug, name and owner or summary.
func (m *Model) itemLine(it item, selected bool) string {
	s := m.common.Styles
	pin := "  "
	if it.pinned {
		pin = "★ "
	}
	label := it.ref.Key()
	if it.section == sectionTyped {
		label = "open “" + label + "” by slug or ID"
	}
	rest := it.ref.Name
	if it.owner != "" {
		rest += " · " + it.owner
	}
	if it.summary != "" {
		rest += " — " + it.summary
	}
	slugW := min(max(24, ansi.StringWidth(label)+2), m.width-4)
	if selected {
		line := common.Fit(pin+common.Fit(label, slugW)+rest, m.width-2)
		return s.Pointer() + s.Cursor.Render(line)
	}
	return "  " + pin + s.Bold.Render(common.Fit(label, slugW)) + s.Muted.Render(common.Cut(rest, max(m.width-slugW-6, 0)))
}

// clampScroll keeps the cursor's line on screen.
func (m *Model) clampScroll() {
	if m.height == 0 {
		return
	}
	lines, cl := m.lines()
	h := m.listHeight()
	switch {
	case cl < m.offset:
		m.offset = max(cl-1, 0) // keep the section title in view
	case cl >= m.offset+h:
		m.offset = cl - h + 1
	}
	// Never scrolled past what is needed: when the window grows (an early
	// SetSize(0, 1) scrolls by one line), the first section's title comes
	// back instead of staying hidden above the top.
	m.offset = max(0, min(m.offset, len(lines)-h))
}

// emptyText is what an empty list says. "No projects yet" only when the
// server said so: when it did not list them, the note says why.
func (m *Model) emptyText() string {
	if m.mineNote != "" {
		return "Nothing pinned or recent yet. Press / and type a project's slug or ID to open it."
	}
	return "No projects yet. Press / and type a project's slug or ID to open it."
}

// View implements common.Screen.
func (m *Model) View() string {
	out := []string{" " + m.filter.View(), ""}
	lines, _ := m.lines()
	if len(lines) == 0 && m.mineLoaded {
		lines = m.wrapped(m.emptyText())
	}
	end := min(m.offset+m.listHeight(), len(lines))
	if m.offset < end {
		out = append(out, lines[m.offset:end]...)
	}
	note := m.noteLines()
	for len(out) < m.height-max(len(note), 1) {
		out = append(out, "")
	}
	out = append(out, note...)
	return common.Clip(strings.Join(out, "\n"), m.width, m.height)
}
