package common

import (
	"net/url"
	"path"

	"github.com/charmbracelet/x/ansi"
)

// ShortURL is u in at most width cells, never broken over lines: whole
// when it fits; else its scheme and host, "…" and its file name (the last
// part of its path), "https://github.com/…/lumen-2.0.0.jar", which say
// where it points and what it fetches; else, when even that is too wide,
// its start and end around a "…". A key copies the whole.
func ShortURL(u string, width int) string {
	if ansi.StringWidth(u) <= width {
		return u
	}
	if p, err := url.Parse(u); err == nil && p.Scheme != "" && p.Host != "" {
		if file := path.Base(p.Path); file != "." && file != "/" {
			if s := p.Scheme + "://" + p.Host + "/…/" + file; ansi.StringWidth(s) <= width {
				return s
			}
		}
	}
	return MiddleCut(u, width)
}

// MiddleCut cuts s to width cells by taking out its middle, which it
// replaces with "…": both ends stay, as a file name's extension does.
func MiddleCut(s string, width int) string {
	w := ansi.StringWidth(s)
	if w <= width {
		return s
	}
	if width < 2 {
		return Cut(s, width)
	}
	head := width / 2
	tail := width - 1 - head
	return ansi.Truncate(s, head, "") + "…" + ansi.TruncateLeft(s, w-tail, "")
}
