package cmd

import (
	"context"
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

// tokenOptions are auth token's.
type tokenOptions struct {
	f   *Factory
	Out *jsonOutput
}

func newAuthTokenCmd(f *Factory, runF func(context.Context, *tokenOptions) error) *cobra.Command {
	opts := &tokenOptions{f: f}
	c := &cobra.Command{
		Use:   "token",
		Short: "Print the access token, for scripts",
		Long: `Print the access token, renewing it first if it has expired. Treat the
output as a password. Exits with code 4 when not signed in.`,
		Example: `  curl -H "Authorization: Bearer $(rdash auth token)" "$RDASH_BASE_URL/users/@me"
  rdash auth token --json storage`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runWith(cmd.Context(), opts, runF, tokenRun)
		},
	}
	opts.Out = addJSONFlags(c, tokenJSON{})
	return c
}

// tokenRun prints the access token: RDASH_TOKEN as it is, else the
// stored one, renewed when it has expired.
func tokenRun(ctx context.Context, o *tokenOptions) error {
	f := o.f
	cfg, err := f.Config()
	if err != nil {
		return err
	}
	if cfg.Env.Token != "" && o.Out.on() {
		return f.printJSON(ctx, o.Out, tokenJSON{Token: cfg.Env.Token, Storage: string(auth.KindEnv)})
	}
	if cfg.Env.Token != "" {
		// No server settings are needed to hand back what the caller set.
		_, err = fmt.Fprintln(f.IO.Out, cfg.Env.Token)
		return err
	}
	sess, err := f.session(ctx, nil)
	if err != nil {
		return err
	}
	tok, err := sess.source.TokenContext(ctx)
	if err != nil {
		return err
	}
	if o.Out.on() {
		storage := sess.source.Stored().Where.Kind
		return f.printJSON(ctx, o.Out, tokenJSON{Token: tok.AccessToken, Storage: string(storage)})
	}
	_, err = fmt.Fprintln(f.IO.Out, tok.AccessToken)
	return err
}
