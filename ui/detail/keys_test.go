package detail

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"rdash/ui/common"
	"rdash/ui/internal/uitest"
	"rdash/ui/markdown"
)

// Every key that works on the detail is in its help, and every hint of
// its footer works, in each layout.
func TestEveryKeyIsInTheHelp(t *testing.T) {
	t.Parallel()
	sandbox, _ := uitest.Sandbox(t, "alice")
	at := func(w, h int, keys ...string) func(t *testing.T) common.Screen {
		// One cache a state: its builds run one after another, as the
		// dashboard's Update does (the cache has no lock); the states
		// are walked side by side.
		cache := markdown.NewCache()
		return func(t *testing.T) common.Screen {
			d, m := start(t, setup{version: "2.0.0", w: w, h: h, sandbox: sandbox, markdown: cache})
			d.Press(keys...)
			return m
		}
	}
	uitest.RequireKeysInHelp(t,
		uitest.KeyState{Name: "one pane", Build: at(80, 24)},
		uitest.KeyState{Name: "one pane at the files", Build: at(80, 24, "tab")},
		uitest.KeyState{Name: "two panes, the info fits", Build: at(120, 40)},
		uitest.KeyState{Name: "two panes, the info scrolls", Build: at(100, 16)},
		uitest.KeyState{Name: "two panes, the info focused", Build: at(100, 16, "tab")},
	)
}

// At 120x40 the info pane holds all its lines: tab would only move the
// focus to a pane with nothing to scroll, so it is neither offered nor
// taken. Where the info scrolls, it is.
func TestTabOnlyWhereItDoesSomething(t *testing.T) {
	t.Parallel()
	d, m := start(t, setup{version: "2.0.0", w: 120, h: 40})
	if m.switchHelp().Enabled() || hints(m, "tab") {
		t.Fatal("tab is offered at 120x40, where the info pane has nothing to scroll")
	}
	d.Press("tab", "j")
	if m.focus != paneChangelog || m.changelog.YOffset() != 1 {
		t.Fatalf("tab then j: focus %d, changelog at %d", m.focus, m.changelog.YOffset())
	}
	d.Send(tea.WindowSizeMsg{Width: 100, Height: 16})
	waitIdle(d, m)
	if !hints(m, "tab") {
		t.Fatal("tab is not offered where the info pane scrolls")
	}
}

func hints(m *Model, k string) bool {
	for _, b := range m.ShortHelp() {
		if b.Enabled() && strings.HasPrefix(b.Help().Key, k) {
			return true
		}
	}
	return false
}
