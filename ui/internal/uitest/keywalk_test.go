package uitest

import (
	"slices"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"rdash/ui/common"
)

func TestKeyNames(t *testing.T) {
	t.Parallel()
	for _, n := range []string{"j", "G", "enter", "esc", "space", "ctrl+c", "shift+tab", "pgdown", "ctrl+u", "@", "/", "?", "f5", "home"} {
		if got := Key(n).String(); got != n {
			t.Errorf("Key(%q).String() = %q", n, got)
		}
	}
	for _, k := range AllKeys() {
		if got := Key(k.String()).String(); got != k.String() {
			t.Errorf("Key(%q).String() = %q", k.String(), got)
		}
	}
}

// walked is a screen whose keys the walk is tested on: x counts (in its
// state only, not on screen), y shows a line, z returns a command, tab is
// offered but does nothing.
type walked struct {
	count int
	shown bool
	help  []key.Binding
	short []key.Binding
}

func (w *walked) Init() tea.Cmd { return nil }
func (w *walked) Update(msg tea.Msg) (common.Screen, tea.Cmd) {
	switch k, _ := msg.(tea.KeyPressMsg); k.String() {
	case "x":
		w.count++
	case "y":
		w.shown = true
	case "z":
		return w, func() tea.Msg { return nil }
	}
	return w, nil
}
func (w *walked) View() string {
	if w.shown {
		return "shown"
	}
	return ""
}
func (w *walked) SetSize(int, int)          {}
func (w *walked) Title() string             { return "walked" }
func (w *walked) Capturing() bool           { return false }
func (w *walked) Busy() string              { return "" }
func (w *walked) ShortHelp() []key.Binding  { return w.short }
func (w *walked) FullHelp() [][]key.Binding { return [][]key.Binding{w.help} }
func (w *walked) Close()                    {}

func TestKeyProblems(t *testing.T) {
	t.Parallel()
	bind := func(k string) key.Binding { return common.Bind([]string{k}, k, "does "+k) }
	all := []key.Binding{bind("x"), bind("y"), bind("z")}
	tests := []struct {
		name  string
		help  []key.Binding
		short []key.Binding
		want  []string
	}{
		{"all listed", all, all[:1], nil},
		{"a change of state only", all[1:], nil, []string{`"x" works`}},
		{"a change of view only", []key.Binding{all[0], all[2]}, nil, []string{`"y" works`}},
		{"a command only", all[:2], nil, []string{`"z" works`}},
		{"a false hint", all, []key.Binding{bind("tab")}, []string{`offers "tab does tab"`}},
		{"moving keys may do nothing", all, []key.Binding{common.DefaultKeyMap().Up}, nil},
		{"a dead key in the help", append(all[:3:3], bind("w")), nil, []string{`lists "w does w", which does nothing`}},
		{"a key bound but not named", []key.Binding{common.Bind([]string{"x", "y"}, "x", "does x"), all[2]}, nil,
			[]string{`"y" works but is not in the help`}},
		{"a key named twice", append(all[:3:3], common.Bind([]string{"x"}, "x", "does more")), nil,
			[]string{"the help lists x twice"}},
		{"a key named twice in the footer", all, []key.Binding{all[0], common.Bind([]string{"x"}, "x", "does more")},
			[]string{"the footer lists x twice"}},
		{"two names of one meaning", []key.Binding{all[0], all[2], common.Bind([]string{"x", "y"}, "x/y", "does x")}, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			st := KeyState{Name: tt.name, Build: func(*testing.T) common.Screen {
				return &walked{help: tt.help, short: tt.short}
			}}
			got := KeyProblems(t, st)
			if len(got) != len(tt.want) || !slices.EqualFunc(got, tt.want, strings.Contains) {
				t.Fatalf("problems = %q, want ones containing %q", got, tt.want)
			}
		})
	}
}

// guarding is a walked screen that holds input (common.Guard): esc and q
// ask first, on the screen, before the root lets them leave.
type guarding struct {
	walked
	asked bool
}

func (g *guarding) Guards(tea.KeyPressMsg) bool { return true }
func (g *guarding) Update(msg tea.Msg) (common.Screen, tea.Cmd) {
	if k, ok := msg.(tea.KeyPressMsg); ok && (k.String() == "esc" || k.String() == "q") {
		g.asked = true
		return g, nil
	}
	_, cmd := g.walked.Update(msg)
	return g, cmd
}

// A guarded screen's esc and q ask first: they are its keys, so its help
// must list them; the root's help ("q quit", "esc back") does not say
// that they ask.
func TestGuardedKeysAreTheScreens(t *testing.T) {
	t.Parallel()
	bind := func(k string) key.Binding { return common.Bind([]string{k}, k, "does "+k) }
	all := []key.Binding{bind("x"), bind("y"), bind("z")}
	for _, tt := range []struct {
		name string
		help []key.Binding
		want []string
	}{
		{"not listed", all, []string{`"q" works`, `"esc" works`}},
		{"listed", append(all, bind("q"), bind("esc")), nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			st := KeyState{Name: tt.name, Build: func(*testing.T) common.Screen {
				return &guarding{walked: walked{help: tt.help}}
			}}
			got := KeyProblems(t, st)
			if len(got) != len(tt.want) || !slices.EqualFunc(got, tt.want, strings.Contains) {
				t.Fatalf("problems = %q, want ones containing %q", got, tt.want)
			}
		})
	}
}

// area is a walked screen with a text area: enter adds a line.
type area struct {
	walked
	lines int
}

func (a *area) Update(msg tea.Msg) (common.Screen, tea.Cmd) {
	if k, ok := msg.(tea.KeyPressMsg); ok && k.String() == "enter" {
		a.lines++
	}
	return a, nil
}

// In a text area, enter is a new line, not an action: Lines leaves it
// out of the walk, as Typing leaves out a field's characters.
func TestLinesAreEditing(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name          string
		typing, lines bool
		want          []string
	}{
		{"a field", true, false, []string{`"enter" works`}},
		{"a text area", false, true, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			st := KeyState{Name: tt.name, Typing: tt.typing, Lines: tt.lines, Build: func(*testing.T) common.Screen { return &area{} }}
			got := KeyProblems(t, st)
			if len(got) != len(tt.want) || !slices.EqualFunc(got, tt.want, strings.Contains) {
				t.Fatalf("problems = %q, want ones containing %q", got, tt.want)
			}
		})
	}
}

// typing is a walked screen whose field has the keys: esc leaves it.
type typing struct {
	walked
	left   bool
	helpKy key.Binding
}

func (ty *typing) Capturing() bool      { return true }
func (ty *typing) HelpKey() key.Binding { return ty.helpKy }
func (ty *typing) Update(msg tea.Msg) (common.Screen, tea.Cmd) {
	if k, ok := msg.(tea.KeyPressMsg); ok && k.String() == "esc" {
		ty.left = true
	}
	_, cmd := ty.walked.Update(msg)
	return ty, cmd
}

// A field's footer names a key to the help, and says what esc does.
func TestAFieldsFooterLeadsToTheHelp(t *testing.T) {
	t.Parallel()
	bind := func(k string) key.Binding { return common.Bind([]string{k}, k, "does "+k) }
	all := []key.Binding{bind("x"), bind("y"), bind("z"), bind("esc")}
	for _, tt := range []struct {
		name  string
		short []key.Binding
		help  key.Binding
		want  []string
	}{
		{"both", all[3:], common.HelpInField("", false), nil},
		{"no help key", all[3:], key.NewBinding(key.WithDisabled()), []string{"no key opens the help"}},
		{"no esc", nil, common.HelpInField("", false), []string{"esc works in the field"}},
		{"f1 alone, and ? does nothing", all[3:], common.HelpInField("text", true), []string{"? neither opens the help"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			st := KeyState{Name: tt.name, Typing: true, Build: func(*testing.T) common.Screen {
				return &typing{walked: walked{help: all, short: tt.short}, helpKy: tt.help}
			}}
			got := KeyProblems(t, st)
			if len(got) != len(tt.want) || !slices.EqualFunc(got, tt.want, strings.Contains) {
				t.Fatalf("problems = %q, want ones containing %q", got, tt.want)
			}
		})
	}
}
