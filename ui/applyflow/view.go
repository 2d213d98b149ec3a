package applyflow

import (
	"fmt"
	"strings"

	"rdash/internal/safe"
	"rdash/ui/common"
)

// page is what the flow shows: a header, content that scrolls, and a
// footer.
type page struct {
	header, content, footer []string
}

// height is the room for content in h lines, less a line to say it
// scrolls when it does not fit.
func (p page) height(h int) int {
	h = max(h-len(p.header)-len(p.footer), 0)
	if len(p.content) > h {
		h = max(h-1, 0)
	}
	return h
}

// View renders the flow in its size; the screen clips it. The footer,
// which asks for the decision, is never what gives way: when the height
// is short, the header's last lines go first.
func (f *Flow) View() string {
	p, start, h := f.layout()
	body := p.content[start:min(start+h, len(p.content))]
	lines := append(p.header, body...)
	for range h - len(body) {
		lines = append(lines, "")
	}
	if len(p.content) > h {
		more := len(p.content) - start - len(body)
		lines = append(lines, f.common.Styles.Muted.Render(fmt.Sprintf("↑/↓ scroll · %d more below", more)))
	}
	return strings.Join(append(lines, p.footer...), "\n")
}

// layout is the page as View draws it: its header, cut to leave room
// for the footer, the first line of content shown, and the lines the
// content has.
func (f *Flow) layout() (p page, start, h int) {
	p = f.page()
	reserve := len(p.footer)
	if len(p.content) > 0 {
		reserve++ // at least the line that says the content scrolls
	}
	if over := len(p.header) + reserve - f.height; over > 0 {
		p.header = p.header[:max(len(p.header)-over, 0)]
	}
	h = p.height(f.height)
	return p, min(f.scroll, max(len(p.content)-h, 0)), h
}

func (f *Flow) page() page {
	switch {
	case f.task == nil:
		return page{}
	case f.stage == StageRunning:
		return page{header: f.runningHeader(), footer: f.noticeLines()}
	case f.stage == StageResults:
		content, _ := f.results.lines(f.common.Styles, f.width, f.picked)
		return page{header: f.resultsHeader(), content: content, footer: f.resultsFooter()}
	}
	return f.previewPage()
}

func (f *Flow) previewPage() page {
	s := f.common.Styles
	var p Preview
	var foot []string
	switch {
	case f.plan != nil:
		p = f.plan.Preview(f.width)
		foot = f.previewFooter(p)
	case f.err != nil:
		p = f.task.Waiting()
		p.Lines = []string{s.Bad.Render(common.Describe(f.err).Text())}
		foot = []string{s.Muted.Render("Nothing was sent. r tries again · esc goes back")}
	default:
		p = f.task.Waiting()
	}
	return page{header: append(wrap(p.Header, f.width), ""), content: p.Lines, footer: wrap(append(foot, f.noticeLines()...), f.width)}
}

func (f *Flow) previewFooter(p Preview) []string {
	s := f.common.Styles
	switch {
	case p.Blocked != "":
		return []string{p.Blocked}
	case f.asking:
		return f.question()
	case f.opts.Typing != nil:
		return []string{s.Bold.Render(f.plan.Confirm().Prompt), f.typed.View()}
	}
	var out []string
	for _, l := range wrapParts(strings.Split(p.Enter, sep), f.width) { // each hint whole
		out = append(out, s.Muted.Render(l))
	}
	return out
}

// question asks before the run, with the focus on Cancel: the question,
// then the buttons on a line of their own, so neither is ever cut.
func (f *Flow) question() []string {
	s := f.common.Styles
	c := f.plan.Confirm()
	yes := "[ " + c.Yes + " ]"
	button := func(text string, focused bool) string {
		st, gutter := s.Muted, "  "
		if focused {
			st, gutter = s.Cursor, s.Pointer()
		}
		if !s.Theme.NoColor { // the colours say which; without them a ">" does
			gutter = ""
		}
		return gutter + st.Render(text)
	}
	return []string{s.Bold.Render(c.Question), button("[ Cancel ]", !f.sure) + " " + button(yes, f.sure)}
}

func (f *Flow) noticeLines() []string {
	if f.notice == "" {
		return nil
	}
	return []string{f.common.Styles.Warn.Render(f.notice)}
}

func (f *Flow) runningHeader() []string {
	if j, ok := f.job.(ByteJob); ok {
		return f.bytesHeader(j)
	}
	s := f.common.Styles
	r := f.run
	pct := 0.0
	if r.total > 0 {
		pct = float64(r.done) / float64(r.total)
	}
	sent := fmt.Sprintf("%d of %d sent", r.done, r.total)
	if w := f.job.Words(); w.Sent != "" {
		sent += " · " + w.Sent
	}
	return append([]string{
		s.Title.Render(common.Cut(f.runTitle(), f.width)), "",
		"  " + r.bar.ViewAs(pct),
		"  " + s.Muted.Render(sent),
	}, f.cancelLines()...)
}

// bytesHeader is a ByteJob's run: the bar, bytes, rate and time left.
func (f *Flow) bytesHeader(j ByteJob) []string {
	s := f.common.Styles
	done, total, elapsed := j.Bytes()
	return append([]string{
		s.Title.Render(common.Cut(f.runTitle(), f.width)), "",
		"  " + f.run.bar.ViewAs(fraction(done, total)),
		"  " + s.Muted.Render(common.Cut(common.Transfer(done, total, elapsed), f.width-2)),
	}, f.cancelLines()...)
}

// runTitle is Words.Running, or what is being done to how many versions.
func (f *Flow) runTitle() string {
	if w := f.job.Words(); w.Running != "" {
		return w.Running
	}
	return sentence(f.run.what)
}

// cancelLines say that the Cancel key cancels the run, or is cancelling
// it; or, for a run that cannot be cancelled, that it is waited for.
func (f *Flow) cancelLines() []string {
	j, ok := f.job.(interface{ CancelWords() (string, string) })
	if !ok {
		return append([]string{""}, wrap([]string{f.common.Styles.Muted.Render(waitWords)}, f.width)...)
	}
	offer, cancelling := j.CancelWords()
	if f.run.cancelled {
		offer = cancelling
	}
	return append([]string{""}, wrap([]string{f.common.Styles.Muted.Render(offer)}, f.width)...)
}

func (f *Flow) resultsHeader() []string {
	s := f.common.Styles
	r := f.results
	sum := s.Good.Render(r.summary())
	if r.anyFailed() {
		sum = s.Warn.Render(r.summary())
	}
	lines := []string{s.Title.Render(r.words.Results + ": " + CountVersions(len(r.order)) + " of " + safe.Line(r.words.Of)), sum}
	for _, n := range r.notes {
		lines = append(lines, s.Warn.Render(n))
	}
	lines = append(lines, s.Muted.Render(r.words.Record+": "+strings.Join(r.record, ", ")))
	return append(wrap(lines, f.width), "")
}

// resultsFooter offers r for what sending again may mend, and says why
// the refused are not offered it.
func (f *Flow) resultsFooter() []string {
	var parts []string
	if n := len(f.results.retryable()); n > 0 {
		parts = append(parts, fmt.Sprintf("r sends the %s that may go through again", CountVersions(n)))
	}
	if n := f.results.refused(); n > 0 {
		parts = append(parts, refusedSays(n))
	}
	for _, a := range f.actions() {
		parts = append(parts, a.Says)
	}
	parts = append(parts, f.backSays())
	var out []string
	for _, l := range wrapParts(parts, f.width) {
		out = append(out, f.common.Styles.Muted.Render(l))
	}
	return append(out, wrap(f.noticeLines(), f.width)...)
}

// refusedSays why r leaves the refused versions alone: the server would
// refuse them again.
func refusedSays(n int) string {
	if n == 1 {
		return "the 1 refused is not retried: change what → says first"
	}
	return fmt.Sprintf("the %d refused are not retried: change what → says first", n)
}

// waitWords say why a run that cannot be cancelled keeps the screen:
// requests sent cannot be taken back.
const waitWords = "Versions are being changed; the results come when every one is known."

// backSays is where esc goes from the results.
func (f *Flow) backSays() string {
	if f.opts.BackSays != "" {
		return f.opts.BackSays
	}
	return "esc back to the list"
}

// sentence capitalises s.
func sentence(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
