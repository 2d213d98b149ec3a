package cmd

import (
	"unicode/utf8"

	"github.com/dustin/go-humanize"
)

// maxShown is the most characters of one argument or server string that
// a message shows: a name pasted by mistake, or a 10 MB ID from a server,
// is named by its start and its length, not printed whole.
const maxShown = 80

// clip shortens s for a message: its first characters, "…", and how long
// it is.
func clip(s string) string {
	if len(s) <= maxShown || utf8.RuneCountInString(s) <= maxShown {
		return s
	}
	r := []rune(s)
	return string(r[:maxShown-1]) + "… (" + humanize.Comma(int64(len(r))) + " characters)"
}
