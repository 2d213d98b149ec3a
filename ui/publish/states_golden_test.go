package publish

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"rdash/api"
	"rdash/ui/common"
	"rdash/ui/internal/uitest"
	"rdash/ui/route"
)

// TestStatesGolden pins, at every size, the states the other goldens do
// not: the question a second q asks on the form, the changelog editor
// and its preview, the file picker, a cancelled upload's results, and a
// version to edit that could not be read. Nothing that asks or offers a
// key may be cut.
func TestStatesGolden(t *testing.T) {
	t.Parallel()
	for _, size := range sizes {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			t.Parallel()
			c, _ := uitest.Sandbox(t, "alice")
			e := open(t, c, "lumen", size[0], size[1])
			e.set(fVersion, "2.8.0")
			e.focus(fChangelog) // not a text field: q is not typed
			e.d.Press("q")
			e.pin(t, "leaving")
			e.d.Press("enter")
			e.d.Type("# Lumen 2.8\n\n- Lanterns flicker less.")
			e.pin(t, "changelog")
			e.d.Press("tab")
			e.d.WaitFor("the rendering", func() bool { return !e.m.editor.Rendering() })
			e.pin(t, "changelog preview")
			e.d.Press("esc")

			e.focus(fAdd)
			e.d.Press("ctrl+o")
			dir := t.TempDir() // files only: a folder's size is the file system's
			for _, f := range []string{"a.jar", "b.jar"} {
				if err := os.WriteFile(filepath.Join(dir, f), []byte("jar"), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			e.m.picker = newPicker(size[1] - 3) // a new id: the listing of the current directory is dropped
			e.m.picker.CurrentDirectory = dir
			e.d.Send(e.m.picker.Init()())
			e.d.WaitForText("b.jar")
			t.Run("picker", func(t *testing.T) {
				e.t = t
				e.check()
				golden.RequireEqual(t, normalize(e.d.Screen(), dir))
			})
			e.t = t
			e.d.Press("esc")

			g := newGated(c, true)
			u := open(t, g, "lumen", size[0], size[1])
			u.fill("7.7.8")
			u.previewed()
			u.d.Press("enter")
			u.entered(g)
			u.d.Press("esc")
			u.results()
			u.pin(t, "cancelled")

			m := NewEdit(uitest.Common(t), c, route.DetailArgs{Project: common.ProjectRef{Slug: "lumen"}, Version: api.Version{ID: "nosuchid"}})
			n := &env{t: t, m: m, w: size[0], h: size[1]}
			n.d = uitest.NewDriver(t, uitest.Screen{S: m}, size[0], size[1])
			n.d.WaitFor("the error", func() bool { return m.loadErr != nil && !m.sampling })
			n.pin(t, "not read")
		})
	}
}

// normalize names the temporary directory DIR and drops the spaces that
// pad lines, whose count follows the directory's length.
func normalize(screen, dir string) string {
	lines := strings.Split(strings.ReplaceAll(screen, dir, "DIR"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}
