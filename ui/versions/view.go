package versions

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"rdash/ui/common"
)

// chrome is the lines around the table, rendered after each Update.
type chrome struct{ top, bottom string }

// renderChrome renders the filter bar and the counts line for View.
func (m *Model) renderChrome() {
	m.chrome = chrome{top: common.Cut(m.filterBar(), m.width), bottom: common.Cut(m.infoLine(), m.width)}
}

// View implements common.Screen: the filter bar, the table (or the channel
// picker), and a line of counts. Every line fits the width.
func (m *Model) View() string {
	var b strings.Builder
	b.WriteString(m.chrome.top)
	b.WriteByte('\n')
	switch {
	case m.mode == modeChannels:
		b.WriteString(common.Clip(m.channelsView(), m.width, m.tableHeight()))
	case m.table.Len() == 0:
		b.WriteString(common.Clip(m.emptyView(), m.width, m.tableHeight()))
	default:
		b.WriteString(m.table.View(m.isMarked))
	}
	b.WriteByte('\n')
	b.WriteString(m.chrome.bottom)
	return b.String()
}

func (m *Model) isMarked(row int) bool { return m.marks.has(m.versionAt(row).ID) }

// filterBar shows the filters in force, or the field being edited.
func (m *Model) filterBar() string {
	s := m.common.Styles
	switch m.mode {
	case modeSearch:
		return m.search.View()
	case modeGame:
		return m.game.input.View()
	}
	if m.filter.Empty() {
		return s.Muted.Render(m.hints())
	}
	var parts []string
	if len(m.filter.Channels) > 0 {
		parts = append(parts, s.Label.Render("channel: ")+s.Value.Render(strings.Join(m.filter.Channels, ", ")))
	}
	if len(m.filter.Game) > 0 {
		parts = append(parts, s.Label.Render("game: ")+s.Value.Render(strings.Join(m.filter.Game, ", ")))
	}
	if m.filter.Search != "" {
		parts = append(parts, s.Label.Render("search: ")+s.Value.Render("“"+m.filter.Search+"”"))
	}
	return strings.Join(parts, s.Muted.Render(" · ")) + s.Muted.Render("  (F clears)")
}

// hints is the filter bar when nothing is filtered: the keys that filter
// and sort.
func (m *Model) hints() string {
	return wholeHints("all versions", m.width, "/ search", "c channels", "v game versions", "s sort")
}

// wholeHints is lead followed by as many of hints as fit in width, each
// whole (a hint cut mid-word reads as another), joined by " · ".
func wholeHints(lead string, width int, hints ...string) string {
	line := lead
	for _, h := range hints {
		next := h
		if line != "" {
			next = line + " · " + h
		}
		if ansi.StringWidth(next) > width {
			break
		}
		line = next
	}
	return line
}

// infoLine counts what is loaded and marked; while game versions are
// typed it lists the completions instead.
func (m *Model) infoLine() string {
	s := m.common.Styles
	if m.mode == modeGame {
		sug := m.game.suggestions(&m.seen)
		if len(sug) == 0 {
			return s.Muted.Render("no seen game version matches; enter applies what is typed")
		}
		return s.Muted.Render("tab: ") + strings.Join(sug, "  ")
	}
	if m.all != nil {
		return s.Muted.Render(m.sortingText()) + m.marksText()
	}
	if m.versions.len() == 0 && (m.loading > 0 || m.failed) { // the count so far is another filter's
		return s.Muted.Render("none loaded yet") + m.marksText()
	}
	order := "server order"
	if !m.sort.server() {
		order = "sort: " + m.sort.String()
	}
	left := m.countText() + " · page " + fmt.Sprint(m.page) + " · " + order
	return s.Muted.Render(left) + m.marksText()
}

// sortingText is the progress of a sort's load: "sorting: 600 of 1,500
// loaded, then by downloads ↓ · esc cancels".
func (m *Model) sortingText() string {
	n, of := m.versions.len(), ""
	switch {
	case m.all.replace && m.all.Applied() == 0:
		n = 0 // the rows on screen are the old filter's
	case m.total >= 0:
		of = " of " + common.Count(int64(m.total))
	}
	return "sorting: " + common.Count(int64(n)) + of + " loaded, then by " + m.all.want.String() + " · esc cancels"
}

// countText is "42 of 1,500" when the server gave a total. Without one
// it claims no count: "42 loaded, more may follow" until a page shows
// the end (api.Paging), then "42 loaded, no more".
func (m *Model) countText() string {
	n := common.Count(int64(m.versions.len()))
	switch {
	case m.total >= 0:
		return n + " of " + common.Count(int64(m.total))
	case m.page == 0:
		return n + " loaded"
	case m.next > 0:
		return n + " loaded, more may follow"
	}
	return n + " loaded, no more"
}

// marksText says how many versions are marked and how many of those the
// filter hides, so a bulk action never surprises.
func (m *Model) marksText() string {
	n := m.marks.len()
	if n == 0 {
		return ""
	}
	s := m.common.Styles
	text := fmt.Sprintf(" · %d marked", n)
	if h := m.HiddenMarked(); h > 0 {
		return s.Mark.Render(text) + s.Warn.Render(fmt.Sprintf(" (%d hidden by filter)", h))
	}
	return s.Mark.Render(text)
}

func (m *Model) emptyView() string {
	s := m.common.Styles
	switch {
	case m.loading > 0 || m.all != nil:
		return "\n  " + s.Muted.Render("Loading versions…")
	case m.failed: // not "no versions": nothing is known of them
		return "\n  " + s.Muted.Render("The versions could not be loaded. r tries again.")
	case m.filter.Empty():
		return "\n  " + s.Muted.Render("This project has no versions yet.")
	}
	return "\n  " + s.Muted.Render(m.noMatch()+" F clears the filter.")
}

// noMatch says what the empty list is empty of: "No version in channel
// lts.", naming the channels, since a channel typed that the project
// lacks lists nothing; "… matches the filter" when more is filtered.
func (m *Model) noMatch() string {
	f := m.filter
	if len(f.Channels) == 0 {
		return "No version matches the filter."
	}
	what := "channel "
	if len(f.Channels) > 1 {
		what = "channels "
	}
	what += strings.Join(f.Channels, ", ")
	if len(f.Game) > 0 || f.Search != "" {
		return "No version in " + what + " matches the filter."
	}
	return "No version in " + what + "."
}

// channelsView is the channel picker, drawn where the table was: the
// channels seen, those typed, and the field typing one.
func (m *Model) channelsView() string {
	s := m.common.Styles
	title := "  Show channels  "
	keys := wholeHints("", m.width-len(title), "space toggles", "o types another", "enter applies", "esc cancels")
	lines := []string{"", s.Section.Render(strings.TrimRight(title, " ")) + s.Muted.Render("  "+keys), ""}
	if len(m.channels.options) == 0 {
		lines = append(lines, s.Muted.Render("  No channels seen yet: o types one (slug or ID)."))
	}
	for i, o := range m.channels.options {
		box := "[ ] "
		if m.channels.selected[o.slug] {
			box = "[x] "
		}
		line := box + common.Fit(o.slug, 14) + " " + o.name
		if o.typed {
			line += s.Muted.Render("(typed; in no version loaded: the server judges it)")
		}
		gutter := "  "
		if i == m.channels.cursor {
			line, gutter = s.Cursor.Render(line), s.Pointer()
		}
		lines = append(lines, gutter+line)
	}
	if m.channels.typing() {
		lines = append(lines, "", "  "+m.channels.other.View())
	}
	return strings.Join(lines, "\n")
}

// plural is n and the noun that goes with it: "1 mark", "2 marks".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return common.Count(int64(n)) + " " + many
}
