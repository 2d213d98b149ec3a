package publish

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/ui/common"
	"rdash/ui/internal/uitest"
	"rdash/ui/route"
)

// Every key that works on the new-version screen is in its help, and
// every hint of its footer works, in each of its states: the form with a
// text field, the changelog, the files or the button focused, before and
// after something is typed (esc and q then ask first); the changelog
// editor and its preview, the file picker and the changelog file's
// prompt; the preview, the upload, the results, published and refused,
// and a version string the project has.
func TestEveryKeyIsInTheHelp(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	var n atomic.Int32 // each publish is of a new version string
	at := func(how func(e *env)) func(t *testing.T) common.Screen {
		return func(t *testing.T) common.Screen {
			e := open(t, c, "lumen", 80, 24)
			how(e)
			return e.m
		}
	}
	focus := func(i field) func(e *env) { return func(e *env) { e.focus(i) } }
	filled := func(then func(e *env)) func(e *env) {
		return func(e *env) {
			e.fill(fmt.Sprintf("6.0.%d", n.Add(1)))
			then(e)
		}
	}
	editor := func(e *env) {
		e.focus(fChangelog)
		e.d.Press("enter")
	}
	refused := func(t *testing.T) common.Screen {
		e := open(t, racing{c}, "lumen", 80, 24)
		e.fill("2.4.0")
		e.previewed()
		e.d.Press("enter")
		e.results()
		return e.m
	}
	uploading := func(t *testing.T) common.Screen {
		g := newGated(c, false)
		t.Cleanup(func() { close(g.release) })
		e := open(t, g, "lumen", 80, 24)
		e.fill(fmt.Sprintf("6.0.%d", n.Add(1)))
		e.previewed()
		e.d.Press("enter")
		return e.m
	}
	uitest.RequireKeysInHelp(t,
		uitest.KeyState{Name: "the channel", Build: at(func(*env) {}), Typing: true},
		uitest.KeyState{Name: "the version typed", Build: at(func(e *env) { e.set(fVersion, "6.1") }), Typing: true},
		uitest.KeyState{Name: "the game versions", Build: at(func(e *env) { e.set(fGame, "1.2") }), Typing: true},
		uitest.KeyState{Name: "the changelog", Build: at(focus(fChangelog))},
		uitest.KeyState{Name: "the changelog, typed on", Build: at(func(e *env) {
			e.set(fName, "Lumen")
			e.focus(fChangelog)
		})},
		uitest.KeyState{Name: "a file to add", Build: at(focus(fAdd)), Typing: true},
		uitest.KeyState{Name: "the files", Build: at(filled(func(e *env) {
			e.addFile("second.jar", 10)
			e.focus(fFiles)
		}))},
		uitest.KeyState{Name: "the button", Build: at(filled(focus(fButton)))},
		uitest.KeyState{Name: "changelog editor", Build: at(editor), Lines: true},
		uitest.KeyState{Name: "changelog preview", Build: at(func(e *env) {
			editor(e)
			e.d.Type("# Notes")
			e.d.Press("tab")
			e.d.WaitFor("the rendering", func() bool { return !e.m.editor.Rendering() })
		})},
		uitest.KeyState{Name: "file picker", Build: at(func(e *env) {
			e.focus(fAdd)
			e.d.Press("ctrl+o")
			e.m.picker = newPicker(10) // a new id: the listing of the current directory is dropped
			e.m.picker.CurrentDirectory = pickable(e.t)
			e.d.Send(e.m.picker.Init()())
			e.d.WaitForText("b.jar")
		})},
		uitest.KeyState{Name: "changelog file", Build: at(func(e *env) {
			e.focus(fChangelog)
			e.d.Press("ctrl+o")
		}), Typing: true},
		uitest.KeyState{Name: "preview", Build: at(filled(func(e *env) { e.previewed() }))},
		uitest.KeyState{Name: "already published", Build: at(func(e *env) {
			e.fill("2.4.0")
			e.previewed()
		})},
		uitest.KeyState{Name: "uploading", Build: uploading},
		uitest.KeyState{Name: "published", Build: at(filled(func(e *env) {
			e.previewed()
			e.d.Press("enter")
			e.results()
		}))},
		uitest.KeyState{Name: "refused", Build: refused},
	)
}

// Every key that works on the edit screen is in its help: the form
// filled from the version, its preview, and a version that could not be
// read.
func TestEveryKeyIsInTheHelpOfEdit(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	var n atomic.Int32
	editing := func(how func(e *env)) func(t *testing.T) common.Screen {
		return func(t *testing.T) common.Screen {
			e := openEdit(t, c, fmt.Sprintf("6.1.%d", n.Add(1)), 80, 24)
			how(e)
			return e.m
		}
	}
	unread := func(t *testing.T) common.Screen {
		cc := uitest.Common(t)
		m := NewEdit(cc, c, route.DetailArgs{Project: common.ProjectRef{Slug: "lumen"}, Version: api.Version{ID: "nosuchid"}})
		d := uitest.NewDriver(t, uitest.Screen{S: m}, 80, 24)
		d.WaitFor("the error", func() bool { return m.loadErr != nil && !m.sampling })
		return m
	}
	uitest.RequireKeysInHelp(t,
		uitest.KeyState{Name: "edit form", Build: editing(func(e *env) {}), Typing: true},
		uitest.KeyState{Name: "edit files", Build: editing(func(e *env) { e.focus(fFiles) })},
		uitest.KeyState{Name: "edit preview", Build: editing(func(e *env) {
			e.set(fName, "Renamed")
			e.previewed()
		})},
		uitest.KeyState{Name: "version not read", Build: unread},
	)
}

// pickable is a directory of a folder and two files, for the file picker.
func pickable(t *testing.T) string {
	dir := t.TempDir()
	for _, f := range []string{"a.jar", "b.jar"} {
		if err := os.WriteFile(filepath.Join(dir, f), []byte("jar"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "folder"), 0o700); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestVersionNotReadSaysWhy: a version to edit that could not be read
// stays said, and the error's retry reads it again. The retry used to be
// a read started as it was made: the screen went back to "Loading the
// version…" at once and for good, and typed into a form not shown.
func TestVersionNotReadSaysWhy(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	m := NewEdit(uitest.Common(t), c, route.DetailArgs{Project: common.ProjectRef{Slug: "lumen"}, Version: api.Version{ID: "nosuchid"}})
	d := uitest.NewDriver(t, uitest.Screen{S: m}, 80, 24)
	var retry tea.Cmd
	d.WaitFor("the error's report", func() bool {
		for _, msg := range d.Seen {
			if em, ok := msg.(common.ErrorMsg); ok {
				retry = em.Retry
			}
		}
		return retry != nil
	})
	if m.loadErr == nil || m.loading || !strings.Contains(d.Screen(), `No version "nosuchid"`) || m.Capturing() {
		t.Fatalf("the error is not shown, or the hidden form has the keys:\n%s", d.Screen())
	}
	d.Send(retry())
	if !m.loading {
		t.Fatal("the retry does not read the version again")
	}
}

// The files are a list: j and k move in it as ↓ and ↑ do, and past its
// ends go to the field after or before, as the arrows do.
func TestJAndKMoveInTheFiles(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	e := open(t, c, "lumen", 80, 24)
	e.fill("6.9.0")
	e.addFile("second.jar", 10)
	e.focus(fFiles)
	if e.m.form.chosen != 0 {
		t.Fatalf("the files start at file %d", e.m.form.chosen)
	}
	e.d.Press("j")
	if e.m.form.focus != fFiles || e.m.form.chosen != 1 {
		t.Fatalf("j: focus %d, file %d; want the second file", e.m.form.focus, e.m.form.chosen)
	}
	e.d.Press("k")
	if e.m.form.focus != fFiles || e.m.form.chosen != 0 {
		t.Fatalf("k: focus %d, file %d; want the first file", e.m.form.focus, e.m.form.chosen)
	}
	e.d.Press("k")
	if e.m.form.focus != fAdd {
		t.Fatalf("k on the first file: focus %d, want the field above", e.m.form.focus)
	}
}
