package applyflow

import (
	"testing"

	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"

	"rdash/ui/common"
)

// A screen's own hint line shows whole hints: at a width where they do
// not all fit, it leaves the last out and ends in "? more" where ? opens
// the help, and with nothing after the last hint that fits where it types.
func TestHintLine(t *testing.T) {
	t.Parallel()
	s := common.NewStyles(common.Theme{Dark: true, NoColor: true})
	hints := []key.Binding{common.Bind([]string{"enter"}, "enter", "download"), common.Bind([]string{"tab"}, "tab", "directory"),
		common.Bind([]string{"esc"}, "esc", "back")}
	help := common.DefaultKeyMap().Help
	for _, tt := range []struct {
		width int
		help  key.Binding
		want  string
	}{
		{80, help, "enter download • tab directory • esc back"},
		{40, help, "enter download • tab directory • ? more"},
		{30, help, "enter download • ? more"},
		{30, key.NewBinding(key.WithDisabled()), "enter download • tab directory"},
	} {
		if got := ansi.Strip(HintLine(s, tt.width, hints, tt.help)); got != tt.want {
			t.Errorf("HintLine at %d = %q, want %q", tt.width, got, tt.want)
		}
	}
}
