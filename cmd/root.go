// Package cmd is rdash's command line: the dashboard and its scriptable
// twin, one subcommand per dashboard action.
package cmd

import (
	"cmp"
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
	completingJSON(root, args)
	root.SetArgs(jsonFieldsArg(root, args))
	ran, err := root.ExecuteContextC(ctx)
	if err == nil {
		return ExitOK
	}
	if errors.Is(err, context.Canceled) && ctx.Err() != nil {
		// Ctrl+C, at a prompt or while waiting: not an error to explain.
		fmt.Fprintln(f.IO.ErrOut, "rdash: cancelled")
		return ExitCancel
	}
	err = f.explain(err)
	// Errors quote the server (a refused version string, a message), so
	// they are made safe like any other server text, and no word of
	// theirs runs on: an argument or a server's string is clipped where
	// it is quoted, and anything still longer here is.
	fmt.Fprintln(f.IO.ErrOut, "rdash:", clipWords(safe.PlainText(err.Error())))
	var ue *usageError
	if errors.As(err, &ue) {
		// A run function has no command: the usage is that of the one that ran.
		fmt.Fprintf(f.IO.ErrOut, "\n%s", cmp.Or(ue.cmd, ran).UsageString())
	}
	return exitCode(err)
}

func exitCode(err error) int {
	var ee *ExitError
	var ue *usageError
	var ve *api.ValidationError
	switch {
	case errors.As(err, &ee):
		return ee.Code
	case errors.As(err, &ue), errors.As(err, &ve):
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
	return newRoot(f, nil)
}

// newRoot is NewRoot with the dashboard's runF (see the top of factory.go).
func newRoot(f *Factory, runF func(context.Context, *dashboardOptions) error) *cobra.Command {
	opts := &dashboardOptions{f: f}
	build := f.build()
	root := &cobra.Command{
		Use:   "rdash",
		Short: "A terminal dashboard for publishing projects on the resource hosting service",
		Long:  rootLong,
		Example: `  rdash
  rdash --project lumen
  rdash versions list lumen --json id,version,channel`,
		Version:       build.String(),
		SilenceUsage:  true,
		SilenceErrors: true,
		Args:          cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runWith(cmd.Context(), opts, runF, dashboardRun)
		},
	}
	// Before the completion command is made: it keeps the output it is
	// made with.
	root.SetIn(f.IO.In)
	root.SetOut(f.IO.Out)
	root.SetErr(f.IO.ErrOut)
	root.SetVersionTemplate("{{.Version}}\n")
	root.Flags().StringVarP(&opts.Project, "project", "p", "", "open this project (slug or ID) at once")
	addMouseFlag(root.Flags(), f)
	root.PersistentFlags().StringVar(&f.ConfigPath, "config", "", "config file (default $XDG_CONFIG_HOME/rdash/config.yml)")
	root.PersistentFlags().BoolVar(&f.AllowInsecureHTTP, "allow-insecure-http", false,
		"send tokens over plain http to a host other than this machine (as allow_insecure_http: true in the config)")
	root.SetFlagErrorFunc(flagError)
	for _, add := range f.commands() {
		root.AddCommand(add(f))
	}
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	groupCommands(root)
	describeBuiltins(root)
	f.registerCompletions(root)
	usageErrors(root)
	return root
}

// commandGroups sort the commands under headings in help, as gh's do.
var commandGroups = []struct {
	group cobra.Group
	names []string
}{
	{cobra.Group{ID: "core", Title: "Core commands:"}, []string{"versions", "projects", "stats", "invitations"}},
	{cobra.Group{ID: "signin", Title: "Sign-in commands:"}, []string{"auth"}},
	{cobra.Group{ID: "service", Title: "Service commands:"}, []string{"demo", "sandbox", "serve"}},
	{cobra.Group{ID: "additional", Title: "Additional commands:"}, nil}, // the rest
}

func groupCommands(root *cobra.Command) {
	ids := map[string]string{}
	for _, g := range commandGroups {
		root.AddGroup(&g.group)
		for _, n := range g.names {
			ids[n] = g.group.ID
		}
	}
	for _, c := range root.Commands() {
		c.GroupID = cmp.Or(ids[c.Name()], "additional")
	}
	root.SetHelpCommandGroupID("additional")
	root.SetCompletionCommandGroupID("additional")
}

const rootLong = `rdash is a terminal dashboard for maintainers who publish on the resource
hosting service: pick a project, page and filter its versions, read
changelogs, fix metadata on many versions at once, and answer organization
invitations. Run it with no arguments for the dashboard; every dashboard
action also has a subcommand with --json output for scripts (docs/json.md).

Try it with no setup: rdash demo

Exit codes: 0 success, 1 failure, 2 usage error or cancelled, 4 sign-in needed.`
