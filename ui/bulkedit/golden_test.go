package bulkedit

import (
	"fmt"
	"testing"

	tea "charm.land/bubbletea/v2"

	"rdash/ui/internal/uitest"
)

// TestGolden pins the form and the preview at every size (go test
// ./ui/bulkedit -update refreshes them).
func TestGolden(t *testing.T) {
	t.Parallel()
	for _, size := range sizes {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			t.Parallel()
			c, _ := uitest.Sandbox(t, "alice")
			chosen := byVersion(t, c, "lumen", "2.4.0", "2.3.1", "1.5.0")
			e := open(t, c, Factory, selection("lumen", chosen, 1), size[0], size[1])
			e.settle()
			e.choose(target{field: fieldChannel}, "beta")
			e.choose(gameMode, "add and remove")
			e.typeInto(target{field: fieldGame, part: partAdd}, "1.21.5")
			e.choose(platMode, "add and remove")
			e.focus(box("purpur"))
			e.d.Press("space")
			e.focus(box("spigot"))
			e.d.Press("space", "space")
			e.choose(depsMode, "add and remove")
			e.choose(dep(listAdd, 0, partDepType), "optional")
			e.choose(dep(listAdd, 0, partDepKind), "external")
			e.typeInto(dep(listAdd, 0, partDepTarget), "LuckPerms")
			e.typeInto(dep(listAdd, 0, partDepURL), "https://luckperms.net")
			e.focus(target{field: fieldButton})
			e.pin(t, "form")
			e.preview()
			e.pin(t, "preview")
		})
	}
}

// TestEveryStageFitsEverySize resizes each stage through small and odd
// sizes: every line fits, nothing panics.
func TestEveryStageFitsEverySize(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	e := openEdit(t, c, "lumen", versionsOf(t, c, "lumen", 7), 80, 24)
	sizes := [][2]int{{20, 5}, {40, 10}, {60, 15}, {79, 23}, {100, 30}, {200, 50}, {80, 24}}
	fits := func(stage string) {
		for _, s := range sizes {
			e.d.Send(tea.WindowSizeMsg{Width: s[0], Height: s[1]})
			e.w, e.h = s[0], s[1]
			t.Run(fmt.Sprintf("%s/%dx%d", stage, s[0], s[1]), func(t *testing.T) {
				e.t = t
				e.check()
			})
		}
		e.t = t
	}
	e.choose(depsMode, "replace with")
	e.typeInto(dep(listSet, 0, partDepTarget), "bad")
	fits("form")
	e.typeInto(dep(listSet, 0, partDepTarget), "prjQuart")
	e.choose(target{field: fieldChangelog}, "set to")
	e.focus(target{field: fieldChangelog, part: partText})
	e.d.Press("enter")
	e.d.Type("# Title\n\nA line long enough to wrap at twenty columns, and then some more.")
	fits("changelog")
	e.d.Press("tab")
	fits("changelog preview")
	e.d.Press("esc")
	e.preview()
	fits("preview")
	e.d.Press("enter")
	fits("question")
	e.d.Press("y")
	e.results()
	fits("results")
}
