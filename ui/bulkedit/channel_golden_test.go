package bulkedit

import (
	"fmt"
	"testing"

	"rdash/api/sandbox"
	"rdash/ui/internal/uitest"
)

// TestTypedChannelGolden pins, at every size, a channel typed in the
// form, the preview's note that rdash could not check it, and, against
// the strict sandbox, which refuses it, the results and the form e goes
// back to, the channel marked.
func TestTypedChannelGolden(t *testing.T) {
	t.Parallel()
	for _, size := range sizes {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			t.Parallel()
			c, _ := uitest.Sandbox(t, "alice")
			e := openEdit(t, c, "emberforge-core", versionsOf(t, c, "emberforge-core", 2), size[0], size[1])
			e.typeChannel("lts")
			e.pin(t, "form")
			e.preview()
			e.pin(t, "preview")

			s := sandboxAs(t, "alice", sandbox.Options{Strict: true})
			e = openEdit(t, s, "lumen", versionsOf(t, s, "lumen", 2), size[0], size[1])
			e.typeChannel("nosuch")
			e.preview()
			e.d.Press("enter")
			e.results()
			e.pin(t, "refused")
			e.d.Press("e")
			e.pin(t, "draft")
		})
	}
}
