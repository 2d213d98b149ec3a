package applyflow

import (
	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"

	"rdash/ui/common"
)

// HintLine is a screen's own line of key hints, as the dashboard's footer
// lays them out (common.Footer): whole hints, most used first, until the
// next does not fit. When one is left out the line ends in "? more",
// the key that lists them all, if help opens the help there (it is
// disabled where ? types); when all fit it ends with the last hint, as
// the dashboard's footer already offers ? help.
func HintLine(s *common.Styles, width int, hints []key.Binding, help key.Binding) string {
	more := key.NewBinding(key.WithDisabled())
	if help.Enabled() && !fits(s, width, hints) {
		more = common.WithHelp(help, help.Help().Key, "more")
	}
	return common.Footer(s.Help, width, hints, more)
}

// fits reports that every hint shows on a line of width.
func fits(s *common.Styles, width int, hints []key.Binding) bool {
	none := key.NewBinding(key.WithDisabled())
	return ansi.StringWidth(common.Footer(s.Help, 1<<20, hints, none)) <= width
}
