package cmd

import "github.com/spf13/cobra"

// builtinCommands lists the subcommands; each file adds its constructor here.
func builtinCommands() []func(*Factory) *cobra.Command {
	return []func(*Factory) *cobra.Command{
		newDemoCmd,
		newSandboxCmd,
		newVersionsCmd,
		newInvitationsCmd,
		newProjectsCmd,
		newStatsCmd,
		newAuthCmd,
		newServeCmd,
		newVersionCmd,
	}
}
