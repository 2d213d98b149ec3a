package account

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"rdash/api"
	"rdash/internal/safe"
	"rdash/ui/common"
)

// labelWidth is the width of the labels' column.
const labelWidth = 16

// View implements common.Screen.
func (m *Model) View() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	s := m.common.Styles
	blocks := []string{s.Title.Render(common.Cut("Account on "+m.host(), m.width))}
	switch {
	case !m.loaded && m.loadErr != nil:
		blocks = append(blocks, m.para(s.Bad, "✗ "+common.Describe(m.loadErr).Text()))
	case !m.loaded:
		blocks = append(blocks, s.Muted.Render("Loading…"))
	case !m.account.SignedIn:
		blocks = append(blocks, m.signedOutView()...)
	default:
		blocks = append(blocks, m.table())
		blocks = append(blocks, m.notes()...)
	}
	out := strings.Join(blocks, "\n\n")
	if strings.Count(out, "\n") >= m.height {
		out = strings.Join(blocks, "\n")
	}
	return common.Clip(out, m.width, m.height)
}

// host is the service host, from the session once loaded, else from the
// configured base URL.
func (m *Model) host() string {
	if m.account.Host != "" {
		return safe.Line(m.account.Host)
	}
	if m.common.Config != nil {
		if u, err := url.Parse(m.common.Config.BaseURL); err == nil && u.Host != "" {
			return safe.Line(u.Host)
		}
	}
	return "the service"
}

func (m *Model) table() string {
	a := m.account
	label, who := m.who()
	rows := [][2]string{
		{label, who},
		{"Server", m.server()},
		{"Scopes", m.scopes()},
		{"Token expires", m.expiry()},
		{"Token stored in", safe.Line(a.Storage())},
	}
	var out []string
	for _, r := range rows {
		out = append(out, m.row(r[0], r[1]))
	}
	return strings.Join(out, "\n")
}

// row is a label and its value, wrapped under the value's column.
func (m *Model) row(label, value string) string {
	s := m.common.Styles
	if m.width < labelWidth+20 { // too narrow for columns: label above value
		return s.Label.Render(label) + "\n" + m.wrap(value, m.width)
	}
	lines := strings.Split(m.wrap(value, m.width-labelWidth), "\n")
	pad := strings.Repeat(" ", labelWidth)
	for i, l := range lines {
		if i == 0 {
			lines[i] = s.Label.Render(common.Fit(label, labelWidth)) + s.Value.Render(l)
			continue
		}
		lines[i] = pad + s.Value.Render(l)
	}
	return strings.Join(lines, "\n")
}

// who is the account and its label, as `rdash auth status` words them:
// the server's name ("Signed in as"); else the configured username, else
// the name given at sign-in, saying where it comes from and what the
// server showed of the token. One nothing the server answered showed it
// accepts is a token for an account, not verified, and why.
func (m *Model) who() (label, who string) {
	const signedIn, stored = "Signed in as", "Token for"
	a := m.account
	switch {
	case m.user != "":
		return signedIn, m.user
	case m.refused():
		return signedIn, "nobody: the server refused the token (it expired or was revoked)"
	case a.Verdict != "" && a.Unverified:
		return stored, m.named() + ", " + safe.Line(a.Verdict)
	case a.Verdict != "":
		return signedIn, m.named() + "; " + safe.Line(a.Verdict)
	case errors.Is(m.userErr, api.ErrForbidden): // not checked; the token is accepted
		return signedIn, m.named() + "; the server does not say whose the token is, but accepted it on GET /users/@me"
	case m.silent():
		return stored, m.named() + ", not verified: this server does not say who is signed in"
	}
	return stored, m.named() + ", not verified: the server did not say who is signed in (" +
		strings.TrimSuffix(common.Describe(m.userErr).Sentence, ".") + ")"
}

// named is the account the token is for, when the server does not say,
// and who named it.
func (m *Model) named() string {
	switch {
	case m.common.Config != nil && m.common.Config.Username != "":
		return safe.Line(m.common.Config.Username) + " (from the config)"
	case m.account.Name != "":
		return safe.Line(m.account.Name) + " (the name given at sign-in)"
	}
	return "an account no one named (set username in the config, or RDASH_USERNAME)"
}

// verified reports that the server named the user, or showed it accepts
// the token.
func (m *Model) verified() bool {
	a := m.account
	return m.user != "" || (a.Verdict != "" && !a.Unverified) || errors.Is(m.userErr, api.ErrForbidden)
}

// silent reports that the server has no "who am I" (a 404): it follows
// the interface document, which has none, rather than failing.
func (m *Model) silent() bool { return errors.Is(m.userErr, api.ErrNotFound) }

func (m *Model) server() string {
	a := m.account
	if a.Server == "" || a.Server == a.Host {
		return safe.Line(a.Host)
	}
	return safe.Line(a.Server)
}

func (m *Model) scopes() string {
	if len(m.account.Scopes) == 0 {
		return "not known"
	}
	return safe.Line(strings.Join(m.account.Scopes, ", "))
}

func (m *Model) expiry() string {
	e := m.account.Expiry
	if e.IsZero() {
		return "not known"
	}
	d := e.Sub(m.common.Now())
	if d <= 0 {
		return common.Date(e) + " (expired " + common.Ago(e, m.common.Now()) + "; renewed on the next request)"
	}
	return common.Date(e) + " (in " + until(d) + ")"
}

// until says how long until an expiry, coarsely: "45m", "3h", "2d".
func until(d time.Duration) string {
	switch {
	case d < time.Minute:
		return "under a minute"
	case d < time.Hour:
		return fmt.Sprintf("%dm", int(d/time.Minute))
	case d < 48*time.Hour:
		return fmt.Sprintf("%dh", int(d/time.Hour))
	}
	return fmt.Sprintf("%dd", int(d/(24*time.Hour)))
}

// notes are the sign-out question, what a sign-out did, and hints.
func (m *Model) notes() []string {
	s := m.common.Styles
	var b []string
	if m.outErr != "" {
		b = append(b, m.para(s.Bad, "✗ "+m.outErr))
	}
	switch {
	case m.confirming:
		b = append(b, m.question())
	case m.signedOut && m.common.Session.EnvToken():
		b = append(b, m.wrap(m.removedText()+" RDASH_TOKEN is still set and signs rdash in until you unset it.", m.width))
	case m.refused() && m.canSignIn():
		b = append(b, m.para(s.Muted, "Press enter to sign in again."))
	case m.silent() && !m.verified():
		b = append(b, m.para(s.Muted, "The server cannot be asked who is signed in, so rdash shows the name it was "+
			"given, and whether it still accepts the token shows only when rdash next uses it."))
	}
	return b
}

func (m *Model) question() string {
	s := m.common.Styles
	what := "This removes the token from the keyring and from the plain-text file."
	switch {
	case m.account.Memory:
		what = "The demo's token is only in memory: rdash forgets it."
	case m.common.Session.EnvToken():
		what = "This removes any stored token; RDASH_TOKEN stays set and keeps rdash signed in."
	}
	return m.para(s.Warn, "Sign out of "+m.host()+"? "+what) + "\n" +
		s.Muted.Render("y sign out · n no (the default)")
}

func (m *Model) signedOutView() []string {
	s := m.common.Styles
	b := []string{m.para(s.Bold, "Not signed in to "+m.host()+".")}
	if m.signedOut {
		b = append(b, m.wrap(m.removedText(), m.width))
	}
	if m.outErr != "" {
		b = append(b, m.para(s.Bad, "✗ "+m.outErr))
	}
	if m.canSignIn() {
		b = append(b, s.Muted.Render("Press enter to sign in."))
	}
	return b
}

// removedText says what the sign-out removed.
func (m *Model) removedText() string {
	if m.account.Memory {
		return "Signed out: the demo's token was only in memory and is forgotten."
	}
	if len(m.removed) == 0 {
		return "Signed out: no stored token was found to remove."
	}
	var places []string
	for _, l := range m.removed {
		places = append(places, safe.Line(l.String()))
	}
	return "Signed out: removed the token from " + strings.Join(places, " and ") + "."
}

// nbHyphen stands for each hyphen while text is wrapped: ansi.Wrap breaks
// at every hyphen, which would cut a name or a path (GET
// /orgs/rdash-token-check/invitations) that fits a line of its own.
const nbHyphen = "\u2011"

// wrap breaks text at width w, at spaces (a word wider than the line
// where the line ends), without the spaces a wrap leaves at the ends of
// lines.
func (m *Model) wrap(text string, w int) string {
	guard := !strings.Contains(text, nbHyphen) // else a hyphen of its own would come back as "-"
	if guard {
		text = strings.ReplaceAll(text, "-", nbHyphen)
	}
	text = ansi.Wrap(text, max(w, 1), "")
	if guard {
		text = strings.ReplaceAll(text, nbHyphen, "-")
	}
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}

// para is text wrapped at the screen's width, each line styled on its
// own: styling the block would pad every line to the longest.
func (m *Model) para(st lipgloss.Style, text string) string {
	lines := strings.Split(m.wrap(text, m.width), "\n")
	for i, l := range lines {
		lines[i] = st.Render(l)
	}
	return strings.Join(lines, "\n")
}
