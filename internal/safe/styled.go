package safe

import "strings"

// Styled is Text for text that carries its own styling, such as a
// markdown renderer's output: SGR sequences (colours, bold, underline) and
// OSC 8 hyperlinks whose URL link accepts stay; every other escape
// sequence, and every control and hidden character but newlines, goes as
// in Text. A renderer can put back what its source had escaped (markdown
// decodes "&#27;" to ESC), so its output is checked again here.
func Styled(s string, link func(url string) bool) string {
	return fitClusters(strip(s, true, func(seq string) bool {
		return isSGR(seq) || isLink(seq, link)
	}), true)
}

// isSGR reports whether seq is ESC [ digits, ';' or ':' then m.
func isSGR(seq string) bool {
	p, ok := strings.CutPrefix(seq, "\x1b[")
	p, ok2 := strings.CutSuffix(p, "m")
	return ok && ok2 && strings.Trim(p, "0123456789;:") == ""
}

// isLink reports whether seq is an OSC 8 hyperlink, opening one to a URL
// link accepts or closing one (an empty URL).
func isLink(seq string, link func(string) bool) bool {
	p, ok := strings.CutPrefix(seq, "\x1b]8;")
	if !ok {
		return false
	}
	for _, st := range []string{"\x07", "\x1b\\", "\u009c"} {
		if q, ok := strings.CutSuffix(p, st); ok {
			_, url, ok := strings.Cut(q, ";")
			return ok && !strings.ContainsFunc(q, Hidden) && (url == "" || link(url))
		}
	}
	return false
}
