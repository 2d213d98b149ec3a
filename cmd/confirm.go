package cmd

import (
	"errors"

	"charm.land/huh/v2"
	"github.com/spf13/pflag"
)

// addYesFlag gives --yes to a command that changes something on the
// server. Every such command asks first (confirm): at a terminal it asks,
// and without one it refuses unless --yes is given.
func addYesFlag(fs *pflag.FlagSet, yes *bool) {
	fs.BoolVarP(yes, "yes", "y", false, "do not ask for confirmation (needed without a terminal)")
}

// confirm asks a yes/no question with No as the default. With yes set it
// does not ask; without a terminal it refuses rather than guess.
func (f *Factory) confirm(yes bool, question string) error {
	if yes {
		return nil
	}
	if !f.IO.InTTY || !f.IO.OutTTY {
		return &ExitError{Code: ExitCancel, Err: errors.New("not asking without a terminal: pass --yes to confirm")}
	}
	ok := false
	err := huh.NewConfirm().Title(question).Affirmative("Yes").Negative("No").Value(&ok).Run()
	if err != nil || !ok {
		return errCancelled
	}
	return nil
}
