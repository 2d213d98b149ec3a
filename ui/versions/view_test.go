package versions

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"rdash/api"
	"rdash/ui/common"
	"rdash/ui/internal/uitest"
	"rdash/ui/route"
)

func TestGolden(t *testing.T) {
	t.Parallel()
	for _, size := range [][2]int{{60, 20}, {80, 24}, {120, 40}, {200, 60}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			t.Parallel()
			d, _, _ := start(t, "lumen", size[0], size[1])
			d.Press("j", "space", "j")
			uitest.RequireFits(t, d.Screen(), size[0], size[1])
			uitest.RequireTerminalSafe(t, d.Raw())
			golden.RequireEqual(t, d.Screen())
		})
	}
}

// Version strings are never cut while another column can give way: at
// 60x20 "2.0.0-b…" stood twice in the list right before marking versions
// to delete, while DOWNLOADS and CREATED kept their full width.
func TestVersionsShowWholeAtEveryWidth(t *testing.T) {
	t.Parallel()
	d, m, _ := start(t, "lumen", 80, 30)
	for _, w := range []int{20, 40, 60, 80, 100, 120, 200} {
		d.Send(teaSize(w, 30))
		lines := strings.Split(d.Screen(), "\n")
		for i, v := range column(m, func(v api.Version) string { return v.Version }) {
			if f := strings.Fields(strings.TrimPrefix(lines[2+i], "●")); len(f) == 0 || f[0] != v {
				t.Fatalf("width %d: row %d shows %q, want the version %s whole:\n%s", w, i, lines[2+i], v, d.Screen())
			}
		}
	}
}

func TestEveryWidthFits(t *testing.T) {
	t.Parallel()
	d, _, _ := start(t, "lumen", 80, 24)
	for _, w := range []int{20, 40, 60, 79, 100, 139, 140, 200} {
		d.Send(teaSize(w, 24))
		uitest.RequireFits(t, d.Screen(), w, 24)
	}
}

func TestNoColorKeepsTheCursorVisible(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "")
	cm := uitest.Common(t)
	cm.Styles = common.NewStyles(common.Theme{NoColor: true})
	m := New(cm, c, route.VersionsArgs{Project: common.ProjectRef{Slug: "lumen"}})
	d := uitest.NewDriver(t, uitest.Screen{S: m}, 80, 24)
	waitLoaded(d, m)
	raw := d.Raw()
	if !strings.Contains(raw, "\x1b[7m") {
		t.Error("no reverse video for the cursor")
	}
	if strings.Contains(raw, "38;") || strings.Contains(raw, "48;") {
		t.Error("colours despite NO_COLOR")
	}
}
