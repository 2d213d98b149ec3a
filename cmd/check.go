package cmd

import (
	"fmt"
	"slices"
	"strings"

	"rdash/internal/safe"
)

// Every value a flag gives is checked before anything is read or sent:
// the server would refuse a blank name only after the preview had shown
// it as "(none)", and would count a repeated ID twice in the results.

// flagChecks gather the checks of one command's flags: the first
// refusal, and the notes on values counted once.
type flagChecks struct {
	err   error
	notes []string
}

// blank refuses a value given as nothing, or nothing but spaces: a name,
// a version string, a channel.
func (c *flagChecks) blank(flag string, v *string) {
	if c.err == nil && v != nil && strings.TrimSpace(*v) == "" {
		c.err = fmt.Errorf("%s: must not be blank (leave %s out to keep the value as it is)", flag, flag)
	}
}

// arg refuses an argument given as nothing but spaces.
func (c *flagChecks) arg(name, v string) {
	if c.err == nil && v != "" && strings.TrimSpace(v) == "" {
		c.err = fmt.Errorf("%s: must not be blank", name)
	}
}

// list refuses a blank value of a list flag ("--game-version 1.21.4,"
// gives a second, empty one) and returns the values with each counted
// once, noting any given twice. A list given empty (--platform "") is
// no blank value: it asks for none.
func (c *flagChecks) list(flag string, values []string) []string {
	if values == nil || c.err != nil {
		return values
	}
	out := make([]string, 0, len(values))
	for i, v := range values {
		switch {
		case strings.TrimSpace(v) == "":
			c.err = fmt.Errorf("%s value %d: must not be blank (a comma too many?)", flag, i+1)
			return values
		case slices.Contains(out, v):
			c.notes = append(c.notes, fmt.Sprintf("%s gives %s more than once: counted once", flag, safe.PlainLine(clip(v))))
		default:
			out = append(out, v)
		}
	}
	return out
}

// done prints the notes and returns the refusal (exit 2).
func (c *flagChecks) done(f *Factory) error {
	if c.err != nil {
		return &ExitError{Code: ExitCancel, Err: c.err}
	}
	for _, n := range c.notes {
		fmt.Fprintln(f.IO.ErrOut, "rdash: note: "+n)
	}
	return nil
}
