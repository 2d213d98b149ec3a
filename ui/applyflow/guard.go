package applyflow

import (
	"slices"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"rdash/ui/common"
)

// Guard asks before a screen's unsent input is lost: the first key that
// would leave the screen (esc, q, ctrl+c) only arms it, and the screen
// says what a second press does; any other key disarms it. A screen that
// holds input is a common.Guard that guards every leaving key but the
// armed one (Passes), so the root acts on the second press itself.
type Guard struct {
	armed *key.Binding // the key pressed once, or nil
	quits bool         // it quits rdash rather than leaving the screen
}

// Stop is called with a key that would leave the screen (keys are the
// dashboard's); it reports that the key armed the guard and must do
// nothing more. It lets the key through when nothing would be lost, or
// when it is the second press.
func (g *Guard) Stop(msg tea.KeyPressMsg, keys *common.KeyMap, holding bool) bool {
	if !holding || g.armed != nil && key.Matches(msg, *g.armed) {
		g.armed = nil
		return false
	}
	b := keys.Back
	g.quits = key.Matches(msg, keys.ForceQuit, keys.Quit)
	switch {
	case key.Matches(msg, keys.ForceQuit):
		b = keys.ForceQuit
	case key.Matches(msg, keys.Quit):
		b = keys.Quit
	}
	g.armed = &b
	return true
}

// Reset disarms the guard: a key that leaves nothing was pressed.
func (g *Guard) Reset() { g.armed = nil }

// Armed reports that the next press of the armed key goes through.
func (g *Guard) Armed() bool { return g.armed != nil }

// Passes reports that msg is the armed key, pressed again: it leaves.
func (g *Guard) Passes(msg tea.KeyPressMsg) bool { return g.armed != nil && key.Matches(msg, *g.armed) }

// Warning says what the armed key does when pressed again; what names the
// input ("this new version"). Empty when not armed.
func (g *Guard) Warning(what string) string {
	if g.armed == nil {
		return ""
	}
	k := g.armed.Help().Key
	if g.quits {
		return "Press " + k + " again to quit rdash and drop " + what + "; any other key keeps it."
	}
	return "Press " + k + " again to drop " + what + "; any other key keeps it."
}

// GuardHelp is the keys a screen that holds input takes from the root
// (Guard), as its help lists them: they ask first. esc is listed where it
// leaves the screen, q where it is not typed; ctrl+c always.
func GuardHelp(keys *common.KeyMap, esc, q bool) []key.Binding {
	var out []key.Binding
	if esc {
		out = append(out, common.WithHelp(keys.Back, keys.Back.Help().Key, "leave (asks first)"))
	}
	quit := keys.ForceQuit
	if q {
		quit = key.NewBinding(key.WithKeys(append(keys.Quit.Keys(), keys.ForceQuit.Keys()...)...),
			key.WithHelp(keys.Quit.Help().Key+"/"+keys.ForceQuit.Help().Key, ""))
	}
	return append(out, common.WithHelp(quit, quit.Help().Key, "quit (asks first)"))
}

// Guarded is a screen's help while it holds input: where esc leaves (and
// so asks first), esc's other meaning goes from out; then the keys that
// ask first (GuardHelp).
func Guarded(out [][]key.Binding, keys *common.KeyMap, esc, q bool) [][]key.Binding {
	if esc {
		for i, g := range out {
			out[i] = slices.DeleteFunc(slices.Clone(g), func(b key.Binding) bool { return slices.Contains(b.Keys(), "esc") })
		}
	}
	return append(out, GuardHelp(keys, esc, q))
}

// Leaves reports that msg would take the user away from a screen that
// guards its input: ctrl+c; q where it is not typed (capturing); esc where
// it leaves the screen (escLeaves) rather than going back a step.
func Leaves(keys *common.KeyMap, msg tea.KeyPressMsg, capturing, escLeaves bool) bool {
	switch {
	case key.Matches(msg, keys.ForceQuit):
		return true
	case key.Matches(msg, keys.Quit):
		return !capturing
	case key.Matches(msg, keys.Back):
		return escLeaves
	}
	return false
}

// GuardedFooter is the footer of a screen that guards its input: its
// hints, less esc unless it captures the keys (the root lists esc, once,
// otherwise). While a field has the keys the footer is all the help there
// is, so when the screen holds input (holding) it lists the keys that ask
// first too, esc among them where it leaves (escLeaves).
func GuardedFooter(keys *common.KeyMap, hints []key.Binding, capturing, holding, escLeaves bool) []key.Binding {
	if !capturing || escLeaves && holding {
		hints = withoutEsc(hints)
	}
	if !capturing || !holding {
		return hints
	}
	return append(hints, GuardHelp(keys, escLeaves, false)...)
}

func withoutEsc(bs []key.Binding) []key.Binding {
	return slices.DeleteFunc(slices.Clone(bs), func(b key.Binding) bool { return slices.Contains(b.Keys(), "esc") })
}
