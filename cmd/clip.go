package cmd

import (
	"strings"
	"unicode/utf8"

	"rdash/internal/explain"
)

// clip shortens an argument or a server's string for a message (see
// explain.Short): a name pasted by mistake, or a 10 MB ID from a server,
// is named by its start and its length, not printed whole.
func clip(s string) string { return explain.Short(s) }

// longWord is the longest word an error, and the longest cell a table,
// prints whole: past it, a string is a pasted or hostile one (a server's
// 10 MB user ID), not a name.
const longWord = 200

// clipCell shortens a cell of a table, or a value of a listing.
func clipCell(s string) string { return explain.ShortTo(s, longWord) }

// clipWords clips every word of msg longer than longWord.
func clipWords(msg string) string {
	if len(msg) <= longWord {
		return msg
	}
	words := strings.SplitAfter(msg, " ")
	for i, w := range words {
		if utf8.RuneCountInString(w) > longWord {
			words[i] = clip(strings.TrimSuffix(w, " ")) + w[len(strings.TrimSuffix(w, " ")):]
		}
	}
	return strings.Join(words, "")
}
