package signin

import (
	"net/url"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"rdash/internal/safe"
	"rdash/ui/common"
)

// View implements common.Screen: the blocks of the current phase, with
// blank lines between them when they fit.
func (m *Model) View() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	blocks := append([]string{m.heading()}, m.body()...)
	out := strings.Join(blocks, "\n\n")
	if strings.Count(out, "\n") >= m.height {
		out = strings.Join(blocks, "\n")
	}
	return common.Clip(out, m.width, m.height)
}

func (m *Model) heading() string {
	s := m.common.Styles
	h := s.Title.Render(common.Cut("Sign in to "+m.host(), m.width))
	if m.args.Context != "" {
		h += "\n" + m.para(s.Muted, "Signed out while "+safe.Line(m.args.Context)+": sign in to go on.")
	}
	return h
}

// host is the API's host, which the token is for.
func (m *Model) host() string {
	if m.common.Config != nil {
		if u, err := url.Parse(m.common.Config.BaseURL); err == nil && u.Host != "" {
			return safe.Line(u.Host)
		}
	}
	return "the service"
}

func (m *Model) body() []string {
	s := m.common.Styles
	switch m.phase {
	case phaseEnv:
		return []string{
			m.wrap("RDASH_TOKEN is set, and it overrides any stored token: a token from signing in here would be ignored."),
			m.para(s.Muted, "Unset RDASH_TOKEN and start rdash again to sign in, or set it to a valid token."),
		}
	case phaseStarting:
		return []string{s.Muted.Render("Starting the sign-in…")}
	case phaseWaiting, phaseExchanging:
		return m.waitingView()
	case phaseFinishing:
		return m.finishingView()
	case phaseDone:
		return []string{m.para(s.Good, "Signed in as "+safe.Line(m.account.Name)+"."),
			m.wrap("The token is stored in " + safe.Line(m.account.Storage()) + ".")}
	case phaseFailed:
		return []string{m.para(s.Bad, "✗ "+m.failure), s.Muted.Render("Press enter to start again with a new address.")}
	case phaseDeclined:
		return []string{
			s.Bold.Render("Not signed in."),
			m.wrap("No keyring is available here, and you chose not to store the token in plain text, so nothing was written."),
			m.para(s.Muted, "Press enter to be asked again, or esc to go back."),
		}
	}
	return nil
}

func (m *Model) waitingView() []string {
	s := m.common.Styles
	var b []string
	if m.asking() {
		b = append(b, m.question())
	}
	open := "Open this address in a browser on any machine and sign in (y copies it, over SSH too; u shows it on one line to select):"
	then := "Then paste the code the page shows, or the whole address the browser ended on:"
	if m.loopback {
		open = "Your browser should open this address; if it does not, open it yourself (y copies it; u shows it on one line):"
		then = "Waiting for the browser. Or paste the code, or the address the browser ended on:"
	}
	if m.asking() { // y answers the question now: the address's keys come after
		open = "Once you have answered, open this address in a browser on any machine and sign in:"
		if m.loopback {
			open = "Your browser should open this address; if it does not, open it yourself once you have answered:"
		}
	}
	step := m.wrap(open) + "\n" + m.urlView()
	if m.browserErr != "" {
		step += "\n" + m.para(s.Warn, "Could not open a browser ("+m.browserErr+"); open the address yourself.")
	}
	field := m.input.View()
	if m.phase == phaseExchanging {
		field = s.Muted.Render("Checking the code…")
	}
	paste := m.wrap(then) + "\n" + common.Cut(field, m.width)
	if m.pasteErr != "" {
		paste += "\n" + m.para(s.Bad, "✗ "+m.pasteErr)
	}
	return append(b, step, paste)
}

func (m *Model) finishingView() []string {
	s := m.common.Styles
	b := []string{s.Good.Render("Signed in at the account service.")}
	switch {
	case m.asking():
		b = append(b, m.question())
	case m.storage == storageChecking:
		b = append(b, s.Muted.Render("Asking the keyring where to keep the token…"))
	default:
		b = append(b, s.Muted.Render("Saving the sign-in…"))
	}
	return b
}

// question is the plain-text consent, asked before anything is written.
func (m *Model) question() string {
	s := m.common.Styles
	return m.para(s.Warn, "! "+safe.Text(m.notice.String())) + "\n" +
		s.Bold.Render("Store it there?") + " " + s.Muted.Render("y yes · n no (the default)")
}

// urlView is the authorize URL cut into lines of the full width, with no
// indent, so selecting it with the mouse copies nothing else. Each line
// links to the whole URL where the terminal supports OSC 8.
//
// The URL is not drawn as one overflowing line: the renderer draws cells
// into a screen of the window's width and drops what lies beyond, so an
// overflowing line would lose its end, not wrap. Instead the screen has
// three ways to take the URL whole: the OSC 8 link on every line, y (see
// clipboard.Copy), and u, which hands the terminal back for a moment and
// prints the URL on a line of its own (oneLine), where the terminal wraps
// it softly and a selection copies it without line breaks.
func (m *Model) urlView() string {
	s := m.common.Styles
	lines := strings.Split(ansi.Hardwrap(m.url, max(m.width, 1), true), "\n")
	for i, l := range lines {
		lines[i] = ansi.SetHyperlink(m.url) + s.Accent.Render(l) + ansi.ResetHyperlink()
	}
	return strings.Join(lines, "\n")
}

// wrap breaks text at the screen's width.
func (m *Model) wrap(text string) string { return m.para(lipgloss.NewStyle(), text) }

// para breaks text at the screen's width and styles each line on its own:
// styling the block would pad every line to the longest.
func (m *Model) para(st lipgloss.Style, text string) string {
	lines := strings.Split(ansi.Wrap(text, max(m.width, 1), ""), "\n")
	for i, l := range lines {
		lines[i] = st.Render(strings.TrimRight(l, " "))
	}
	return strings.Join(lines, "\n")
}
