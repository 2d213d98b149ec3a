package applyflow

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"rdash/ui/markdown"
)

// wrap breaks each (styled) line at spaces to width, a word longer than
// width across lines: what asks for a decision, or says what was done, is
// read whole rather than cut with "…".
func wrap(lines []string, width int) []string {
	width = max(width, 1)
	out := make([]string, 0, len(lines))
	for _, l := range lines {
		if ansi.StringWidth(l) <= width {
			out = append(out, l)
			continue
		}
		out = append(out, strings.Split(markdown.Wrap(l, width), "\n")...)
	}
	return out
}

// Hints lays out a footer's hints ("enter adds it", "tab next") on as
// few lines as width allows, never splitting one across lines unless it
// is wider than width: a hint is never cut.
func Hints(parts []string, width int) []string { return wrapParts(parts, width) }

// Hang is head followed by body wrapped in the room left, each further
// line indented by head's width, as a preview's "Label   value" rows are
// laid out: a value is read whole rather than cut.
func Hang(head, body string, width int) []string {
	indent := ansi.StringWidth(head)
	if indent >= width-8 {
		return wrap([]string{head + body}, width)
	}
	lines := wrap([]string{body}, width-indent)
	for i := range lines {
		if i == 0 {
			lines[i] = head + lines[i]
		} else {
			lines[i] = strings.Repeat(" ", indent) + lines[i]
		}
	}
	return lines
}

// wrapParts joins parts with " · " on as few lines as width allows,
// breaking only between parts (a key and what it does stay together); a
// part wider than width is wrapped alone.
func wrapParts(parts []string, width int) []string {
	var out []string
	line := ""
	for _, p := range parts {
		switch {
		case line == "":
			line = p
		case ansi.StringWidth(line+sep+p) <= width:
			line += sep + p
		default:
			out = append(out, wrap([]string{line + " ·"}, width)...)
			line = p
		}
	}
	if line != "" {
		out = append(out, wrap([]string{line}, width)...)
	}
	return out
}

const sep = " · "
