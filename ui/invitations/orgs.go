package invitations

import (
	"cmp"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/internal/safe"
)

// source is where the screen learnt of an organization; organizations are
// listed in this order.
type source int

const (
	fromProjects source = iota // owns one of the user's projects
	fromConfig
	fromState // typed in an earlier run
	fromTyped
)

// access is what listing an organization's invitations answered.
type access int

const (
	accessUnknown access = iota // not answered yet
	accessManage                // the list came: the user may invite and cancel
	accessDenied                // 403: not a manager, perhaps invited
	accessMissing               // 404: no such organization
	accessFailed                // anything else; note says what
)

// orgRef names an organization; key is what requests use.
type orgRef struct {
	key, id, slug, name string
}

// org is one organization of the list. Every string is safe for the
// terminal.
type org struct {
	orgRef
	src source
	// hasYours: one of the user's projects belongs to it. The screen
	// takes it that no invitation waits for the user there, and says so:
	// it claims no membership, which the interface does not define.
	hasYours bool
	access   access
	loading  bool
	seq      int // id of the awaited list request
	invs     []api.Invitation
	note     string // why the list is not shown
	// answered is "accepted" or "rejected" once the user did so here.
	answered string
	// outcome is what the last action here did, as the list read after
	// it showed it (said).
	outcome string
}

// label is how the organization is named on screen.
func (o *org) label() string { return cmp.Or(o.slug, o.key, o.id) }

// matches reports whether k names the organization.
func (o *org) matches(k string) bool {
	return k != "" && (strings.EqualFold(k, o.key) || k == o.id || strings.EqualFold(k, o.slug))
}

// canManage: the user may send and cancel invitations.
func (o *org) canManage() bool { return o.access == accessManage }

// canAnswer: an invitation for the user may wait there. The screen
// takes it that none waits where one of the user's projects belongs (and
// says so), and none can in a missing organization. While the list loads the
// user may already answer: they typed the organization to do just that.
func (o *org) canAnswer() bool {
	return !o.hasYours && o.answered == "" && o.access != accessManage && o.access != accessMissing
}

// find returns the organization k names, or nil.
func (m *Model) find(k string) *org {
	for _, o := range m.orgs {
		if o.matches(k) {
			return o
		}
	}
	return nil
}

// addOrg lists ref under src, or completes the entry that already names
// it (an ID typed, then the slug learnt from a project), and returns the
// request for its invitations when it is new.
func (m *Model) addOrg(ref orgRef, src source) tea.Cmd {
	ref = orgRef{key: safe.Line(ref.key), id: safe.Line(ref.id), slug: safe.Line(ref.slug), name: safe.Line(ref.name)}
	if ref.key = cmp.Or(ref.key, ref.slug, ref.id); ref.key == "" {
		return nil
	}
	o := m.find(ref.key)
	if o == nil {
		o = m.find(cmp.Or(ref.id, ref.slug))
	}
	if o != nil {
		o.id, o.slug, o.name = cmp.Or(o.id, ref.id), cmp.Or(o.slug, ref.slug), cmp.Or(o.name, ref.name)
		o.src = min(o.src, src)
		o.hasYours = o.hasYours || src == fromProjects
		m.rebuild()
		return nil
	}
	o = &org{orgRef: ref, src: src, hasYours: src == fromProjects}
	m.orgs = append(m.orgs, o)
	m.rebuild()
	return m.load(o)
}

// row is a line the cursor can rest on: an organization, or one of its
// pending invitations.
type row struct {
	org *org
	inv *api.Invitation
}

// rebuild recomputes the rows after organizations or invitations changed,
// keeping the cursor on the same organization or invitation.
func (m *Model) rebuild() {
	cur, had := m.selected()
	slices.SortStableFunc(m.orgs, func(a, b *org) int { return cmp.Compare(a.src, b.src) })
	m.rows = m.rows[:0]
	for _, o := range m.orgs {
		m.rows = append(m.rows, row{org: o})
		for i := range o.invs {
			m.rows = append(m.rows, row{org: o, inv: &o.invs[i]})
		}
	}
	if had {
		m.cursor = m.indexOf(cur)
	}
	m.cursor = max(0, min(m.cursor, len(m.rows)-1))
	m.clampScroll()
}

// indexOf finds r again after a rebuild: the same invitation, else its
// organization.
func (m *Model) indexOf(r row) int {
	orgAt := 0
	for i, x := range m.rows {
		if x.org != r.org {
			continue
		}
		if x.inv == nil {
			orgAt = i
		}
		if r.inv != nil && x.inv != nil && x.inv.ID == r.inv.ID {
			return i
		}
	}
	return orgAt
}

func (m *Model) selected() (row, bool) {
	if m.cursor < 0 || m.cursor >= len(m.rows) {
		return row{}, false
	}
	return m.rows[m.cursor], true
}

func (m *Model) move(n int) {
	m.cursor = max(0, min(m.cursor+n, len(m.rows)-1))
	m.clampScroll()
}

// orgFromAPI names an organization from a project's owner.
func orgFromAPI(o api.Organization) orgRef {
	return orgRef{key: cmp.Or(o.Slug, o.ID), id: o.ID, slug: o.Slug, name: o.Name}
}

// cleanInvitation makes an invitation from the server safe to show and to
// send back as a path.
func cleanInvitation(in api.Invitation) api.Invitation {
	perms := make([]api.Permission, len(in.Permissions))
	for i, p := range in.Permissions {
		perms[i] = api.Permission(safe.Line(string(p)))
	}
	return api.Invitation{
		ID: safe.Line(in.ID), Name: safe.Line(in.Name), Username: safe.Line(in.Username),
		MemberRole: safe.Line(in.MemberRole), Permissions: perms, Accepted: in.Accepted,
	}
}
