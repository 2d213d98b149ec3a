package cmd

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/term"
)

// terminalWidth is a writer that knows the width of the terminal it
// writes to; tests give one to fake a terminal.
type terminalWidth interface{ TerminalWidth() int }

// proseWidth is the width prose written to w is wrapped at: the
// terminal's, when w is one, else 0: a pipe or a file gets each paragraph
// on one line, for scripts and for the reader's own wrapping.
func proseWidth(w io.Writer) int {
	switch w := w.(type) {
	case terminalWidth:
		return w.TerminalWidth()
	case *os.File:
		if !term.IsTerminal(w.Fd()) {
			return 0
		}
		width, _, err := term.GetSize(w.Fd())
		if err != nil {
			return 0
		}
		return width
	}
	return 0
}

// printProse prints text, sentences for people, to w, word-wrapped at
// its terminal's width (proseWidth), so the terminal never cuts a word
// where the line ends.
func printProse(w io.Writer, text string) {
	fmt.Fprintln(w, wrapProse(strings.TrimSuffix(text, "\n"), proseWidth(w)))
}

// wrapProse wraps each line of text at width cells, breaking only at
// spaces: a word wider than the line (a path, a URL) stands alone on its
// line, whole. A continuation keeps the line's indent, and a "! " line's
// continuations are indented under its text. Width 0 leaves text as it
// is. (ansi.Wordwrap also breaks at every hyphen, which would cut a path
// or a name such as rdash-token-check.)
func wrapProse(text string, width int) string {
	if width <= 0 {
		return text
	}
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = wrapLine(l, width)
	}
	return strings.Join(lines, "\n")
}

func wrapLine(line string, width int) string {
	lead := line[:len(line)-len(strings.TrimLeft(line, " "))]
	indent := lead
	if strings.HasPrefix(line, "! ") {
		indent = "  "
	}
	var b strings.Builder
	b.WriteString(lead)
	col := ansi.StringWidth(lead)
	for i, word := range strings.Fields(line) {
		w := ansi.StringWidth(word)
		switch {
		case i == 0:
		case col+1+w <= width:
			b.WriteByte(' ')
			col++
		default:
			b.WriteString("\n" + indent)
			col = ansi.StringWidth(indent)
		}
		b.WriteString(word)
		col += w
	}
	return b.String()
}
