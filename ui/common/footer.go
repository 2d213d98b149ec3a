package common

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"
)

// footerSeparator goes between two hints, as in the help bubble.
const footerSeparator = " • "

// Footer renders hints on one line at most width cells wide. hints come
// most used first; they are shown in that order, each whole, until the
// next does not fit. A hint is never cut: one that does not fit is left
// out, and so are those after it (a shorter one further down would show a
// rarer key before a more used one). more is the help key: the line ends
// with it, described "more" when a hint was left out (the ? overlay lists
// every key), else with its own description. A disabled more ends the
// line with nothing, for when no key opens the help (a field has the keys
// and ? types a ?).
//
// A hint whose keys all belong to an earlier hint is dropped: it is the
// same key shown twice ("esc back • esc back"), or a second meaning that
// the key does not have here, since the first binding takes it.
func Footer(s help.Styles, width int, hints []key.Binding, more key.Binding) string {
	var parts []string
	used, room := 0, width
	if more.Enabled() { // room for either ending
		w := max(ansi.StringWidth(renderHint(s, more.Help().Key, "more")),
			ansi.StringWidth(renderHint(s, more.Help().Key, more.Help().Desc)))
		room -= ansi.StringWidth(footerSeparator) + w
	}
	shown, left := 0, false
	for _, b := range visibleHints(hints) {
		h := renderHint(s, b.Help().Key, b.Help().Desc)
		w := ansi.StringWidth(h)
		if shown > 0 {
			w += ansi.StringWidth(footerSeparator)
		}
		if used+w > room {
			left = true
			break
		}
		parts = append(parts, h)
		used += w
		shown++
	}
	if more.Enabled() {
		desc := more.Help().Desc
		if left {
			desc = "more"
		}
		parts = append(parts, renderHint(s, more.Help().Key, desc))
	}
	sep := s.ShortSeparator.Render(footerSeparator)
	return Cut(strings.Join(parts, sep), width) // only a tail wider than the line is cut
}

// visibleHints are the enabled hints with help text, each key once.
func visibleHints(hints []key.Binding) []key.Binding {
	var out []key.Binding
	var seen []string
	for _, b := range hints {
		if !b.Enabled() || b.Help().Key == "" {
			continue
		}
		keys := b.Keys()
		if len(keys) > 0 && !slices.ContainsFunc(keys, func(k string) bool { return !slices.Contains(seen, k) }) {
			continue
		}
		seen = append(seen, keys...)
		out = append(out, b)
	}
	return out
}

func renderHint(s help.Styles, k, desc string) string {
	return s.ShortKey.Render(k) + " " + s.ShortDesc.Render(desc)
}
