package chart

import (
	"strings"

	"charm.land/lipgloss/v2"
)

// paint is a style as the escape sequences before and after the text:
// what lipgloss writes around a word for a style of colours and
// attributes alone. A chart paints every bar's parts, and a Render of a
// bar of 150 blocks measures each of them as a grapheme; a paint only
// joins strings.
type paint struct {
	open, close string
	style       lipgloss.Style
	ok          bool // the style is a prefix and a suffix; else Render
}

// paintOf finds the sequences style writes around a letter. A style that
// lays out (padding, margins, borders, a width) does not split so, and
// is rendered as it is.
func paintOf(style lipgloss.Style) paint {
	r := style.Render("x")
	if strings.Count(r, "x") != 1 {
		return paint{style: style}
	}
	open, close, _ := strings.Cut(r, "x")
	return paint{open: open, close: close, style: style, ok: true}
}

// on is text painted.
func (p paint) on(text string) string {
	switch {
	case text == "":
		return ""
	case !p.ok:
		return p.style.Render(text)
	}
	return p.open + text + p.close
}

// paints are a chart's styles as paints, found once a drawing.
type paints struct{ label, bar, value, note, selected paint }

func newPaints(st Styles) paints {
	return paints{label: paintOf(st.Label), bar: paintOf(st.Bar), value: paintOf(st.Value),
		note: paintOf(st.Note), selected: paintOf(st.Selected)}
}
