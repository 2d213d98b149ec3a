package uitest

import (
	"fmt"
	"reflect"
	"slices"
	"testing"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textarea"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"rdash/ui/common"
)

// KeyState is a screen in one state, for RequireKeysInHelp.
type KeyState struct {
	Name string
	// Build returns a new screen in this state: sized, with what it loads
	// loaded. It is called again after each key that worked, since such a
	// key changed the screen; one that did nothing leaves it as it was, for
	// the next key.
	Build func(t *testing.T) common.Screen
	// Home says the screen is the first on the stack, where esc reaches
	// it; over every other screen the root takes esc (back).
	Home bool
	// Typing says a text field has the keys: characters and the field's
	// editing keys (left, backspace, ctrl+u…) are text, not actions, and
	// are not looked for in the help.
	Typing bool
	// Lines says a text area of several lines has the keys: besides what
	// Typing leaves out, its line keys (enter, ↑/↓, pages, selection) are
	// editing too.
	Lines bool
}

// RequireKeysInHelp presses every key (every printable character, the
// named keys, ctrl with a letter) on a new screen in each state, and
// fails when a key that works there is not in the help the user can see.
// A key works when it changes the view, changes the screen's state
// (Fingerprint) or returns a command. The help is FullHelp (the ? overlay)
// when the screen is not capturing, since the root then takes q, ? and
// ctrl+c (and esc, but on the home screen) and lists them itself; while
// it is capturing, ? types, so the help is the footer, ShortHelp, and only
// ctrl+c is the root's. A screen that holds unsent input (common.Guard)
// gets the keys it guards (esc, q, ctrl+c) from the root, and asks before
// they leave: they do something else there than the root's help says, so
// they are the screen's keys and must be in its own help.
//
// The other way round, it fails when a hint of ShortHelp does nothing in
// that state (a false hint): its first key is pressed and must work.
// Moving keys (up at the top of a list does nothing) are exempt.
//
// Each state is walked in a subtest of its own, side by side with the
// others (a state is built anew for each key pressed, so states share
// nothing but what their Build functions share): the caller must not
// release what the walks use when it returns, only in t.Cleanup.
func RequireKeysInHelp(t *testing.T, states ...KeyState) {
	t.Helper()
	for _, st := range states {
		t.Run(st.Name, func(t *testing.T) {
			t.Parallel()
			for _, p := range KeyProblems(t, st) {
				t.Error(p)
			}
		})
	}
}

// KeyProblems is what RequireKeysInHelp finds wrong with st, in words.
func KeyProblems(t *testing.T, st KeyState) []string {
	shared := common.DefaultKeyMap()
	probe := st.Build(t)
	capturing := probe.Capturing()
	help := slices.Concat(probe.FullHelp()...)
	if capturing {
		help = probe.ShortHelp()
	}
	var out []string
	var s *seen // the screen as built, while the keys pressed did nothing
	for _, k := range AllKeys() {
		if rootKey(k, shared, st.Home, capturing) && !guarded(probe, k, shared) ||
			(st.Typing || st.Lines) && typed(k) || st.Lines && key.Matches(k, lineEditing...) {
			continue
		}
		if s == nil {
			s = look(st.Build(t))
		}
		if !s.works(k) {
			continue
		}
		s = nil
		if !matches(k, help) {
			out = append(out, fmt.Sprintf("%q works but is not in the help", k.String()))
		}
	}
	for _, b := range probe.ShortHelp() {
		if !b.Enabled() || len(b.Keys()) == 0 || moving(b, shared) {
			continue
		}
		if !Works(st.Build(t), Key(b.Keys()[0])) {
			out = append(out, fmt.Sprintf("the footer offers %q, which does nothing here (%s)",
				b.Help().Key+" "+b.Help().Desc, b.Keys()[0]))
		}
	}
	return out
}

// Works reports whether pressing k on s changes its view or its state,
// or returns a command. A key no screen binds (f20) goes first, so that
// what any key sets up the first time (a text field makes its sanitizer
// on the first key it is given) is not taken for what k does.
func Works(s common.Screen, k tea.KeyPressMsg) bool { return look(s).works(k) }

// seen is a screen, and its view and state (Fingerprint) as last seen.
type seen struct {
	s           common.Screen
	view, state string
}

// look primes s with a key no screen binds (see Works) and sees it.
func look(s common.Screen) *seen {
	s, _ = s.Update(tea.KeyPressMsg{Code: tea.KeyF20})
	return &seen{s: s, view: s.View(), state: Fingerprint(s)}
}

// works presses k and reports whether it worked. When it did not, the
// screen is as it was seen, ready for the next key.
func (w *seen) works(k tea.KeyPressMsg) bool {
	n, cmd := w.s.Update(k)
	if cmd != nil || n.View() != w.view {
		return true
	}
	state := Fingerprint(n)
	w.s = n
	return state != w.state
}

// rootKey reports a key the root takes before the screen sees it.
func rootKey(k tea.KeyPressMsg, g *common.KeyMap, home, capturing bool) bool {
	switch {
	case key.Matches(k, g.ForceQuit):
		return true
	case capturing:
		return false
	case key.Matches(k, g.Back):
		return !home
	}
	return key.Matches(k, g.Quit, g.Help)
}

// guarded reports that s takes k, a key that leaves (esc, q, ctrl+c),
// from the root to ask before its unsent input is lost (common.Guard).
func guarded(s common.Screen, k tea.KeyPressMsg, g *common.KeyMap) bool {
	gs, ok := s.(common.Guard)
	return ok && key.Matches(k, g.ForceQuit, g.Quit, g.Back) && gs.Guards(k)
}

// editing are a text field's own keys, but the suggestion keys: the
// dashboard's fields offer no suggestions, so up, down and tab are free.
var editing = func() []key.Binding {
	k := textinput.DefaultKeyMap()
	return []key.Binding{k.CharacterForward, k.CharacterBackward, k.WordForward, k.WordBackward,
		k.DeleteWordBackward, k.DeleteWordForward, k.DeleteAfterCursor, k.DeleteBeforeCursor,
		k.DeleteCharacterBackward, k.DeleteCharacterForward, k.LineStart, k.LineEnd, k.Paste}
}()

// lineEditing are a text area's own keys, every one of its key map.
var lineEditing = func() []key.Binding {
	km := reflect.ValueOf(textarea.DefaultKeyMap())
	var out []key.Binding
	for i := range km.NumField() {
		if b, ok := km.Field(i).Interface().(key.Binding); ok {
			out = append(out, b)
		}
	}
	return out
}()

// typed reports a key a text field takes as text or editing.
func typed(k tea.KeyPressMsg) bool {
	return k.Text != "" || key.Matches(k, editing...)
}

func matches(k tea.KeyPressMsg, help []key.Binding) bool {
	for _, b := range help {
		if b.Enabled() && key.Matches(k, b) {
			return true
		}
	}
	return false
}

// moving reports a binding whose keys all move a cursor or a view.
func moving(b key.Binding, g *common.KeyMap) bool {
	nav := slices.Concat(g.Up.Keys(), g.Down.Keys(), g.PageUp.Keys(), g.PageDown.Keys(),
		g.HalfUp.Keys(), g.HalfDown.Keys(), g.Top.Keys(), g.Bottom.Keys(), []string{"left", "right"})
	for _, k := range b.Keys() {
		if !slices.Contains(nav, k) {
			return false
		}
	}
	return true
}

// AllKeys are the keys RequireKeysInHelp presses: the printable ASCII
// characters, space, the named keys and ctrl with each letter.
func AllKeys() []tea.KeyPressMsg {
	var out []tea.KeyPressMsg
	for r := '!'; r <= '~'; r++ {
		out = append(out, tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	for _, name := range namedKeys {
		out = append(out, Key(name))
	}
	for r := 'a'; r <= 'z'; r++ {
		out = append(out, tea.KeyPressMsg{Code: r, Mod: tea.ModCtrl})
	}
	return out
}

var namedKeys = []string{"space", "enter", "esc", "tab", "shift+tab", "backspace", "delete", "insert",
	"up", "down", "left", "right", "home", "end", "pgup", "pgdown", "f1", "f5"}
