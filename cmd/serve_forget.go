package cmd

import (
	"context"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"rdash/internal/serve"
)

// forgetJSON is what serve forget did: the key's directory, and whether
// there was anything in it to delete.
type forgetJSON struct {
	Dir     string `json:"dir"`
	Deleted bool   `json:"deleted"`
}

// forgetOptions are serve forget's: the key, and the allow-list to check.
type forgetOptions struct {
	f              *Factory
	Key            string
	AuthorizedKeys string
	Out            *jsonOutput
}

func newServeForgetCmd(f *Factory, runF func(context.Context, *forgetOptions) error) *cobra.Command {
	opts := &forgetOptions{f: f}
	c := &cobra.Command{
		Use:   "forget KEY",
		Short: "Delete everything rdash serve keeps for one SSH key: its tokens, state and journal",
		Long: `Delete what rdash serve keeps for one SSH key: its tokens (its entries in
the server account's keyring, or its sealed file), remembered projects and
edit journal. KEY is the key's SHA256 fingerprint as ssh-keygen -l prints
it, or its public key line (quoted).

Remove the key from the authorized_keys file first (its sessions end
within seconds): forget refuses while the key is still listed. Without
--authorized-keys it reads every allow-list rdash serve has started with
on this state, and $XDG_CONFIG_HOME/rdash/serve/authorized_keys; when it
finds none it refuses, as it cannot tell. The service's tokens themselves
stay valid until they expire, unless revoked on the service.`,
		Example: `  rdash serve forget SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8
  rdash serve forget "ssh-ed25519 AAAAC3Nza... dave@laptop" --authorized-keys ~/.config/rdash/serve/authorized_keys`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Key = args[0]
			return runWith(cmd.Context(), opts, runF, forgetRun)
		},
	}
	opts.Out = addJSONFlags(c, forgetJSON{})
	c.Flags().StringVar(&opts.AuthorizedKeys, "authorized-keys", "", "the allow-list to check (default: every one rdash serve has started with here, and the default path)")
	return c
}

func forgetRun(ctx context.Context, o *forgetOptions) error {
	f := o.f
	cfg, err := f.Config()
	if err != nil {
		return err
	}
	root := serve.StateRoot(cfg.Env)
	lists := []string{o.AuthorizedKeys}
	if o.AuthorizedKeys == "" {
		if lists, err = serve.AllowListsFor(root, serve.DefaultAuthorizedKeys(cfg.Env)); err != nil {
			return err
		}
		if len(lists) == 0 {
			return &ExitError{Code: ExitCancel, Err: fmt.Errorf(
				"cannot tell whether the key is still allowed: rdash serve has recorded no allow-list in %s and there is none at %s; name it with --authorized-keys",
				root, serve.DefaultAuthorizedKeys(cfg.Env))}
		}
	}
	dir, err := serve.Forget(ctx, cfg.Env, root, o.Key, lists)
	switch {
	case errors.Is(err, serve.ErrNothingKept) && o.Out.on():
		return f.printJSON(ctx, o.Out, forgetJSON{Dir: dir})
	case errors.Is(err, serve.ErrNothingKept):
		fmt.Fprintf(f.IO.ErrOut, "Nothing kept for that key (no %s).\n", dir)
		return nil
	case err != nil && dir == "":
		return &ExitError{Code: ExitCancel, Err: err}
	case err != nil:
		return err
	}
	if o.Out.on() {
		return f.printJSON(ctx, o.Out, forgetJSON{Dir: dir, Deleted: true})
	}
	fmt.Fprintf(f.IO.ErrOut, "Deleted %s: the key's tokens, state and journal.\n", dir)
	return nil
}
