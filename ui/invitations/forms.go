package invitations

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode"

	tea "charm.land/bubbletea/v2"
	"charm.land/huh/v2"
	"charm.land/lipgloss/v2"

	"rdash/api"
	"rdash/config"
	"rdash/internal/explain"
	"rdash/ui/common"
)

// knownPermissions are the organization permissions the service names
// (docs/wire.md); the invite form offers them, plus those seen in lists.
var knownPermissions = []string{
	"MEMBER_CREATE", "project:version:create", "project:version:update", "project:version:delete",
}

// confirm asks before a: accepting, rejecting and cancelling cannot be
// taken back from here. The focus starts on No (ANCHORS: default Cancel).
func (m *Model) confirm(a action) tea.Cmd {
	d := &dialog{kind: confirmDialog, act: a}
	title, desc, yes := "", "", ""
	switch a.op {
	case explain.OpAccept:
		title = fmt.Sprintf("Accept the invitation to %s?", a.orgLabel)
		// The interface leaves an accept's effect on membership unstated.
		desc = fmt.Sprintf("You answer as %s. What membership accepting gives, the interface does not say.", a.who)
		yes = "Accept"
	case explain.OpReject:
		title = fmt.Sprintf("Reject the invitation to %s?", a.orgLabel)
		desc = "It is removed; only an admin of " + a.orgLabel + " can invite you again."
		yes = "Reject"
	default:
		title = fmt.Sprintf("Cancel %s's invitation to %s?", a.who, a.orgLabel)
		desc = a.who + " will no longer be able to accept it."
		yes = "Cancel it"
	}
	d.form = huh.NewForm(huh.NewGroup(huh.NewConfirm().Title(title).Description(desc).
		Affirmative(yes).Negative("No").Value(&d.ok).WithButtonAlignment(lipgloss.Left)))
	return m.open(d)
}

// askWho asks for the user's username once, for a that needs it.
func (m *Model) askWho(a action) tea.Cmd {
	m.pending = &a
	d := &dialog{kind: whoDialog, title: "Who are you on this server?"}
	d.form = huh.NewForm(huh.NewGroup(huh.NewInput().Title("Your username").
		Description("The server does not say who is signed in, and the config file sets no username. " +
			"rdash remembers what you type here.").
		CharLimit(64).Value(&d.username).Validate(func(s string) error {
		return validInvitee(strings.TrimSpace(s), "your username")
	})))
	return m.open(d)
}

// invite opens the form that invites someone to o.
func (m *Model) invite(o *org) tea.Cmd {
	d := &dialog{kind: inviteDialog, title: "Invite someone to " + o.label(),
		act: action{op: explain.OpSend, org: o.key, orgLabel: o.label()}, draft: m.drafts[o.key]}
	opts := make([]huh.Option[string], 0, len(knownPermissions))
	for _, p := range m.permissionNames() {
		opts = append(opts, huh.NewOption(permissionWord(api.Permission(p)), p).Selected(slices.Contains(d.draft.perms, p)))
	}
	d.form = huh.NewForm(huh.NewGroup(
		huh.NewInput().Title("Invitee").Placeholder("username or user ID").
			Value(&d.draft.invitee).Validate(func(s string) error { return validInvitee(strings.TrimSpace(s), "the invitee") }),
		huh.NewInput().Key(roleKey).Title("Role").Placeholder("e.g. Developer (may stay empty)").
			Value(&d.draft.role),
		huh.NewMultiSelect[string]().Title("Permissions").Options(opts...).Filterable(false).
			Height(len(opts)+1).Value(&d.draft.perms), // huh counts the title in the height
		huh.NewInput().Title("Other permissions").Placeholder("names not listed above, separated by commas").
			Value(&d.draft.other).Validate(validOthers),
	))
	return m.open(d)
}

// roleKey names the invite form's role field.
const roleKey = "role"

// permissionNames are the known names, then those seen in listed
// invitations.
func (m *Model) permissionNames() []string {
	names := slices.Clone(knownPermissions)
	for _, o := range m.orgs {
		for _, in := range o.invs {
			for _, p := range in.Permissions {
				if !slices.Contains(names, string(p)) {
					names = append(names, string(p))
				}
			}
		}
	}
	return names
}

// request builds the invitation from the form: the ticked permissions,
// then the typed ones, each once.
func (d draft) request() *api.InvitationRequest {
	r := &api.InvitationRequest{Invitee: strings.TrimSpace(d.invitee), Role: strings.TrimSpace(d.role)}
	for _, p := range append(slices.Clone(d.perms), splitNames(d.other)...) {
		if !slices.Contains(r.Permissions, api.Permission(p)) {
			r.Permissions = append(r.Permissions, api.Permission(p))
		}
	}
	return r
}

func splitNames(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ',' || unicode.IsSpace(r) })
}

func validInvitee(s, what string) error {
	var ve *api.ValidationError
	if errors.As((&api.InvitationRequest{Invitee: s}).Validate(), &ve) {
		return fmt.Errorf("%s %s", what, ve.Rule)
	}
	return nil
}

func validOthers(s string) error {
	var ve *api.ValidationError
	for _, p := range splitNames(s) {
		r := api.InvitationRequest{Invitee: "x", Permissions: []api.Permission{api.Permission(p)}}
		if errors.As(r.Validate(), &ve) {
			return fmt.Errorf("%q %s", p, ve.Rule)
		}
	}
	return nil
}

// submit acts on a finished form.
func (m *Model) submit(d *dialog) tea.Cmd {
	switch d.kind {
	case confirmDialog:
		if d.ok {
			return m.start(d.act)
		}
		// No is the default: say that enter on it changed nothing.
		return common.Status("kept: nothing sent")
	case inviteDialog:
		m.drafts[d.act.org] = d.draft
		a := d.act
		a.req = d.draft.request()
		a.user, a.who = a.req.Invitee, a.req.Invitee
		return m.start(a)
	case whoDialog:
		name := strings.TrimSpace(d.username)
		m.me = identity{username: name, from: "remembered"}
		cmds := []tea.Cmd{common.EditState("your username", func(s *config.State) { s.Username = name })}
		if a := m.pending; a != nil {
			m.pending = nil
			cmds = append(cmds, m.answer(*a))
		}
		return tea.Batch(cmds...)
	}
	return nil
}
