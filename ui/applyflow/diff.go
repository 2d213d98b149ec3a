package applyflow

import (
	"fmt"
	"strings"

	udiff "github.com/aymanbagabas/go-udiff"

	"rdash/internal/safe"
	"rdash/ui/common"
)

// diffContext is how many unchanged lines show around each change.
const diffContext = 2

// Diff is a text's change (a changelog's), line by line. Working it out
// reads both texts whole, so it is made in a command (a Task's Plan) and
// drawn at any width by the preview.
type Diff struct {
	hunks          []*udiff.Hunk
	added, removed int
}

// NewDiff works out the lines added and removed from before to after.
func NewDiff(before, after string) Diff {
	before, after = withNewline(before), withNewline(after)
	u, err := udiff.ToUnifiedDiff("before", "after", before, udiff.Lines(before, after), diffContext)
	if err != nil { // the edits come from the same texts: cannot happen
		return Diff{}
	}
	d := Diff{hunks: u.Hunks}
	for _, h := range u.Hunks {
		for _, l := range h.Lines {
			switch l.Kind {
			case udiff.Insert:
				d.added++
			case udiff.Delete:
				d.removed++
			}
		}
	}
	return d
}

// withNewline ends a non-empty text with a newline, so that a last line
// without one does not read as changed.
func withNewline(s string) string {
	if s == "" || strings.HasSuffix(s, "\n") {
		return s
	}
	return s + "\n"
}

// Summary counts the lines changed: "+3 −1 lines".
func (d Diff) Summary() string {
	n := "lines"
	if d.added+d.removed == 1 {
		n = "line"
	}
	return "+" + common.Count(int64(d.added)) + " −" + common.Count(int64(d.removed)) + " " + n
}

// Lines draws the diff under indent spaces: lines added green with "+",
// removed red with "−", unchanged ones around them muted, and where lines
// are skipped, the line number the next change is at. Every line of text
// is the server's or the user's, so it passes through safe.Line; long
// ones wrap.
func (d Diff) Lines(s *common.Styles, indent, width int) []string {
	pad := strings.Repeat(" ", indent)
	var out []string
	shown, total := 0, 0
	for _, h := range d.hunks {
		total += len(h.Lines)
	}
	for _, h := range d.hunks {
		if shown >= maxDiffLines {
			break
		}
		out = append(out, pad+s.Muted.Render(fmt.Sprintf("@@ line %d @@", h.FromLine)))
		for _, l := range h.Lines {
			if shown++; shown > maxDiffLines {
				break
			}
			text := safe.Line(strings.TrimRight(l.Content, "\r\n"))
			var head string
			switch l.Kind {
			case udiff.Insert:
				head, text = s.Good.Render("+ "), s.Good.Render(text)
			case udiff.Delete:
				head, text = s.Bad.Render("− "), s.Bad.Render(text)
			default:
				head, text = "  ", s.Muted.Render(text)
			}
			out = append(out, Hang(pad+head, text, width)...)
		}
	}
	if total > maxDiffLines {
		out = append(out, pad+s.Warn.Render(fmt.Sprintf("… %s more lines of this diff are not shown (%s in all)",
			common.Count(int64(total-maxDiffLines)), d.Summary())))
	}
	return out
}

// maxDiffLines bounds the lines of one diff the preview draws: a change
// of a whole changelog of megabytes would take seconds to draw at every
// key, and says no more than its counts.
const maxDiffLines = 2000
