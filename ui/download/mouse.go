package download

import (
	tea "charm.land/bubbletea/v2"

	"rdash/ui/common"
)

// filesTop is the line of the body the files start on, under the title
// and a blank line (View).
const filesTop = 2

// mouse handles the mouse, which reaches the screen only when it is on:
// on the list of files, the wheel moves the choice a file a notch and a
// click chooses the file clicked, the focus back on the files.
func (m *Model) mouse(msg tea.MouseMsg) {
	if m.stage != stageChoose || m.loading || len(m.version.Files) == 0 {
		return
	}
	switch msg := msg.(type) {
	case tea.MouseWheelMsg:
		m.chosen = max(0, min(m.chosen+common.Wheel(msg), len(m.version.Files)-1))
	case tea.MouseClickMsg:
		rows := make([]int, len(m.version.Files))
		for i := range rows {
			rows[i] = i
		}
		if i, ok := common.RowAt(msg.Y, filesTop, len(rows), 0, rows); ok && common.LeftClick(msg) {
			m.chosen, m.dirFocus = i, false // the files have the keys again
			m.dir.Blur()
		}
	}
}
