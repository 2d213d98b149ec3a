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

// View renders the flow in its size; the screen clips it.
func (f *Flow) View() string {
	p := f.page()
	h := p.height(f.height)
	start := min(f.scroll, max(len(p.content)-h, 0))
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

func (f *Flow) page() page {
	switch {
	case f.task == nil:
		return page{}
	case f.stage == StageRunning:
		return page{header: f.runningHeader(), footer: f.noticeLines()}
	case f.stage == StageResults:
		return page{header: f.resultsHeader(), content: f.results.lines(f.common.Styles, f.width), footer: f.resultsFooter()}
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
		foot = []string{f.previewFooter(p)}
	case f.err != nil:
		p = f.task.Waiting()
		p.Lines = []string{s.Bad.Render(common.Describe(f.err).Text())}
		foot = []string{s.Muted.Render("Nothing was sent. r tries again · esc goes back")}
	default:
		p = f.task.Waiting()
	}
	return page{header: append(f.cut(p.Header), ""), content: p.Lines, footer: f.cut(append(foot, f.noticeLines()...))}
}

func (f *Flow) previewFooter(p Preview) string {
	s := f.common.Styles
	switch {
	case p.Blocked != "":
		return p.Blocked
	case f.asking:
		return f.question()
	case f.opts.Typing != nil:
		return s.Bold.Render(f.plan.Confirm().Prompt) + f.typed.View()
	}
	return s.Muted.Render(p.Enter)
}

// question asks before the run, with the focus on Cancel.
func (f *Flow) question() string {
	s := f.common.Styles
	c := f.plan.Confirm()
	yes := "[ " + c.Yes + " ]"
	cancel, ok := s.Cursor.Render("[ Cancel ]"), s.Muted.Render(yes)
	if f.sure {
		cancel, ok = s.Muted.Render("[ Cancel ]"), s.Cursor.Render(yes)
	}
	return s.Bold.Render(c.Question) + "  " + cancel + " " + ok
}

func (f *Flow) noticeLines() []string {
	if f.notice == "" {
		return nil
	}
	return []string{f.common.Styles.Warn.Render(f.notice)}
}

func (f *Flow) cut(lines []string) []string {
	for i := range lines {
		lines[i] = common.Cut(lines[i], f.width)
	}
	return lines
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

// cancelLines say that the Cancel key cancels the run, or is cancelling it.
func (f *Flow) cancelLines() []string {
	j, ok := f.job.(CancellableJob)
	if !ok {
		return nil
	}
	offer, cancelling := j.CancelWords()
	if f.run.cancelled {
		offer = cancelling
	}
	return []string{"", f.common.Styles.Muted.Render(common.Cut(offer, f.width))}
}

func (f *Flow) resultsHeader() []string {
	s := f.common.Styles
	r := f.results
	sum := s.Good.Render(r.summary())
	if len(r.failed()) > 0 {
		sum = s.Warn.Render(r.summary())
	}
	return []string{
		s.Title.Render(r.words.Results + ": " + CountVersions(len(r.order)) + " of " + safe.Line(r.words.Of)),
		sum,
		s.Muted.Render(common.Cut(r.words.Record+": "+strings.Join(r.record, ", "), f.width)),
		"",
	}
}

func (f *Flow) resultsFooter() []string {
	var parts []string
	if n := len(f.results.failed()); n > 0 {
		parts = append(parts, fmt.Sprintf("r retries the %d that did not end as intended", n))
	}
	for _, a := range f.actions() {
		parts = append(parts, a.Says)
	}
	parts = append(parts, "esc back to the list")
	return append([]string{f.common.Styles.Muted.Render(strings.Join(parts, " · "))}, f.noticeLines()...)
}

// sentence capitalises s.
func sentence(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
