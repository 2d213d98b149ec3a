package invitations

import (
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"rdash/api"
	"rdash/ui/common"
)

// detailHeight is the lines under the list that explain the selection.
const detailHeight = 4

// View implements common.Screen: a title line, the organizations with
// their invitations, and under them what the selection allows (or the
// confirmation); tall forms take the whole screen.
func (m *Model) View() string {
	if m.dialog != nil && m.dialog.kind != confirmDialog {
		return m.formView()
	}
	out := append([]string{m.titleLine(), ""}, m.listView()...)
	out = append(out, m.bottom()...)
	return common.Clip(strings.Join(out, "\n"), m.width, m.height)
}

func (m *Model) titleLine() string {
	s := m.common.Styles
	right := "" // the header names a user the server knows
	if m.me.from != "" && m.me.from != "server" {
		right = fmt.Sprintf("you are %s (%s)", m.me.name(), m.me.from)
	}
	if right == "" {
		return s.Section.Render("ORGANIZATIONS")
	}
	return common.Spread(s.Section.Render("ORGANIZATIONS"), s.Muted.Render(right), m.width)
}

// listView is the visible part of the list, padded to its height.
func (m *Model) listView() []string {
	s := m.common.Styles
	lines, _ := m.lines()
	if len(lines) == 0 && m.projReady {
		text := "No organizations yet. The service shows an organization's invitations only to those who manage it, " +
			"so an invitation to you cannot be listed here: press o and type the organization's slug or ID, " +
			"or paste the invitation link (…/orgs/ORG/…). rdash remembers it for next time."
		if m.projNote != "" {
			text = m.projNote + "\n" + text
		}
		for _, l := range wrapAll(text, m.width) {
			lines = append(lines, s.Muted.Render(l))
		}
	}
	h := m.listHeight()
	end := min(m.offset+h, len(lines))
	var out []string
	if m.offset < end {
		out = append(out, lines[m.offset:end]...)
	}
	for len(out) < h {
		out = append(out, "")
	}
	return out
}

// bottom is the confirmation, the organization field, or the sentences
// about the selection.
func (m *Model) bottom() []string {
	s := m.common.Styles
	switch {
	case m.dialog != nil:
		return append([]string{""}, indent(m.dialog.form.View())...)
	case m.input.Focused():
		return []string{"", "  " + m.input.View(),
			s.Muted.Render(common.Cut("  Slug, ID or invitation link: the one that invited you, or one you manage.", m.width))}
	}
	return append([]string{""}, wrapped(m.detail(), m.width)...)
}

// bottomHeight is how many lines bottom takes, so the list gets the rest.
func (m *Model) bottomHeight() int {
	switch {
	case m.dialog != nil && m.dialog.kind == confirmDialog:
		return 1 + strings.Count(m.dialog.form.View(), "\n") + 1
	case m.input.Focused():
		return 3
	}
	return 1 + detailHeight
}

// listHeight is what the list gets: the body less the title, a blank
// line and the bottom.
func (m *Model) listHeight() int { return max(m.height-2-m.bottomHeight(), 1) }

// dialogSize is the room a form gets.
func (m *Model) dialogSize() (int, int) { return max(m.width-2, 10), max(m.height-2, 3) }

// formView is a tall form (invite, who are you) under its title.
func (m *Model) formView() string {
	s := m.common.Styles
	out := []string{s.Section.Render(m.dialog.title), ""}
	out = append(out, indent(m.dialog.form.View())...)
	return common.Clip(strings.Join(out, "\n"), m.width, m.height)
}

// lines renders every row (and the column titles above invitations), and
// says on which line the cursor is.
func (m *Model) lines() (lines []string, cursorLine int) {
	s := m.common.Styles
	for i, r := range m.rows {
		if r.inv != nil && (i == 0 || m.rows[i-1].inv == nil) {
			lines = append(lines, "  "+s.TableHeader.Render(m.invColumns("USERNAME", "NAME", "ROLE", "PERMISSIONS")))
		}
		if i == m.cursor {
			cursorLine = len(lines)
		}
		text := m.orgLine(r.org)
		if r.inv != nil {
			text = m.invLine(*r.inv)
		}
		if i == m.cursor {
			lines = append(lines, s.Accent.Render("› ")+s.Cursor.Render(common.Fit(ansi.Strip(text), m.width-2)))
			continue
		}
		lines = append(lines, "  "+text)
	}
	return lines, cursorLine
}

func (m *Model) orgLine(o *org) string {
	s := m.common.Styles
	summary, st := m.summary(o)
	line := s.Bold.Render(common.Fit(o.label(), 16)) + s.Muted.Render(common.Fit(o.name, 22)) + st.Render(summary)
	return common.Cut(line, m.width-2)
}

// summary is what the organization's line says about it.
func (m *Model) summary(o *org) (string, lipgloss.Style) {
	s := m.common.Styles
	switch {
	case o.answered != "":
		return "you " + o.answered + " its invitation", s.Good
	case o.access == accessUnknown:
		return "loading…", s.Muted
	case o.access == accessManage && len(o.invs) == 0:
		return "you manage invitations · none pending", s.Good
	case o.access == accessManage:
		return fmt.Sprintf("you manage invitations · %d pending", len(o.invs)), s.Good
	case o.access == accessDenied && o.hasYours:
		return "cannot manage invitations", s.Muted
	case o.access == accessDenied:
		return "you may have an invitation here", s.Warn
	case o.access == accessMissing:
		return "no such organization", s.Bad
	}
	return "could not load invitations", s.Bad
}

// invColumns lays out an invitation's cells; permissions get the rest.
func (m *Model) invColumns(user, name, role, perms string) string {
	return "  " + common.Fit(user, 14) + common.Fit(name, 20) + common.Fit(role, 14) +
		common.Cut(perms, max(m.width-2-50, 0))
}

func (m *Model) invLine(in api.Invitation) string {
	s := m.common.Styles
	return m.invColumns(in.Username, in.Name, roleText(in.MemberRole), s.Value.Render(permsText(in.Permissions)))
}

func roleText(r string) string {
	if r == "" {
		return "(no role)"
	}
	return r
}

func permsText(ps []api.Permission) string {
	if len(ps) == 0 {
		return "no permissions"
	}
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = permissionWord(p)
	}
	return strings.Join(names, ", ")
}

// detail says what the selected row is and what can be done with it, or
// what the last action on the organization did.
func (m *Model) detail() string {
	r, ok := m.selected()
	switch {
	case !ok:
		return ""
	case r.inv != nil:
		in := r.inv
		allowed := "allowed to " + permsText(in.Permissions)
		if len(in.Permissions) == 0 {
			allowed = "with no permissions"
		}
		return fmt.Sprintf("%s (%s) is invited to %s as %s, %s. x cancels this invitation.",
			in.Username, in.Name, r.org.label(), roleText(in.MemberRole), allowed)
	case r.org.outcome != "": // the keys are in the footer; the outcome needs the room
		return r.org.outcome
	}
	return orgDetail(r.org)
}

// orgDetail says what the user may do in o.
func orgDetail(o *org) string {
	name := o.label()
	switch {
	case o.answered != "":
		return fmt.Sprintf("You %s the invitation to %s.", o.answered, name)
	case o.access == accessUnknown && o.canAnswer():
		return fmt.Sprintf("Loading the invitations of %s…\nYou may have an invitation here: a accept · x reject", name)
	case o.access == accessUnknown:
		return fmt.Sprintf("Loading the invitations of %s…", name)
	case o.access == accessManage && len(o.invs) == 0:
		return fmt.Sprintf("%s has no pending invitations. n invites someone.", name)
	case o.access == accessManage:
		return fmt.Sprintf("You manage the invitations of %s: n invites someone; select an invitation to cancel it.", name)
	case o.access == accessDenied && o.hasYours:
		return o.note + " It holds one of your projects, so no answer is offered."
	case o.access == accessMissing:
		return o.note
	case o.access == accessFailed:
		return fmt.Sprintf("The invitations of %s could not be loaded: %s r retries.\nYou may have an invitation here: a accept · x reject", name, o.note)
	}
	return o.note + "\nYou may have an invitation here: a accept · x reject"
}

// wrapped wraps text to the width, indented, in at most detailHeight lines.
func wrapped(text string, width int) []string {
	out := wrapAll(text, width)
	if len(out) > detailHeight {
		out = out[:detailHeight]
	}
	return out
}

// wrapAll wraps text to the width, indented.
func wrapAll(text string, width int) []string {
	w := max(width-4, 10)
	var out []string
	for _, para := range strings.Split(text, "\n") {
		out = append(out, strings.Split(ansi.Wrap(para, w, ""), "\n")...)
	}
	for i, l := range out {
		out[i] = "  " + strings.TrimRight(l, " ")
	}
	return out
}

func indent(block string) []string {
	lines := strings.Split(block, "\n")
	for i, l := range lines {
		lines[i] = " " + l
	}
	return lines
}

// clampScroll keeps the cursor's line on screen.
func (m *Model) clampScroll() {
	if m.height == 0 {
		return
	}
	_, cl := m.lines()
	h := m.listHeight()
	switch {
	case cl < m.offset:
		m.offset = max(cl-1, 0) // keep column titles in view
	case cl >= m.offset+h:
		m.offset = cl - h + 1
	}
}
