package applyflow

import (
	tea "charm.land/bubbletea/v2"

	"rdash/ui/common"
)

// mouse handles the mouse, which reaches the flow only when it is on:
// the wheel scrolls the preview (its changelog diff among its lines) and
// the results; a click on the results selects the version it is on.
func (f *Flow) mouse(msg tea.MouseMsg) {
	switch msg := msg.(type) {
	case tea.MouseWheelMsg:
		if f.stage != StageRunning {
			f.scroll += common.Wheel(msg) * common.WheelLines
			f.clampScroll()
		}
	case tea.MouseClickMsg:
		if f.stage == StageResults && common.LeftClick(msg) {
			f.click(msg.Y)
		}
	}
}

// click selects the outcome on line y of the view.
func (f *Flow) click(y int) {
	p, start, h := f.layout()
	_, rows := f.results.lines(f.common.Styles, f.width, f.picked)
	if i, ok := common.RowAt(y, len(p.header), h, start, rows); ok {
		f.picked = f.results.order[i]
	}
}
