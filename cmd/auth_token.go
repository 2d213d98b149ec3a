package cmd

import (
	"fmt"

	"github.com/spf13/cobra"

	"rdash/auth"
)

// tokenJSON is the access token and where it came from: env, keyring
// or file.
type tokenJSON struct {
	Token   string `json:"token"`
	Storage string `json:"storage"`
}

func newAuthTokenCmd(f *Factory) *cobra.Command {
	var out *jsonOutput
	c := &cobra.Command{
		Use:   "token",
		Short: "Print the access token, for scripts",
		Long: `Print the access token, renewing it first if it has expired. Treat the
output as a password. Exits with code 4 when not signed in.`,
		Example: `  curl -H "Authorization: Bearer $(rdash auth token)" "$RDASH_BASE_URL/users/@me"
  rdash auth token --json storage`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cfg, err := f.Config()
			if err != nil {
				return err
			}
			if cfg.Env.Token != "" && out.on() {
				return f.printJSON(cmd.Context(), out, tokenJSON{Token: cfg.Env.Token, Storage: string(auth.KindEnv)})
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
			if out.on() {
				storage := sess.source.Stored().Where.Kind
				return f.printJSON(cmd.Context(), out, tokenJSON{Token: tok.AccessToken, Storage: string(storage)})
			}
			_, err = fmt.Fprintln(f.IO.Out, tok.AccessToken)
			return err
		},
	}
	out = addJSONFlags(c, tokenJSON{})
	return c
}
