package bulkedit

import (
	"fmt"
	"sync/atomic"
	"testing"

	"rdash/api"
	"rdash/config"
	"rdash/ui/common"
	"rdash/ui/internal/uitest"
)

// Every key that works on the bulk edit screen is in its help, and every
// hint of its footer works, in each of its states: the form with a
// choice, a text field, the boxes, a dependency row or the button
// focused, before and after something is chosen (esc and q then ask
// first); the changelog editor and its preview; the preview, the
// question, the run and the results, applied and refused.
func TestEveryKeyIsInTheHelp(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	two := versionsOf(t, c, "lumen", 2)
	six := versionsOf(t, c, "lumen", 6)
	var names atomic.Int32 // each run renames to a new name, so it always sends something
	form := func(how func(e *env)) func(t *testing.T) common.Screen {
		return func(t *testing.T) common.Screen {
			e := openEdit(t, c, "lumen", two, 80, 24)
			how(e)
			return e.m
		}
	}
	rename := func(e *env) {
		e.choose(nameMode, "set to")
		e.typeInto(target{field: fieldName, part: partText}, fmt.Sprintf("Lumen %d", names.Add(1)))
	}
	previewed := func(vs []api.Version, then func(e *env)) func(t *testing.T) common.Screen {
		return func(t *testing.T) common.Screen {
			rc := &recording{Client: c, gate: make(chan struct{})}
			t.Cleanup(func() { close(rc.gate) })
			e := openEdit(t, rc, "lumen", vs, 80, 24)
			rename(e)
			e.preview()
			then(e)
			return e.m
		}
	}
	applied := func(t *testing.T) common.Screen {
		e := openEdit(t, c, "lumen", two, 80, 24)
		rename(e)
		e.preview()
		e.d.Press("enter")
		e.results()
		return e.m
	}
	// The refusal has a sandbox of its own: the other states' renames of
	// the same versions, made meanwhile, would make its read-back find
	// them changed, and its outcome unknown rather than refused.
	alone, _ := uitest.Sandbox(t, "alice")
	refused := func(t *testing.T) common.Screen {
		e := openEdit(t, alone, "lumen", versionsOf(t, alone, "lumen", 2), 80, 24)
		e.choose(gameMode, "add and remove")
		e.typeInto(target{field: fieldGame, part: partAdd}, "1.21.5-far-too-long-for-the-sandbox")
		e.preview()
		e.d.Press("enter")
		e.results()
		return e.m
	}
	nothing := func(*env) {}
	uitest.RequireKeysInHelp(t,
		uitest.KeyState{Name: "form, nothing chosen", Build: form(nothing)},
		uitest.KeyState{Name: "form, a channel chosen", Build: form(func(e *env) { e.choose(chanMode, "snapshot") })},
		uitest.KeyState{Name: "form, the name typed", Build: form(rename), Typing: true},
		uitest.KeyState{Name: "form, a game version typed", Build: form(func(e *env) {
			e.choose(gameMode, "add and remove")
			e.typeInto(target{field: fieldGame, part: partAdd}, "1.2")
		}), Typing: true},
		uitest.KeyState{Name: "form, a platform", Build: form(func(e *env) {
			e.choose(platMode, "replace with")
			e.focus(box("paper"))
		})},
		uitest.KeyState{Name: "form, a dependency row", Build: form(func(e *env) {
			e.choose(depsMode, "replace with")
			e.focus(dep(listSet, 0, partDepType))
		})},
		uitest.KeyState{Name: "form, the button", Build: form(func(e *env) {
			rename(e)
			e.focus(target{field: fieldButton})
		})},
		uitest.KeyState{Name: "changelog editor", Build: form(func(e *env) {
			e.choose(target{field: fieldChangelog}, "set to")
			e.focus(target{field: fieldChangelog, part: partText})
			e.d.Press("enter")
		}), Lines: true},
		uitest.KeyState{Name: "changelog preview", Build: form(func(e *env) {
			e.choose(target{field: fieldChangelog}, "set to")
			e.focus(target{field: fieldChangelog, part: partText})
			e.d.Press("enter")
			e.d.Type("# Notes\n\nline")
			e.d.Press("tab")
			e.d.WaitFor("the rendering", func() bool { return !e.m.editor.Rendering() })
		})},
		uitest.KeyState{Name: "preview", Build: previewed(two, func(*env) {})},
		uitest.KeyState{Name: "question", Build: previewed(six, func(e *env) { e.d.Press("enter") })},
		uitest.KeyState{Name: "running", Build: previewed(two, func(e *env) { e.d.Press("enter") })},
		uitest.KeyState{Name: "results", Build: applied},
		uitest.KeyState{Name: "results, refused", Build: refused},
	)
}

// Every key that works on the delete and undo screens is in their help:
// the count typed, the results (deleted, refused), the current values
// not read, the undo's preview and its results.
func TestEveryKeyIsInTheHelpOfDeleteAndUndo(t *testing.T) {
	t.Parallel()
	c, srv := uitest.Sandbox(t, "alice")
	token, err := srv.MintToken("bob", config.AllScopes()...)
	if err != nil {
		t.Fatal(err)
	}
	bob := uitest.Client(t, c.BaseURL().String(), token)
	var n atomic.Int32
	deleting := func(cl Client, keys ...string) func(t *testing.T) common.Screen {
		return func(t *testing.T) common.Screen {
			vs := []api.Version{publish(t, c, fmt.Sprintf("7.0.%d", n.Add(1)))}
			e := open(t, cl, DeleteFactory, selection("lumen", vs, 0), 80, 24)
			e.settle()
			e.d.Type("1")
			e.d.Press(keys...)
			if len(keys) > 0 {
				e.results()
			}
			return e.m
		}
	}
	// Each undo state has a sandbox of its own: its edits and undos of
	// the same versions would meet those of the other.
	undoing := func(results bool) func(t *testing.T) common.Screen {
		c, _ := uitest.Sandbox(t, "alice")
		two := versionsOf(t, c, "lumen", 2)
		return func(t *testing.T) common.Screen {
			e := openEdit(t, c, "lumen", two, 80, 24)
			e.choose(nameMode, "set to")
			e.typeInto(target{field: fieldName, part: partText}, fmt.Sprintf("Undone %d", n.Add(1)))
			e.preview()
			e.d.Press("enter")
			e.results()
			u := openIn(t, e.state, c, UndoFactory, common.ProjectRef{Slug: "lumen"}, 80, 24)
			u.settle()
			if results {
				u.d.Press("enter")
				u.results()
			}
			return u.m
		}
	}
	uitest.RequireKeysInHelp(t,
		uitest.KeyState{Name: "delete, the count typed", Build: deleting(c), Typing: true},
		uitest.KeyState{Name: "deleted", Build: deleting(c, "enter")},
		uitest.KeyState{Name: "delete refused", Build: deleting(bob, "enter")},
		uitest.KeyState{Name: "delete, the values not read", Build: func(t *testing.T) common.Screen {
			vs := []api.Version{{ID: "AAAAAAAA", Version: "1.0.0"}}
			e := open(t, failing{uitest.Failing{Err: &api.Error{StatusCode: 503}}}, DeleteFactory, selection("lumen", vs, 0), 80, 24)
			e.settle()
			return e.m
		}, Typing: true},
		uitest.KeyState{Name: "undo preview", Build: undoing(false)},
		uitest.KeyState{Name: "undone", Build: undoing(true)},
	)
}

// publish creates a version of lumen to delete.
func publish(t *testing.T, c *api.Client, version string) api.Version {
	t.Helper()
	v, _, err := c.CreateVersion(t.Context(), "lumen", &api.CreateVersionRequest{Channel: "release", Version: version,
		Name: "Lumen " + version, Files: []string{"https://example.com/lumen-" + version + ".jar"}})
	if err != nil {
		t.Fatal(err)
	}
	return *v
}
