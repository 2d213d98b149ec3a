package bulkedit

import (
	"fmt"
	"testing"

	"rdash/api"
	"rdash/config"
	"rdash/ui/common"
	"rdash/ui/internal/uitest"
)

// TestStatesGolden pins, at every size, the states the other goldens do
// not: a platform's boxes and what space does there, the question a
// second q asks, the changelog editor and its preview, a run going, an
// undo's results, a deletion refused and one whose current values could
// not be read. Nothing that asks or offers a key may be cut.
func TestStatesGolden(t *testing.T) {
	t.Parallel()
	for _, size := range sizes {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			t.Parallel()
			c, srv := uitest.Sandbox(t, "alice")
			two := byVersion(t, c, "lumen", "2.4.0", "2.3.1")
			e := open(t, c, Factory, selection("lumen", two, 0), size[0], size[1])
			e.settle()
			e.choose(platMode, "add and remove")
			e.focus(box("paper"))
			e.pin(t, "platforms")
			e.choose(nameMode, "set to")
			e.focus(chanMode) // on a choice, q is not typed
			e.d.Press("q")
			e.pin(t, "leaving")
			e.d.Press("down") // any other key keeps the edit
			e.choose(target{field: fieldChangelog}, "set to")
			e.focus(target{field: fieldChangelog, part: partText})
			e.d.Press("enter")
			e.d.Type("# Lumen 2.4\n\n- Lanterns flicker less.\n- Soul fire is blue again.")
			e.pin(t, "changelog")
			e.d.Press("tab")
			e.d.WaitFor("the rendering", func() bool { return !e.m.editor.Rendering() })
			e.pin(t, "changelog preview")

			rc := &recording{Client: c, gate: make(chan struct{})}
			r := openIn(t, e.state, rc, Factory, selection("lumen", two, 0), size[0], size[1])
			r.settle()
			r.choose(nameMode, "set to")
			r.typeInto(target{field: fieldName, part: partText}, "Lumen, renamed")
			r.preview()
			r.d.Press("enter")
			r.pin(t, "running")
			close(rc.gate)
			r.results()
			u := openIn(t, r.state, c, UndoFactory, common.ProjectRef{Slug: "lumen"}, size[0], size[1])
			u.settle()
			u.d.Press("enter")
			u.results()
			u.pinNormal(t, "undone")

			token, err := srv.MintToken("bob", config.AllScopes()...)
			if err != nil {
				t.Fatal(err)
			}
			bob := uitest.Client(t, c.BaseURL().String(), token)
			d := open(t, bob, DeleteFactory, selection("lumen", two, 0), size[0], size[1])
			d.settle()
			d.d.Type("2")
			d.d.Press("enter")
			d.results()
			d.pinNormal(t, "delete refused")

			vs := []api.Version{{ID: "AAAAAAAA", Version: "1.0.0"}}
			f := open(t, failing{uitest.Failing{Err: &api.Error{StatusCode: 503}}}, DeleteFactory, selection("lumen", vs, 0), size[0], size[1])
			f.settle()
			f.pin(t, "values not read")
		})
	}
}
