package cmd

import (
	"fmt"

	"github.com/spf13/cobra"
)

func newAuthTokenCmd(f *Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "token",
		Short: "Print the access token, for scripts",
		Long: `Print the access token, renewing it first if it has expired. Treat the
output as a password. Exits with code 4 when not signed in.`,
		Example: `  curl -H "Authorization: Bearer $(rdash auth token)" "$RDASH_BASE_URL/users/@me"`,
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cfg, err := f.Config()
			if err != nil {
				return err
			}
			if cfg.Env.Token != "" {
				// No server settings are needed to hand back what the caller set.
				_, err = fmt.Fprintln(f.IO.Out, cfg.Env.Token)
				return err
			}
			sess, err := f.session(cmd.Context(), nil)
			if err != nil {
				return err
			}
			tok, err := sess.source.TokenContext(cmd.Context())
			if err != nil {
				return err
			}
			_, err = fmt.Fprintln(f.IO.Out, tok.AccessToken)
			return err
		},
	}
}
