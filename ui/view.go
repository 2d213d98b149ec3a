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
		right = s.User.Render("@" + m.user)
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

// footerView is one line of the keys that work now. The global keys stay
// at the right; the screen's keys give way (with "…") when it is narrow.
func (m *Model) footerView() string {
	screen, global := m.shortHelp()
	right := m.help.ShortHelpView(global)
	room := m.width - ansi.StringWidth(right)
	if len(global) > 0 && len(screen) > 0 {
		room -= ansi.StringWidth(m.help.ShortSeparator)
	}
	h := m.help
	h.SetWidth(max(room, 0))
	// help can overrun its width when even "…" does not fit; cut it so the
	// global keys (? help, q quit) always stay visible.
	left := common.Cut(h.ShortHelpView(screen), max(room, 0))
	switch {
	case left == "":
		return common.Cut(right, m.width)
	case right == "":
		return common.Cut(left, m.width)
	}
	sep := m.help.Styles.ShortSeparator.Render(m.help.ShortSeparator)
	return common.Cut(left+sep+right, m.width)
}

// shortHelp is the focused screen's keys and the global ones.
func (m *Model) shortHelp() (screen, global []key.Binding) {
	k := m.common.Keys
	top := m.top()
	switch {
	case m.panel != nil:
		return m.panelHelp(), nil
	case m.showHelp:
		closeHelp := key.NewBinding(key.WithKeys("esc"), key.WithHelp("any key", "close help"))
		if _, h := m.bodySize(); m.helpLines() > h {
			scroll := key.NewBinding(key.WithKeys("up", "down"), key.WithHelp("↑/↓", "scroll"))
			closeHelp.SetHelp("other keys", "close")
			return nil, []key.Binding{scroll, closeHelp, k.Quit}
		}
		return nil, []key.Binding{closeHelp, k.Quit}
	case top == nil:
		return nil, []key.Binding{k.Quit}
	case top.Capturing():
		return top.ShortHelp(), nil
	}
	if m.retry != nil {
		global = append(global, k.Retry)
	}
	screen = top.ShortHelp()
	if len(m.stack) > 1 && !bindsEsc(screen) { // a screen's own esc (a sort's load: cancel) wins
		global = append(global, k.Back)
	}
	return screen, append(global, k.Help, k.Quit)
}

// bindsEsc reports that one of bs is esc, with a meaning of its screen's.
func bindsEsc(bs []key.Binding) bool {
	return slices.ContainsFunc(bs, func(b key.Binding) bool { return b.Enabled() && slices.Contains(b.Keys(), "esc") })
}

// fullHelpView is the ? overlay: the focused screen's key groups, then
// the global ones, in as many rows of columns as the width needs.
func (m *Model) fullHelpView() string {
	k := m.common.Keys
	var groups [][]key.Binding
	if top := m.top(); top != nil {
		groups = top.FullHelp()
	}
	global := []key.Binding{k.Help, k.Quit, k.ForceQuit}
	if len(m.stack) > 1 && !slices.ContainsFunc(groups, bindsEsc) {
		global = append([]key.Binding{k.Back}, global...)
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
