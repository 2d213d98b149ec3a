package cmd

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
)

// usageError is a mistake in the command line itself: an unknown command
// or flag, a wrong number of arguments, flags that cannot go together.
// Main prints it with the command's usage (cmd's, or when nil, as from a
// run function, the one that ran), and exits 2.
type usageError struct {
	cmd *cobra.Command
	err error
}

func (e *usageError) Error() string { return e.err.Error() }
func (e *usageError) Unwrap() error { return e.err }

// usageErrors makes every mistake in the command line a usageError, as
// gh does: a bad flag already is one (root's FlagErrorFunc); arguments
// and flag groups are checked here, before cobra's own checks, which
// return plain errors. A command with subcommands refuses an unknown one
// with suggestions ("Did you mean this?"), at every level: cobra suggests
// only at the root, and only when the root takes no Args of its own.
func usageErrors(c *cobra.Command) {
	switch check := c.Args; {
	case c.HasSubCommands():
		c.Args = unknownCommand
	case check != nil:
		c.Args = func(cmd *cobra.Command, args []string) error {
			if err := check(cmd, args); err != nil {
				return &usageError{cmd: cmd, err: err}
			}
			return nil
		}
	}
	if !c.Runnable() && c.HasSubCommands() {
		c.RunE = func(cmd *cobra.Command, _ []string) error { return cmd.Help() }
	}
	if c.Runnable() {
		checkFlagGroups(c)
	}
	for _, sub := range c.Commands() {
		usageErrors(sub)
	}
}

// unknownCommand refuses arguments to a command group: the first one is a
// mistyped subcommand.
func unknownCommand(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	msg := fmt.Sprintf("unknown command %q for %q", args[0], cmd.CommandPath())
	cmd.SuggestionsMinimumDistance = 2
	if s := cmd.SuggestionsFor(args[0]); len(s) > 0 {
		msg += "\n\nDid you mean this?\n\t" + strings.Join(s, "\n\t")
	}
	return &usageError{cmd: cmd, err: fmt.Errorf("%s", msg)}
}

// checkFlagGroups checks required flags and flag groups (cobra's
// MarkFlagsMutuallyExclusive and the like) before the command's PreRunE,
// so that a conflict is a usage error.
func checkFlagGroups(c *cobra.Command) {
	pre := c.PreRunE
	c.PreRunE = func(cmd *cobra.Command, args []string) error {
		for _, check := range []func() error{cmd.ValidateRequiredFlags, cmd.ValidateFlagGroups} {
			if err := check(); err != nil {
				return &usageError{cmd: cmd, err: err}
			}
		}
		if pre != nil {
			return pre(cmd, args)
		}
		return nil
	}
}

// describeBuiltins gives cobra's help and completion commands the
// examples every command has.
func describeBuiltins(root *cobra.Command) {
	examples := map[string]string{
		"help": `  rdash help versions edit`,
		"completion": `  rdash completion bash > ~/.local/share/bash-completion/completions/rdash
  rdash completion zsh > "${fpath[1]}/_rdash"
  rdash completion fish > ~/.config/fish/completions/rdash.fish`,
		"completion bash":       `  source <(rdash completion bash)`,
		"completion zsh":        `  rdash completion zsh > "${fpath[1]}/_rdash"`,
		"completion fish":       `  rdash completion fish | source`,
		"completion powershell": `  rdash completion powershell | Out-String | Invoke-Expression`,
	}
	for path, ex := range examples {
		if c, _, err := root.Find(strings.Fields(path)); err == nil && c != root && c.Example == "" {
			c.Example = ex
		}
	}
}
