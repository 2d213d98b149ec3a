// Package cmd is rdash's command line: the dashboard and its scriptable
// twin, one subcommand per dashboard action.
package cmd

import (
	"context"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"rdash/api"
	"rdash/internal/safe"
)

// Exit codes are stable for scripts, following gh.
const (
	ExitOK      = 0 // success
	ExitFailure = 1 // any failure not listed below
	ExitCancel  = 2 // usage error, or the user or a refusal cancelled
	ExitAuth    = 4 // sign-in needed
)

// ExitError carries the exit code for an error.
type ExitError struct {
	Code int
	Err  error
}

func (e *ExitError) Error() string { return e.Err.Error() }
func (e *ExitError) Unwrap() error { return e.Err }

// errCancelled is returned when the user declines a confirmation.
var errCancelled = &ExitError{Code: ExitCancel, Err: errors.New("cancelled")}

// Main runs rdash with args (without the program name) and returns the exit
// code.
func Main(ctx context.Context, args []string, f *Factory) int {
	root := NewRoot(f)
	root.SetArgs(args)
	root.SetIn(f.IO.In)
	root.SetOut(f.IO.Out)
	root.SetErr(f.IO.ErrOut)
	err := root.ExecuteContext(ctx)
	if err == nil {
		return ExitOK
	}
	if errors.Is(err, context.Canceled) && ctx.Err() != nil {
		// Ctrl+C, at a prompt or while waiting: not an error to explain.
		fmt.Fprintln(f.IO.ErrOut, "rdash: cancelled")
		return ExitCancel
	}
	// Errors quote the server (a refused version string, a message), so
	// they are made safe like any other server text.
	fmt.Fprintln(f.IO.ErrOut, "rdash:", safe.PlainText(err.Error()))
	return exitCode(err)
}

func exitCode(err error) int {
	var ee *ExitError
	var ve *api.ValidationError
	switch {
	case errors.As(err, &ee):
		return ee.Code
	case errors.As(err, &ve):
		return ExitCancel // bad input, refused before anything was sent
	case errors.Is(err, api.ErrUnauthorized):
		return ExitAuth
	case errors.Is(err, context.Canceled):
		return ExitCancel
	}
	return ExitFailure
}

// NewRoot builds the command tree.
func NewRoot(f *Factory) *cobra.Command {
	var project string
	root := &cobra.Command{
		Use:           "rdash",
		Short:         "A terminal dashboard for publishing projects on the resource hosting service",
		Long:          rootLong,
		SilenceUsage:  true,
		SilenceErrors: true,
		Args:          cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runDashboard(cmd.Context(), f, project)
		},
	}
	root.Flags().StringVarP(&project, "project", "p", "", "open this project (slug or ID) at once")
	root.PersistentFlags().StringVar(&f.ConfigPath, "config", "", "config file (default $XDG_CONFIG_HOME/rdash/config.yml)")
	root.PersistentFlags().BoolVar(&f.AllowInsecureHTTP, "allow-insecure-http", false,
		"send tokens over plain http to a host other than this machine (as allow_insecure_http: true in the config)")
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error {
		return &ExitError{Code: ExitCancel, Err: err}
	})
	for _, add := range f.commands() {
		root.AddCommand(add(f))
	}
	usageErrors(root)
	return root
}

// usageErrors makes every argument error a usage error (exit 2), as a bad
// flag already is, and makes a command group refuse an unknown
// subcommand instead of printing its help and succeeding.
func usageErrors(c *cobra.Command) {
	if check := c.Args; check != nil {
		c.Args = func(cmd *cobra.Command, args []string) error {
			if err := check(cmd, args); err != nil {
				return &ExitError{Code: ExitCancel, Err: err}
			}
			return nil
		}
	}
	if !c.Runnable() && c.HasSubCommands() {
		c.RunE = func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return &ExitError{Code: ExitCancel, Err: fmt.Errorf("unknown command %q for %q; see %s --help",
					args[0], cmd.CommandPath(), cmd.CommandPath())}
			}
			return cmd.Help()
		}
	}
	for _, sub := range c.Commands() {
		usageErrors(sub)
	}
}

const rootLong = `rdash is a terminal dashboard for maintainers who publish on the resource
hosting service: pick a project, page and filter its versions, read
changelogs, fix metadata on many versions at once, and answer organization
invitations. Run it with no arguments for the dashboard; every dashboard
action also has a subcommand with --json output for scripts.

Try it with no setup: rdash demo

Exit codes: 0 success, 1 failure, 2 usage error or cancelled, 4 sign-in needed.`
