package cmd

import "github.com/spf13/cobra"

// builtinCommands lists the subcommands; each file adds its constructor
// here, with no runF (see the top of factory.go): the command's own run.
func builtinCommands() []func(*Factory) *cobra.Command {
	return []func(*Factory) *cobra.Command{
		func(f *Factory) *cobra.Command { return newDemoCmd(f, nil) },
		func(f *Factory) *cobra.Command { return newSandboxCmd(f, nil) },
		newVersionsCmd,
		newInvitationsCmd,
		newProjectsCmd,
		func(f *Factory) *cobra.Command { return newStatsCmd(f, nil) },
		newAuthCmd,
		func(f *Factory) *cobra.Command { return newServeCmd(f, nil) },
		func(f *Factory) *cobra.Command { return newVersionCmd(f, nil) },
	}
}
