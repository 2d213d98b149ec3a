package cmd

import "github.com/spf13/cobra"

// newAuthCmd is the auth group; each subcommand has its own file.
func newAuthCmd(f *Factory) *cobra.Command {
	c := &cobra.Command{
		Use:   "auth",
		Short: "Sign in, see who is signed in, sign out",
		Long: `Sign in to the service and manage the stored token.

Tokens are read from, in this order: the RDASH_TOKEN environment variable,
the system keyring, and the plain-text file tokens.json in the config
directory, which rdash writes only with your consent (--insecure-storage, or
a yes at the prompt) when no keyring is available.`,
		Example: `  rdash auth login
  rdash auth status`,
	}
	c.AddCommand(newAuthLoginCmd(f, nil), newAuthStatusCmd(f, nil), newAuthLogoutCmd(f, nil), newAuthTokenCmd(f, nil))
	return c
}
