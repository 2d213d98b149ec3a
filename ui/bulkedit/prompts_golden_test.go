package bulkedit

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"rdash/ui/internal/uitest"
)

// sizes are the terminal sizes the goldens pin, from the smallest the
// dashboard supports to a large one.
var sizes = [][2]int{{60, 20}, {80, 24}, {120, 40}, {200, 60}}

// entryID matches a journal entry's ID, whose time and suffix change on
// every run.
var entryID = regexp.MustCompile(`\d{8}T\d{6}\.\d{9}Z-(edit|delete)-[0-9a-f]{4}`)

// pinNormal is pin for screens that show journal entries: each ID reads
// as one of the same length, so the lines wrap as they did.
func (e *env) pinNormal(t *testing.T, name string) {
	t.Helper()
	t.Run(name, func(t *testing.T) {
		e.t = t
		e.check()
		golden.RequireEqual(t, entryID.ReplaceAllStringFunc(e.d.Screen(), func(id string) string {
			kind := entryID.FindStringSubmatch(id)[1]
			return "20260101T000000.000000000Z-" + kind + "-0000"
		}))
	})
	e.t = t
}

// TestPromptsGolden pins what asks for a decision or says what was done,
// at every size: the question of an edit of more than a handful of
// versions (with a changelog diff in its preview), its results, the
// question of its undo, and the typed count of a deletion. At 60x20 none
// may be cut: prompts wrap, buttons stand on their own line.
func TestPromptsGolden(t *testing.T) {
	t.Parallel()
	for _, size := range sizes {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			t.Parallel()
			c, _ := uitest.Sandbox(t, "alice")
			chosen := byVersion(t, c, "lumen", "2.4.0", "2.3.1", "2.3.0", "2.2.0", "2.1.0", "2.0.0")
			e := open(t, c, Factory, selection("lumen", chosen, 0), size[0], size[1])
			e.settle()
			e.choose(target{field: fieldName}, "set to")
			e.typeInto(target{field: fieldName, part: partText}, "Lumen, renamed")
			e.choose(target{field: fieldChangelog}, "set to")
			e.focus(target{field: fieldChangelog, part: partText})
			e.d.Press("enter")
			e.d.Type("# Lumen\n\nOne changelog for every version.")
			e.d.Press("esc")
			e.preview()
			e.pin(t, "preview")
			e.d.Press("enter")
			e.pin(t, "question")
			e.d.Press("y")
			e.results()
			e.pinNormal(t, "results")
			e.d.Press("u")
			e.d.WaitFor("the undo's plan", func() bool { return e.plan() != nil && e.plan().kind == kindUndo })
			e.d.Press("enter")
			e.pin(t, "undo question")

			d := open(t, c, DeleteFactory, selection("lumen", chosen[:2], 1), size[0], size[1])
			d.settle()
			d.d.Type("2")
			d.pin(t, "delete")
			d.d.Press("enter")
			d.results()
			d.pinNormal(t, "deleted")
			if strings.Contains(d.d.Screen(), "…") {
				t.Errorf("the results are cut:\n%s", d.d.Screen())
			}
		})
	}
}
