package invitations

import (
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"

	"rdash/ui/common"
)

// keyMap is the screen's own keys; navigation comes from common.KeyMap. Reject and Cancel share x: which one x means depends on
// the selected row, and help shows only that one.
type keyMap struct {
	Accept, Reject, Cancel, Invite, AddOrg, Refresh key.Binding
}

func newKeyMap() keyMap {
	return keyMap{
		Accept:  key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "accept")),
		Reject:  key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "reject")),
		Cancel:  key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "cancel")),
		Invite:  key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "invite")),
		AddOrg:  key.NewBinding(key.WithKeys("o"), key.WithHelp("o", "add org")),
		Refresh: common.Bind([]string{"r"}, "r", "refresh"),
	}
}

// actionKeys are the keys that act on the selected row, then the ones
// that always work.
func (m *Model) actionKeys() []key.Binding {
	var b []key.Binding
	r, ok := m.selected()
	switch {
	case !ok:
	case r.inv != nil:
		b = append(b, m.keys.Cancel, m.keys.Invite)
	case r.org.canManage():
		b = append(b, m.keys.Invite)
	case r.org.canAnswer():
		b = append(b, m.keys.Accept, m.keys.Reject)
	}
	return append(b, m.keys.AddOrg, m.keys.Refresh)
}

// newInput is the field an organization is typed in.
func newInput(s *common.Styles) textinput.Model {
	return common.NewInput(s, "organization: ", "slug or ID", 64)
}
