package uitest

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

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
// fails, for each state (a step of the screen: a form, its preview, its
// results...), when its help is not the help of that step:
//
//   - a key that works there is not named in the help the user can see
//     (the ? overlay: FullHelp, and the root's keys, common.GlobalHelp).
//     A key works when it changes the view, changes the screen's state
//     (Fingerprint) or returns a command. A binding's key counts only
//     when its help text names it ("↑/k" names up and k, not home): a key
//     the help does not name is not there for its reader;
//   - a key the help names does nothing there (a dead key), but the
//     moving keys (up at the top of a list does nothing);
//   - the help names a key twice with two meanings (x reject, x cancel);
//   - a hint of the footer (ShortHelp) does nothing (its first key is
//     pressed), or names a key twice with two meanings;
//   - a field has the keys (Capturing) and its footer names no key that
//     opens the help (common.FieldHelp), or esc works and the footer does
//     not say what it does.
//
// The root takes q, ? and ctrl+c (and esc, but on the home screen)
// while the screen is not capturing; while it is, ctrl+c and the field's
// help key. A screen that holds unsent input (common.Guard) gets the keys
// it guards (esc, q, ctrl+c) from the root, and asks before they leave:
// they do something else there than the root's help says, so they are
// the screen's keys and must be in its own help.
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

// walk is one state's walk: the screen as built, its help, and what the
// keys pressed did.
type walk struct {
	st        KeyState
	shared    *common.KeyMap
	probe     common.Screen
	capturing bool
	help      []key.Binding   // the screen's FullHelp
	global    []key.Binding   // the root's keys in the overlay
	worked    map[string]bool // by key name, for the keys pressed
}

// KeyProblems is what RequireKeysInHelp finds wrong with st, in words.
func KeyProblems(t *testing.T, st KeyState) []string {
	w := &walk{st: st, shared: common.DefaultKeyMap(), probe: st.Build(t), worked: map[string]bool{}}
	w.capturing = w.probe.Capturing()
	groups := w.probe.FullHelp()
	w.help = slices.Concat(groups...)
	w.global = common.GlobalHelp(w.shared, w.probe, groups, !st.Home)
	out := w.unlisted(t)
	out = append(out, w.dead(t)...)
	out = append(out, twice("the help", append(slices.Clone(w.help), w.global...))...)
	out = append(out, twice("the footer", w.probe.ShortHelp())...)
	out = append(out, w.falseHints(t)...)
	return append(out, w.fieldFooter(t)...)
}

// skipped reports a key the walk does not press: the root's, or text in
// a field.
func (w *walk) skipped(k tea.KeyPressMsg) bool {
	return w.rootKey(k) && !guarded(w.probe, k, w.shared) ||
		(w.st.Typing || w.st.Lines) && typed(k) || w.st.Lines && key.Matches(k, lineEditing...)
}

// unlisted presses every key and reports those that work but are not
// named in the help.
func (w *walk) unlisted(t *testing.T) []string {
	var out []string
	var s *seen // the screen as built, while the keys pressed did nothing
	for _, k := range AllKeys() {
		if w.skipped(k) {
			continue
		}
		if s == nil {
			s = look(w.st.Build(t))
		}
		worked := s.works(k)
		w.worked[k.String()] = worked
		if !worked {
			continue
		}
		s = nil
		help := w.help // a guarded key is the screen's: its own help says it asks
		if !guarded(w.probe, k, w.shared) {
			help = append(slices.Clone(w.help), w.global...)
		}
		if !named(k, help) {
			out = append(out, fmt.Sprintf("%q works but is not in the help", k.String()))
		}
	}
	return out
}

// dead reports the keys the help names that do nothing in this state.
func (w *walk) dead(t *testing.T) []string {
	var out []string
	for _, b := range w.help {
		if !b.Enabled() {
			continue
		}
		for _, n := range common.HelpNames(b) {
			if !keyName(n) || navKey(n, w.shared) {
				continue
			}
			k := Key(n)
			if w.skipped(k) {
				continue
			}
			worked, pressed := w.worked[n]
			if !pressed {
				worked = Works(w.st.Build(t), k)
				w.worked[n] = worked
			}
			if !worked {
				out = append(out, fmt.Sprintf("the help lists %q, which does nothing here (%s)", b.Help().Key+" "+b.Help().Desc, n))
			}
		}
	}
	return out
}

// falseHints reports hints of the footer that do nothing.
func (w *walk) falseHints(t *testing.T) []string {
	var out []string
	for _, b := range w.probe.ShortHelp() {
		if !b.Enabled() || len(b.Keys()) == 0 || moving(b, w.shared) {
			continue
		}
		if !Works(w.st.Build(t), Key(b.Keys()[0])) {
			out = append(out, fmt.Sprintf("the footer offers %q, which does nothing here (%s)",
				b.Help().Key+" "+b.Help().Desc, b.Keys()[0]))
		}
	}
	return out
}

// fieldFooter reports a field that offers no way to the help in its
// footer, or where ? neither opens the help nor types, or whose footer
// leaves out esc, which works.
func (w *walk) fieldFooter(t *testing.T) []string {
	if !w.capturing {
		return nil
	}
	var out []string
	if !common.HelpKeyOf(w.probe).Enabled() {
		out = append(out, "a field has the keys and no key opens the help (common.FieldHelp)")
	}
	// ? opens the help from the field, or is text there (a phrase being
	// typed), and then f1 does.
	q, f1 := Key("?"), Key("f1")
	switch {
	case !common.HelpKeyOf(w.probe).Enabled(), common.OpensHelp(w.shared, w.probe, q):
	case !common.OpensHelp(w.shared, w.probe, f1):
		out = append(out, "neither ? nor f1 opens the help from the field")
	case !Works(w.st.Build(t), q):
		out = append(out, "? neither opens the help from the field nor is typed in it")
	}
	if w.worked["esc"] && !named(Key("esc"), w.probe.ShortHelp()) {
		out = append(out, "esc works in the field, and its footer does not say what it does")
	}
	return out
}

// twice reports a key that bs name with two meanings.
func twice(where string, bs []key.Binding) []string {
	var out []string
	meaning := map[string]string{}
	for _, b := range bs {
		if !b.Enabled() {
			continue
		}
		for _, n := range common.HelpNames(b) {
			desc := b.Help().Key + " " + b.Help().Desc
			if first, ok := meaning[n]; ok && first != desc && !sameMeaning(first, desc) {
				out = append(out, fmt.Sprintf("%s lists %s twice: %q and %q", where, n, first, desc))
			}
			if _, ok := meaning[n]; !ok {
				meaning[n] = desc
			}
		}
	}
	return out
}

// sameMeaning reports two hints that say the same of a key in other
// words: only their keys differ ("q quit", "ctrl+c quit").
func sameMeaning(a, b string) bool {
	_, da, _ := strings.Cut(a, " ")
	_, db, _ := strings.Cut(b, " ")
	return da == db
}

// named reports that k is bound by one of bs whose help names it.
func named(k tea.KeyPressMsg, bs []key.Binding) bool {
	for _, b := range bs {
		if b.Enabled() && key.Matches(k, b) && slices.Contains(common.HelpNames(b), k.String()) {
			return true
		}
	}
	return false
}

// keyName reports a token of a help text that names a key: one
// character, a named key, or a chord of them.
func keyName(n string) bool {
	for _, p := range []string{"ctrl+", "alt+", "shift+"} {
		if rest, ok := strings.CutPrefix(n, p); ok {
			return keyName(rest)
		}
	}
	_, named := keyCodes[n]
	return named || utf8.RuneCountInString(n) == 1
}

// navKey reports a key that moves a cursor or a view: it may do nothing
// at the end of a list.
func navKey(n string, g *common.KeyMap) bool {
	nav := slices.Concat(g.Up.Keys(), g.Down.Keys(), g.PageUp.Keys(), g.PageDown.Keys(),
		g.HalfUp.Keys(), g.HalfDown.Keys(), g.Top.Keys(), g.Bottom.Keys(), []string{"left", "right", "ctrl+p", "ctrl+n"})
	return slices.Contains(nav, n) || strings.HasPrefix(n, "shift+") && navKey(strings.TrimPrefix(n, "shift+"), g)
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
func (w *walk) rootKey(k tea.KeyPressMsg) bool {
	g := w.shared
	switch {
	case key.Matches(k, g.ForceQuit):
		return true
	case w.capturing:
		return key.Matches(k, common.HelpKeyOf(w.probe))
	case key.Matches(k, g.Back):
		return !w.st.Home
	}
	return key.Matches(k, g.Quit, g.Help, g.Command)
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
