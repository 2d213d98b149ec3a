package cmd

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// suggestFor are the names among names that start with typed, then those
// within two edits of it, nearest first: cobra suggests mistyped
// subcommands, and these suggest mistyped flags and JSON fields too.
func suggestFor(typed string, names []string) []string {
	var out []string
	for _, n := range names {
		if len(strings.TrimLeft(typed, "-")) >= 3 && strings.HasPrefix(n, typed) && n != typed {
			out = append(out, n)
		}
	}
	for d := 1; d <= 2; d++ {
		for _, n := range names {
			if distance(typed, n) == d && !slices.Contains(out, n) {
				out = append(out, n)
			}
		}
	}
	return out
}

// distance is the Levenshtein distance between a and b, in bytes (names
// are ASCII).
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

// didYouMean is "; did you mean X?" (or "X or Y"), or "" when there is
// nothing near.
func didYouMean(suggestions []string) string {
	if len(suggestions) == 0 {
		return ""
	}
	return "; did you mean " + strings.Join(suggestions, " or ") + "?"
}

// flagError words a mistake in a flag for the command line: an unknown
// flag with the flags near it, a JSON field mistyped in its own words.
func flagError(c *cobra.Command, err error) error {
	var nee *pflag.NotExistError
	var fe *fieldsError
	switch {
	case errors.As(err, &fe):
		err = fe
	case errors.As(err, &nee) && nee.GetSpecifiedName() != "":
		typed := nee.GetSpecifiedName()
		var names []string
		c.Flags().VisitAll(func(fl *pflag.Flag) { names = append(names, "--"+fl.Name) })
		err = fmt.Errorf("unknown flag: --%s%s", clip(typed), didYouMean(suggestFor("--"+typed, names)))
	}
	return &usageError{cmd: c, err: err}
}
