package common

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/textinput"
)

// SplitList reads a list typed in a field, its values separated by commas
// or spaces: " 1.21, 1.20.4 1.21" is [1.21 1.20.4 1.21]. A repeat is kept,
// so a form can say it is one.
func SplitList(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' })
}

// LastToken splits a typed list into the values chosen so far and the one
// being typed, which starts at byte start of v.
func LastToken(v string) (chosen []string, last string, start int) {
	start = strings.LastIndexAny(v, ", ") + 1
	return SplitList(v[:start]), v[start:], start
}

// Completion is tab completion of the value being typed at the end of a
// list (game versions), from known values in the order they are offered.
// Each tab in a row puts the next match in place of what was typed; any
// other key (Reset) makes the next tab start again from what is typed.
type Completion struct {
	// Empty lets tab complete an empty token, offering every known value.
	Empty bool

	prefix string // the token as typed, while tab cycles
	cycle  int
	tabbed bool
}

// Complete puts the next known value that starts with the token being
// typed in in, in place of that token. It reports false, changing
// nothing, when no value matches.
func (c *Completion) Complete(in *textinput.Model, known []string) bool {
	chosen, last, start := LastToken(in.Value())
	if c.tabbed {
		c.cycle++
	} else {
		c.prefix, c.cycle = last, 0
	}
	cands := c.matches(c.prefix, chosen, known)
	if len(cands) == 0 {
		c.tabbed = false
		return false
	}
	c.tabbed = true
	in.SetValue(in.Value()[:start] + cands[c.cycle%len(cands)])
	in.CursorEnd()
	return true
}

// Suggestions are the known values tab would cycle through for value.
func (c *Completion) Suggestions(value string, known []string) []string {
	chosen, last, _ := LastToken(value)
	if c.tabbed {
		last = c.prefix
	}
	return c.matches(last, chosen, known)
}

// Reset ends a cycle of tabs: a key other than tab was pressed.
func (c *Completion) Reset() { c.tabbed = false }

// matches are the known values starting with prefix, leaving out those
// already chosen.
func (c *Completion) matches(prefix string, chosen, known []string) []string {
	if prefix == "" && !c.Empty {
		return nil
	}
	var out []string
	for _, v := range known {
		if strings.HasPrefix(v, prefix) && !slices.Contains(chosen, v) {
			out = append(out, v)
		}
	}
	return out
}
