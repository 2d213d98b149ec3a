package invitations

import (
	"slices"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/huh/v2"
	"charm.land/lipgloss/v2"

	"rdash/ui/common"
)

type dialogKind int

const (
	confirmDialog dialogKind = iota // yes or no before a change; No is the default
	inviteDialog                    // invitee, role and permissions
	whoDialog                       // the username, when nothing else says it
)

// dialog is a huh form on screen and the values it fills. It lives on the
// heap: the form's fields point into it.
type dialog struct {
	kind  dialogKind
	title string // the heading above tall forms
	form  *huh.Form
	keys  *huh.KeyMap
	act   action // what a confirmation runs, or the invitation's org

	ok       bool
	draft    draft
	username string
}

// draft is the invite form's values, kept when sending fails so the
// next n starts from them.
type draft struct {
	invitee, role, other string
	perms                []string
}

// resize fits the form in w×h. The form takes the lines it needs, up to
// h (huh does this on a window size message, which it must not get from
// the root: that is the terminal's size, not the body's).
func (d *dialog) resize(w, h int) {
	d.form.WithWidth(min(w, 76))
	f, _ := d.form.Update(tea.WindowSizeMsg{Width: w, Height: h})
	d.form = f.(*huh.Form)
}

// open shows d's form and starts it.
func (m *Model) open(d *dialog) tea.Cmd {
	d.keys = formKeys()
	d.form.WithTheme(formTheme(m.common.Styles)).WithShowHelp(false).WithKeyMap(d.keys)
	m.dialog = d
	d.resize(m.dialogSize())
	return d.form.Init()
}

// key gives msg to the form. A key that moves to the next or previous
// field (or answers a confirmation) moves it here and now: huh moves by
// sending itself a message, and keys already queued behind this one (a
// burst over a slow link, tmux send-keys) would reach the old field, or
// the finished form, before that message does.
func (d *dialog) key(msg tea.KeyPressMsg) tea.Cmd {
	field := d.form.GetFocusedField()
	if _, ok := field.(*huh.Input); ok && key.Matches(msg, suggestionKeys) {
		return nil // no field here suggests: these would move a hidden index
	}
	dir := d.direction(field, msg)
	f, cmd := d.form.Update(msg)
	d.form = f.(*huh.Form)
	if dir == 0 || field.Error() != nil || d.form.State != huh.StateNormal {
		return cmd
	}
	if dir < 0 {
		return d.form.PrevField()
	}
	cmd = d.form.NextField()
	if d.form.GetFocusedField() == field {
		// It was the last field: submit now, and drop the message that
		// would submit the next form opened after this one.
		return d.form.NextGroup()
	}
	return cmd
}

// formKeys is huh's keys for the fields the dialogs use, each named in its
// help as it is bound: the help names every key that works, and a key
// it does not name is not bound (ctrl+p, Y).
func formKeys() *huh.KeyMap {
	k := huh.NewDefaultKeyMap()
	k.Input.Next.SetHelp("enter/tab", "next")
	ms := &k.MultiSelect
	ms.Next.SetHelp("enter/tab", "next")
	ms.Toggle.SetHelp("space/x", "toggle")
	ms.Up = common.Bind([]string{"up", "k"}, "↑/k", "up")
	ms.Down = common.Bind([]string{"down", "j"}, "↓/j", "down")
	c := &k.Confirm
	c.Next.SetHelp("enter/tab", "answer")
	c.Toggle = common.Bind([]string{"left", "right"}, "←/→", "choose")
	c.Accept = common.Bind([]string{"y"}, "y", "yes")
	c.Reject = common.Bind([]string{"n"}, "n", "no")
	return k
}

// role reports that in is the invite form's role, a phrase that may hold
// a ?: the other fields take names.
func (d *dialog) role(in *huh.Input) bool {
	return d.kind == inviteDialog && in.GetKey() == roleKey
}

// direction is +1 when msg moves the focused field on, -1 back, else 0.
func (d *dialog) direction(f huh.Field, msg tea.KeyPressMsg) int {
	k := d.keys
	var next, prev []key.Binding
	switch f.(type) {
	case *huh.Input:
		next, prev = []key.Binding{k.Input.Next, k.Input.Submit}, []key.Binding{k.Input.Prev}
	case *huh.MultiSelect[string]:
		next, prev = []key.Binding{k.MultiSelect.Next, k.MultiSelect.Submit}, []key.Binding{k.MultiSelect.Prev}
	case *huh.Confirm:
		next = []key.Binding{k.Confirm.Next, k.Confirm.Submit, k.Confirm.Accept, k.Confirm.Reject}
		prev = []key.Binding{k.Confirm.Prev}
	}
	switch {
	case key.Matches(msg, enabledIn(f, next)...):
		return 1
	case key.Matches(msg, enabledIn(f, prev)...):
		return -1
	}
	return 0
}

// enabledIn is those of bs that the field has enabled now: huh turns a
// field's back and next keys off where there is no field to go to (back
// on the first, tab in a one-question confirmation), on the field's own
// copy of the key map, not on the form's.
func enabledIn(f huh.Field, bs []key.Binding) []key.Binding {
	var out []key.Binding
	for _, b := range bs {
		for _, fb := range f.KeyBinds() {
			if fb.Enabled() && slices.Equal(fb.Keys(), b.Keys()) {
				out = append(out, b)
				break
			}
		}
	}
	return out
}

// suggestionKeys move through a text field's suggestions (bubbles'
// textinput defaults, which huh keeps).
var suggestionKeys = key.NewBinding(key.WithKeys("up", "down", "ctrl+p", "ctrl+n"))

// formTheme dresses huh forms in the dashboard's styles, so NO_COLOR keeps
// the focused button visible (reverse video) and colours match the theme.
func formTheme(s *common.Styles) huh.Theme {
	return huh.ThemeFunc(func(bool) *huh.Styles {
		t := huh.ThemeBase(s.Theme.Dark)
		f := &t.Focused
		f.Base = f.Base.BorderForeground(s.Accent.GetForeground())
		f.Card = f.Base
		f.Title, f.Description = s.Prompt, s.Muted
		f.ErrorIndicator = s.Bad.SetString(" *")
		f.ErrorMessage = s.Bad
		f.SelectSelector = s.Accent.SetString("> ")
		f.MultiSelectSelector = s.Accent.SetString("> ")
		f.SelectedOption, f.UnselectedOption, f.Option = s.Value, s.Value, s.Value
		f.SelectedPrefix = s.Good.SetString("[x] ")
		f.UnselectedPrefix = s.Muted.SetString("[ ] ")
		f.FocusedButton = s.Cursor.Padding(0, 2).MarginRight(1)
		f.BlurredButton = s.Muted.Padding(0, 2).MarginRight(1)
		if s.Theme.NoColor { // a ">" marks the focused button where reverse video may not show
			f.FocusedButton = s.Cursor.Padding(0, 1).MarginRight(1).SetString(">")
			f.BlurredButton = s.Muted.Padding(0, 1).MarginRight(1).SetString(" ")
		}
		f.TextInput.Cursor, f.TextInput.Placeholder = s.Accent, s.Placeholder
		f.TextInput.Prompt, f.TextInput.Text = s.Prompt, s.Input
		t.Blurred = *f
		t.Blurred.Base = f.Base.BorderStyle(lipgloss.HiddenBorder())
		t.Blurred.Card = t.Blurred.Base
		t.Blurred.Title = s.Label
		t.Blurred.MultiSelectSelector = s.Muted.SetString("  ")
		t.Blurred.SelectSelector = s.Muted.SetString("  ")
		t.Group.Title, t.Group.Description = f.Title, f.Description
		return t
	})
}
