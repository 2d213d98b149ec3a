package markdown

import (
	"regexp"
	"slices"
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// glamour wraps a block at spaces and at " ,.;-+|" too, so an address
// broke at its first dot or hyphen ("https://example." then
// "org/lumen/…") though it fit a line alone. Inside an address each of
// those is swapped for a private-use character of the same width, at
// which glamour does not break, and swapped back once rendered (the
// OSC 8 target with it): an address moves whole to the next line, and
// one longer than a line breaks only where the line ends. A source that
// holds one of those characters itself is rendered as it is.
var (
	urlPattern = regexp.MustCompile(`(?i)\b(?:https?://|mailto:)[^\s<>()\[\]"'` + "`" + `]+`)
	guard      = strings.NewReplacer(".", "\ue000", ",", "\ue001", ";", "\ue002", "-", "\ue003", "+", "\ue004", "|", "\ue005")
	unguard    = strings.NewReplacer("\ue000", ".", "\ue001", ",", "\ue002", ";", "\ue003", "-", "\ue004", "+", "\ue005", "|")
	guards     = "\ue000\ue001\ue002\ue003\ue004\ue005"
)

// guardURLs points the text of every address doc shows (in its text, a
// link's target, an autolink) at a guarded copy appended to src, whose
// own bytes stay where the nodes read them; it returns the source to
// render doc with.
func guardURLs(doc ast.Node, src []byte) []byte {
	out := slices.Clip(src)
	appendGuarded := func(b []byte) text.Segment {
		start := len(out)
		out = append(out, urlPattern.ReplaceAllStringFunc(string(b), guard.Replace)...)
		return text.NewSegment(start, len(out))
	}
	var autolinks []*ast.AutoLink
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Text:
			if v := n.Segment.Value(src); urlPattern.Match(v) {
				seg := appendGuarded(v)
				seg.Padding = n.Segment.Padding
				n.Segment = seg
			}
		case *ast.Link:
			n.Destination = []byte(urlPattern.ReplaceAllStringFunc(string(n.Destination), guard.Replace))
		case *ast.AutoLink:
			if n.AutoLinkType == ast.AutoLinkURL {
				autolinks = append(autolinks, n)
			}
		}
		return ast.WalkContinue, nil
	})
	for _, n := range autolinks { // its text is its value, which only a new node can change
		v := ast.NewTextSegment(appendGuarded(n.URL(src)))
		n.Parent().ReplaceChild(n.Parent(), n, ast.NewAutoLink(ast.AutoLinkURL, v))
	}
	return out
}

// Wrap breaks s, which may be styled, into lines of at most width cells
// at its spaces, for what the dashboard writes around changelogs: a word
// longer than a line breaks where the line ends. Unlike ansi.Wrap alone,
// it breaks no address at a hyphen: one that fits a line moves to the
// next whole ("https://github.com/lumen-" then "mc/lumen/…" no more).
func Wrap(s string, width int) string {
	if strings.ContainsAny(s, guards) {
		return ansi.Wrap(s, width, " ")
	}
	return unguard.Replace(ansi.Wrap(urlPattern.ReplaceAllStringFunc(s, guard.Replace), width, " "))
}
