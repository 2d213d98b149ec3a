package bulkedit

import (
	"slices"
	"unicode"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"rdash/internal/bulk"
)

// formAction is what a key in the form asks of the screen.
type formAction int

const (
	actNone formAction = iota
	actSubmit
	actEditChangelog
)

// key handles a key press in the form.
func (f *form) key(msg tea.KeyPressMsg, k keyMap) (tea.Cmd, formAction) {
	if !key.Matches(msg, k.Complete) {
		f.game.comp.Reset()
	}
	cmd, act := f.dispatch(msg, k)
	f.validate()
	return cmd, act
}

func (f *form) dispatch(msg tea.KeyPressMsg, k keyMap) (tea.Cmd, formAction) {
	t := f.focus
	if key.Matches(msg, k.Submit) {
		return f.press(t, true)
	}
	if cmd, ok := f.moveKey(msg, k, t); ok {
		return cmd, actNone
	}
	if in := f.inputAt(t); in != nil {
		var cmd tea.Cmd
		*in, cmd = in.Update(msg)
		return cmd, actNone
	}
	if (t == nameMode && f.nameSet || t == chanMode && f.chanTyped) && typed(msg, k) {
		// The text field is beside its choice: typing there types in
		// it, with no tab first.
		to := target{field: t.field, part: partText}
		focus := f.setFocus(to)
		in := f.inputAt(to)
		var cmd tea.Cmd
		*in, cmd = in.Update(msg)
		return tea.Batch(focus, cmd), actNone
	}
	return f.controlKey(msg, k, t)
}

// nameMode is the Name field's keep / set to choice.
var nameMode = target{field: fieldName}

// typed reports that msg types text (a printable character, no ctrl or
// alt) and is none of the keys a choice takes.
func typed(msg tea.KeyPressMsg, k keyMap) bool {
	if msg.Text == "" || msg.Mod&(tea.ModCtrl|tea.ModAlt|tea.ModSuper) != 0 ||
		key.Matches(msg, k.Left, k.Right, k.Toggle) {
		return false
	}
	for _, r := range msg.Text {
		if !unicode.IsPrint(r) {
			return false
		}
	}
	return true
}

// moveKey moves the focus (tab completes a game version first, where
// there is one to complete) or drops the dependency row at t; ok is false
// for any other key.
func (f *form) moveKey(msg tea.KeyPressMsg, k keyMap, t target) (cmd tea.Cmd, ok bool) {
	switch {
	case key.Matches(msg, k.Next):
		if f.game.input(t.part) != nil && t.field == fieldGame && f.game.complete(t.part) {
			return nil, true
		}
		return f.move(1), true
	case key.Matches(msg, k.Prev):
		return f.move(-1), true
	case key.Matches(msg, k.Up):
		return f.moveLine(-1), true
	case key.Matches(msg, k.Down):
		return f.moveLine(1), true
	case key.Matches(msg, k.RemoveRow) && f.deps.row(t) != nil:
		return f.dropRow(t), true
	}
	return nil, false
}

// controlKey handles keys on choices, boxes and buttons.
func (f *form) controlKey(msg tea.KeyPressMsg, k keyMap, t target) (tea.Cmd, formAction) {
	switch {
	case t.choice():
		f.choiceKey(msg, k, t)
		return nil, actNone
	case t.part == partBox && !key.Matches(msg, k.Toggle):
		return f.boxKey(msg, k), actNone
	case t.part == partBox:
		f.plat.toggle(t.row)
	case key.Matches(msg, k.Toggle):
		return f.press(t, false)
	}
	return nil, actNone
}

// choice reports that t is a ‹choice› (the buttons' line has none).
func (t target) choice() bool {
	return t.field != fieldButton && (t.part == partMode || t.part == partDepType || t.part == partDepKind)
}

// choiceKey turns a choice: left back, right or space on.
func (f *form) choiceKey(msg tea.KeyPressMsg, k keyMap, t target) {
	switch {
	case key.Matches(msg, k.Left):
		f.cycle(t, -1)
	case key.Matches(msg, k.Right, k.Toggle):
		f.cycle(t, 1)
	}
}

// boxKey moves along a line of boxes.
func (f *form) boxKey(msg tea.KeyPressMsg, k keyMap) tea.Cmd {
	switch {
	case key.Matches(msg, k.Left):
		return f.moveInLine(-1)
	case key.Matches(msg, k.Right):
		return f.moveInLine(1)
	}
	return nil
}

// press acts on enter (or space on a button): buttons do their thing;
// enter anywhere else asks for the preview.
func (f *form) press(t target, enter bool) (tea.Cmd, formAction) {
	switch {
	case t.field == fieldChangelog && t.part == partText:
		return nil, actEditChangelog
	case t.part == partNewDep:
		i := f.deps.addRow(t.list, f.s)
		f.resize(f.width)
		return f.setFocus(target{field: fieldDeps, part: partDepTarget, list: t.list, row: i}), actNone
	case t.field == fieldButton || enter:
		return nil, actSubmit
	}
	return nil, actNone
}

// cycle changes the choice at t by delta.
func (f *form) cycle(t target, delta int) {
	turn := func(v, n int) int { return ((v+delta)%n + n) % n }
	switch {
	case t.field == fieldChannel:
		f.setChannelPos(turn(f.channelPos(), len(f.channels)+2))
	case t.field == fieldName:
		f.nameSet = !f.nameSet
	case t.field == fieldChangelog:
		f.logSet = !f.logSet
	case t.field == fieldGame:
		f.game.mode = bulk.Mode(turn(int(f.game.mode), len(modes)))
	case t.field == fieldPlatforms:
		f.plat.mode = bulk.Mode(turn(int(f.plat.mode), len(modes)))
	case t.part == partDepType:
		r := f.deps.row(t)
		r.typ = turn(r.typ, len(f.deps.types))
	case t.part == partDepKind:
		r := f.deps.row(t)
		r.setKind(turn(r.kind, len(depKinds)))
		f.resize(f.width)
	case t.field == fieldDeps:
		f.deps.setMode(bulk.Mode(turn(int(f.deps.mode), len(modes))), f.s)
		f.resize(f.width)
	}
}

// dropRow removes the dependency row at t and keeps the focus nearby.
func (f *form) dropRow(t target) tea.Cmd {
	f.deps.removeRow(t.list, t.row)
	next := target{field: fieldDeps, part: partNewDep, list: t.list}
	if n := len(f.deps.lists[t.list]); n > 0 {
		next = target{field: fieldDeps, part: partDepTarget, list: t.list, row: min(t.row, n-1)}
	}
	f.focus = target{} // the dropped row's input is gone; nothing to blur
	return f.setFocus(next)
}

// targets are every control, top to bottom, left to right.
func (f *form) targets() []target {
	var out []target
	for _, l := range f.lines() {
		out = append(out, l.targets...)
	}
	return out
}

func (f *form) move(delta int) tea.Cmd {
	ts := f.targets()
	i := slices.Index(ts, f.focus)
	return f.setFocus(ts[max(0, min(i+delta, len(ts)-1))])
}

// moveLine goes to the control on the next line with controls, in the
// same column where there is one.
func (f *form) moveLine(delta int) tea.Cmd {
	lines := f.lines()
	li, col := f.position(lines)
	for j := li + delta; j >= 0 && j < len(lines); j += delta {
		if ts := lines[j].targets; len(ts) > 0 {
			return f.setFocus(ts[min(col, len(ts)-1)])
		}
	}
	return nil
}

func (f *form) moveInLine(delta int) tea.Cmd {
	lines := f.lines()
	li, col := f.position(lines)
	ts := lines[li].targets
	return f.setFocus(ts[max(0, min(col+delta, len(ts)-1))])
}

// position is the line and column of the focused control.
func (f *form) position(lines []line) (int, int) {
	for i, l := range lines {
		if j := slices.Index(l.targets, f.focus); j >= 0 {
			return i, j
		}
	}
	return 0, 0
}

// focusLine is the index of the focused control's line.
func (f *form) focusLine() int {
	li, _ := f.position(f.lines())
	return li
}

// setFocus moves the focus to t, blurring the input that had it.
func (f *form) setFocus(t target) tea.Cmd {
	if in := f.inputAt(f.focus); in != nil {
		in.Blur()
	}
	f.focus = t
	if in := f.inputAt(t); in != nil {
		return in.Focus()
	}
	return nil
}

// inputAt is the text input at t, or nil when t is another control.
func (f *form) inputAt(t target) *textinput.Model {
	switch {
	case t.field == fieldName && t.part == partText:
		return &f.name
	case t.field == fieldChannel && t.part == partText:
		return &f.chanText
	case t.field == fieldGame:
		return f.game.input(t.part)
	case t.part == partDepTarget:
		if r := f.deps.row(t); r != nil {
			return &r.target
		}
	case t.part == partDepURL:
		if r := f.deps.row(t); r != nil {
			return &r.url
		}
	}
	return nil
}

// update passes other messages (paste, cursor blink) to the focused input.
func (f *form) update(msg tea.Msg) tea.Cmd {
	in := f.inputAt(f.focus)
	if in == nil {
		return nil
	}
	var cmd tea.Cmd
	*in, cmd = in.Update(msg)
	if _, ok := msg.(tea.PasteMsg); ok {
		f.validate()
	}
	return cmd
}
