package stats

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"rdash/internal/safe"
	"rdash/ui/chart"
	"rdash/ui/common"
)

// maxWidth is the widest the charts are drawn: past it a bar's value is
// too far from its label to read across, as a changelog is capped near
// 120 columns.
const maxWidth = 120

// infoLines are the lines under the charts that say what the selected
// bar counts and what enter does there.
const infoLines = 2

// drawing is the charts drawn at the screen's width: the lines of them
// all with no bar selected, and where each chart and its title start.
type drawing struct {
	lines   []string
	charts  []*chart.Drawn
	chartAt []int // the line of each chart's first bar
	titleAt []int // the line of each chart's title
}

// redraw draws the charts at the width, from the counts; View then only
// picks the lines on screen.
func (m *Model) redraw() {
	m.renderHead()
	var d drawing
	s, st := m.common.Styles, chart.NewStyles(m.common.Styles)
	w := min(m.width, maxWidth)
	for i, sec := range m.secs {
		if i > 0 {
			d.lines = append(d.lines, "")
		}
		d.titleAt = append(d.titleAt, len(d.lines))
		d.lines = append(d.lines, wrap(sec.title, w, s.Section.Render)...)
		if sec.rule != "" {
			d.lines = append(d.lines, wrap(sec.rule, w, s.Muted.Render)...)
		}
		c := sec.chart.Draw(w, st)
		d.chartAt = append(d.chartAt, len(d.lines))
		d.charts = append(d.charts, c)
		d.lines = append(d.lines, c.Lines...)
	}
	m.drawn = d
	m.moveTo(m.cursor)
}

// wrap breaks text into lines of width at spaces, each styled.
func wrap(text string, width int, style func(...string) string) []string {
	lines := strings.Split(ansi.Wrap(text, max(width, 1), " "), "\n")
	for i, l := range lines {
		lines[i] = style(l)
	}
	return lines
}

// bodyHeight is the lines the charts have: the height less the heading
// and the lines of the selected bar.
func (m *Model) bodyHeight() int { return max(m.height-len(m.heading())-infoLines, 1) }

// moveTo selects bar i (within the bars there are) and scrolls so that
// it is on screen, with its chart's title when it is the chart's first.
func (m *Model) moveTo(i int) {
	n := m.bars()
	m.cursor = min(max(i, 0), max(n-1, 0))
	sec, bar := m.at(m.cursor)
	if sec < 0 || sec >= len(m.drawn.charts) {
		m.top = 0
		return
	}
	c := m.drawn.charts[sec]
	start, end := m.drawn.chartAt[sec]+c.Start[bar], m.drawn.chartAt[sec]+c.End(bar)
	if bar == 0 {
		start = m.drawn.titleAt[sec]
	}
	h := m.bodyHeight()
	switch {
	case start < m.top:
		m.top = start
	case end > m.top+h:
		m.top = max(end-h, 0)
	}
	m.top = min(m.top, max(len(m.drawn.lines)-h, 0))
}

// View implements common.Screen: the heading, the charts (or how far
// their loading is), and what the selected bar counts.
func (m *Model) View() string {
	head := m.heading()
	body := m.body(m.bodyHeight())
	info := ""
	if m.showsCharts() {
		info = strings.Join(wrap(m.info(), m.width, m.common.Styles.Muted.Render), "\n")
	}
	return strings.Join(head, "\n") + "\n" + body + "\n" + common.Clip(info, m.width, infoLines)
}

// showsCharts reports that the charts are on screen: the whole list is
// counted and no load is on its way.
func (m *Model) showsCharts() bool { return m.loaded && m.load == nil && m.bars() > 0 }

// heading is the lines above the charts, drawn when what they say
// changes (renderHead), not at every frame.
func (m *Model) heading() []string { return m.head }

// renderHead draws the heading: the totals, and the filter the counts
// are under, the list's, said as the list says it.
func (m *Model) renderHead() {
	s := m.common.Styles
	var total string
	switch {
	case m.loaded && m.load == nil:
		total = s.Bold.Render(common.Plural(m.counts.Versions, "version")+" · "+common.Plural(m.counts.Downloads, "download")) +
			s.Muted.Render(" in all")
	case m.failed:
		total = s.Muted.Render("Nothing counted")
	default:
		total = s.Muted.Render("Counting the versions of " + safe.Line(m.project.Key()) + "…")
	}
	lines := []string{common.Cut(total, m.width)}
	for i, l := range wrap(m.filterText(), m.width, s.Muted.Render) {
		if i < 2 {
			lines = append(lines, common.Cut(l, m.width))
		}
	}
	m.head = lines
}

// filterText says which versions are counted.
func (m *Model) filterText() string {
	f := m.filter
	if m.unfiltered() {
		return "Every version of " + safe.Line(m.project.Key()) + ": the list has no filter."
	}
	var parts []string
	if len(f.Channels) > 0 {
		parts = append(parts, "channel "+strings.Join(safe.Lines(f.Channels), ", "))
	}
	if len(f.Game) > 0 {
		parts = append(parts, "game "+strings.Join(safe.Lines(f.Game), ", "))
	}
	if f.Search != "" {
		parts = append(parts, "search “"+safe.Line(f.Search)+"”")
	}
	return "The versions the list's filter lists: " + strings.Join(parts, " · ") + "."
}

// body is the charts' lines on screen, the selected bar drawn so; or,
// before they can be drawn, why not.
func (m *Model) body(h int) string {
	s := m.common.Styles
	var text string
	switch {
	case m.load != nil:
		text = "Loading every version of " + safe.Line(m.project.Key()) + " to count them: " + m.pages.progress() +
			". The charts count the whole list, so they wait for its last page."
	case m.failed:
		text = "The versions could not all be loaded, so nothing is counted. r tries again."
	case !m.loaded:
		text = ""
	case m.bars() == 0 && m.unfiltered():
		text = safe.Line(m.project.Key()) + " has no versions to count."
	case m.bars() == 0:
		text = "No version matches the list's filter: nothing to count."
	default:
		return m.window(h)
	}
	return common.Clip("\n"+strings.Join(wrap(text, m.width-2, func(l ...string) string { return "  " + s.Muted.Render(l...) }), "\n"), m.width, h)
}

// window is the h lines of the charts from the top line on, the selected
// bar drawn selected.
func (m *Model) window(h int) string {
	d := &m.drawn
	end := min(m.top+h, len(d.lines))
	lines := append([]string(nil), d.lines[m.top:end]...)
	if sec, bar := m.at(m.cursor); sec >= 0 {
		start := d.chartAt[sec] + d.charts[sec].Start[bar]
		for k, l := range d.charts[sec].Selected(bar) {
			if i := start + k - m.top; i >= 0 && i < len(lines) {
				lines[i] = l
			}
		}
	}
	for len(lines) < h {
		lines = append(lines, "")
	}
	return strings.Join(lines, "\n")
}
