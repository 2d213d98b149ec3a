package ui

import (
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"rdash/ui/common"
)

// View draws the header, the focused screen (or the error panel, or the
// full help), the status line and the help footer. It only assembles what
// the screens render; no line is wider than the terminal.
func (m *Model) View() tea.View {
	v := tea.NewView(m.render())
	v.AltScreen = true
	v.WindowTitle = "rdash"
	if m.common.Config.Mouse {
		v.MouseMode = tea.MouseModeCellMotion
	}
	return v
}

func (m *Model) render() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	w, h := m.bodySize()
	parts := []string{m.headerView(), m.clipBody(m.bodyView(w, h), w, h), m.status.View(), m.footerView()}
	if m.height < chromeHeight+1 { // too short for everything: the body wins
		return common.Clip(parts[1], m.width, m.height)
	}
	return strings.Join(parts, "\n")
}

// clipBody holds a screen to its box whatever it renders: measuring every
// line is the costliest part of a frame, so the last result is kept for
// frames where only the status line changed.
func (m *Model) clipBody(body string, w, h int) string {
	if body != m.bodyIn || w != m.bodyW || h != m.bodyH {
		m.bodyIn, m.bodyW, m.bodyH = body, w, h
		m.bodyOut = common.Clip(body, w, h)
	}
	return m.bodyOut
}

func (m *Model) bodyView(w, h int) string {
	switch {
	case m.panel != nil:
		return m.panelView(w, h)
	case m.showHelp:
		return m.helpWindow(h)
	case m.top() != nil:
		return m.top().View()
	}
	return ""
}

// headerView is the breadcrumb of the stack and who is signed in. When it
// does not fit, the oldest crumbs give way first.
func (m *Model) headerView() string {
	s := m.common.Styles
	crumbs := []string{s.Header.Render("rdash")}
	for i, f := range m.stack {
		st := s.HeaderDim
		if i == len(m.stack)-1 {
			st = s.Title
		}
		crumbs = append(crumbs, st.Render(f.s.Title()))
	}
	left := strings.Join(crumbs, s.HeaderDim.Render(" › "))
	right := ""
	if m.user != "" {
		right = s.User.Render(m.userLabel(ansi.StringWidth(left)))
	}
	room := m.width - ansi.StringWidth(right) - 1
	if right == "" {
		room = m.width
	}
	if over := ansi.StringWidth(left) - room; over > 0 {
		left = ansi.TruncateLeft(left, over+1, "…")
	}
	return common.Spread(left, right, m.width)
}

// footerView is one line of the keys that work now, most used first,
// ending with ? (help, or more when some were left out): common.Footer.
func (m *Model) footerView() string {
	if m.cmd != nil {
		return m.commandView()
	}
	hints, more := m.shortHelp()
	return common.Footer(m.help.Styles, m.width, hints, more)
}

// shortHelp is the footer's hints, most used first: a retry waiting for
// a sign-in, back, the focused screen's keys, then quit; and the key
// that opens the help: ?, or the field's help key where a field has the
// keys (common.FieldHelp); none over the panel or the help itself.
func (m *Model) shortHelp() (hints []key.Binding, more key.Binding) {
	k := m.common.Keys
	top := m.top()
	switch {
	case m.panel != nil:
		return m.panelHelp(), noHelp
	case m.showHelp:
		closeHelp := key.NewBinding(key.WithKeys("esc"), key.WithHelp("any key", "close help"))
		quit := k.Quit
		quit.SetEnabled(!m.capturing()) // over a field, q only closes the help
		if _, h := m.bodySize(); m.helpLines() > h {
			scroll := key.NewBinding(key.WithKeys("up", "down"), key.WithHelp("↑/↓", "scroll"))
			closeHelp.SetHelp("other keys", "close")
			return []key.Binding{scroll, closeHelp, quit}, noHelp
		}
		return []key.Binding{closeHelp, quit}, noHelp
	case top == nil:
		return []key.Binding{k.Quit}, noHelp
	case top.Capturing():
		return top.ShortHelp(), common.HelpKeyOf(top)
	}
	if m.retry != nil {
		hints = append(hints, k.Retry)
	}
	screen := top.ShortHelp()
	if len(m.stack) > 1 && !bindsEsc(screen) { // before the screen's: else a first-time user tries q, which quits; a screen's own esc (a sort's load: cancel) wins
		hints = append(hints, k.Back)
	}
	hints = append(hints, screen...)
	return append(hints, k.Quit), k.Help
}

// bindsEsc reports that one of bs is esc, with a meaning of its screen's.
func bindsEsc(bs []key.Binding) bool {
	return slices.ContainsFunc(bs, func(b key.Binding) bool { return b.Enabled() && slices.Contains(b.Keys(), "esc") })
}

// noHelp ends a footer where ? does not open the help.
var noHelp = key.NewBinding(key.WithDisabled())

// fullHelpView is the ? overlay: the focused screen's key groups, then
// the global ones, in as many rows of columns as the width needs.
func (m *Model) fullHelpView() string {
	k := m.common.Keys
	var groups [][]key.Binding
	if top := m.top(); top != nil {
		groups = top.FullHelp()
	}
	global := common.GlobalHelp(k, m.top(), groups, len(m.stack) > 1)
	if m.retry != nil && !m.capturing() { // the root takes r while a sign-in may let it run again
		global = append([]key.Binding{k.Retry}, global...)
	}
	groups = append(groups, global)
	h := m.help
	h.SetWidth(0) // rows are fitted here; the help bubble would cut columns
	var rows []string
	for len(groups) > 0 {
		n := len(groups)
		for n > 1 && ansi.StringWidth(firstLine(h.FullHelpView(groups[:n]))) > m.width-2 {
			n--
		}
		rows = append(rows, h.FullHelpView(groups[:n]))
		groups = groups[n:]
	}
	return "\n" + indent(strings.Join(rows, "\n\n"), "  ")
}

// helpLines is how many lines the ? overlay has.
func (m *Model) helpLines() int { return strings.Count(m.fullHelpView(), "\n") + 1 }

// helpWindow is the ? overlay in a body of h lines: all of it when it
// fits; else h-1 lines from helpTop (kept in range) and a last line that
// says where the window is, since the keys below would otherwise be cut
// with no sign of them (two columns of twelve at 40x12).
func (m *Model) helpWindow(h int) string {
	full := m.fullHelpView()
	lines := strings.Split(full, "\n")
	if len(lines) <= h {
		return full
	}
	page := max(h-1, 1)
	m.helpTop = max(0, min(m.helpTop, len(lines)-page))
	end := min(m.helpTop+page, len(lines))
	more := fmt.Sprintf("  lines %d–%d of %d", m.helpTop+1, end, len(lines))
	switch {
	case end < len(lines) && m.helpTop > 0:
		more = "  ↑↓ " + more[2:]
	case end < len(lines):
		more = "  ↓ more: " + more[2:]
	default:
		more = "  ↑ " + more[2:]
	}
	return strings.Join(append(lines[m.helpTop:end:end], m.common.Styles.Muted.Render(more)), "\n")
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

func indent(s, prefix string) string {
	return prefix + strings.ReplaceAll(s, "\n", "\n"+prefix)
}
