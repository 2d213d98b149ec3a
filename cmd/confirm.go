package cmd

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/spf13/pflag"
)

// addYesFlag gives --yes to a command that changes something on the
// server. Every such command asks first (confirm): at a terminal it asks,
// and without one it refuses unless --yes is given.
func addYesFlag(fs *pflag.FlagSet, yes *bool) {
	fs.BoolVarP(yes, "yes", "y", false, "do not ask for confirmation (needed without a terminal)")
}

// errNoTerminal is the refusal to change anything unasked: no terminal to
// ask at, and no --yes.
var errNoTerminal = &ExitError{Code: ExitCancel, Err: errors.New("not asking without a terminal: pass --yes to confirm")}

// confirm asks a yes/no question with No as the default. With yes set it
// does not ask; without a terminal it refuses rather than guess.
func (f *Factory) confirm(ctx context.Context, yes bool, question string) error {
	if yes {
		return nil
	}
	if !f.IO.CanPrompt() {
		return errNoTerminal
	}
	ok, err := f.prompter().Confirm(ctx, question)
	switch {
	case err != nil:
		return err
	case !ok:
		return errCancelled
	}
	return nil
}

// confirmCount asks the user to type the number of versions, as gh asks
// for a repository's name before deleting it.
func (f *Factory) confirmCount(ctx context.Context, yes bool, n int) error {
	if yes {
		return nil
	}
	if !f.IO.CanPrompt() {
		return &ExitError{Code: ExitCancel, Err: errors.New("not deleting without a terminal: pass --yes to confirm")}
	}
	want := strconv.Itoa(n)
	typed, err := f.prompter().Input(ctx, fmt.Sprintf("Type %s to delete %s", want, versionCount(n)), func(s string) error {
		if s != want {
			return fmt.Errorf("type %s, or press ctrl+c to cancel", want)
		}
		return nil
	})
	switch {
	case err != nil:
		return err
	case typed != want:
		return errCancelled
	}
	return nil
}
