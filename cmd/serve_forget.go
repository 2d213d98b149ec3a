package cmd

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"
	"github.com/zalando/go-keyring"

	"rdash/auth"
	"rdash/config"
	"rdash/internal/serve"
)

func newServeForgetCmd(f *Factory) *cobra.Command {
	var authorizedKeys string
	c := &cobra.Command{
		Use:   "forget KEY",
		Short: "Delete everything rdash serve keeps for one SSH key: its tokens, state and journal",
		Long: `Delete what rdash serve keeps for one SSH key: its tokens (its entries in
the server account's keyring, or its sealed file), remembered projects and
edit journal. KEY is the key's SHA256 fingerprint as ssh-keygen -l prints
it, or its public key line (quoted).

Remove the key from the authorized_keys file first (its sessions end
within seconds); with --authorized-keys, forget refuses while the key is
still listed. The service's tokens themselves stay valid until they
expire, unless revoked on the service.`,
		Example: `  rdash serve forget SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8 --authorized-keys ~/.config/rdash/serve/authorized_keys`,
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			cfg, err := f.Config()
			if err != nil {
				return err
			}
			name, err := serve.DirNameOf(args[0])
			if err != nil {
				return &ExitError{Code: ExitCancel, Err: err}
			}
			if authorizedKeys != "" {
				allowed, err := serve.AllowedDirNames(authorizedKeys)
				if err != nil {
					return err
				}
				if allowed[name] {
					return &ExitError{Code: ExitCancel, Err: fmt.Errorf(
						"the key is still in %s: remove it there first, so it cannot sign in again", authorizedKeys)}
				}
			}
			dir := filepath.Join(cfg.Env.StateDir, "serve", name)
			if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
				fmt.Fprintf(f.IO.ErrOut, "Nothing kept for that key (no %s).\n", dir)
				return nil
			}
			if err := forgetKeyringTokens(cmd.Context(), cfg.Env, dir); err != nil {
				return fmt.Errorf("%w; %s is left as it is, so forget can be tried again", err, dir)
			}
			if err := os.RemoveAll(dir); err != nil {
				return err
			}
			fmt.Fprintf(f.IO.ErrOut, "Deleted %s: the key's tokens, state and journal.\n", dir)
			return nil
		},
	}
	c.Flags().StringVar(&authorizedKeys, "authorized-keys", "", "refuse while the key is still listed in this file")
	return c
}

// forgetKeyringTokens removes from the server account's keyring the
// tokens of every host the key's sign-in record names (with --token-store
// keyring or auto); the record is JSON, {"hosts": {host: {"storage": …}}}.
func forgetKeyringTokens(ctx context.Context, env config.Env, dir string) error {
	hosts, err := keyringHosts(dir)
	if err != nil || len(hosts) == 0 {
		return err
	}
	kr, why := auth.SystemKeyringFor(env)
	if why != nil {
		return fmt.Errorf("the key's tokens are in the keyring, which is not reachable here: %w", why)
	}
	return deleteKeyringTokens(ctx, kr, keyring.DeleteAll, dir, hosts)
}

// keyringHosts are the hosts whose tokens the key's record says are in
// the keyring.
func keyringHosts(dir string) ([]string, error) {
	var rec struct {
		Hosts map[string]struct {
			Storage string `json:"storage"`
		} `json:"hosts"`
	}
	b, err := os.ReadFile(filepath.Join(dir, "auth.json"))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(b, &rec); err != nil {
		return nil, fmt.Errorf("the key's sign-in record: %w", err)
	}
	var hosts []string
	for host, h := range rec.Hosts {
		if h.Storage == string(auth.KindKeyring) {
			hosts = append(hosts, host)
		}
	}
	return hosts, nil
}

// deleteKeyringTokens deletes the key's tokens for hosts from kr: the
// active account's through the auth Store (which updates the record),
// then, with deleteAll, every other account's entry under the key's name
// for that host, such as one signed in before a switch of account. The
// keyring cannot list services by prefix, so a host the record no longer
// names is not reached.
func deleteKeyringTokens(ctx context.Context, kr auth.Keyring, deleteAll func(service string) error, dir string, hosts []string) error {
	name := filepath.Base(dir)
	store := auth.NewStore(auth.StoreOptions{Keyring: serve.Namespaced(kr, name), ConfigDir: dir, StateDir: dir})
	for _, host := range hosts {
		if _, err := store.Delete(ctx, host); err != nil {
			return err
		}
		// "rdash:<host>" is the auth Store's service name for host.
		if err := withTimeout(ctx, auth.KeyringTimeout, func() error {
			return deleteAll(serve.NamespacedService(name, "rdash:"+host))
		}); err != nil {
			return fmt.Errorf("deleting the key's other accounts from the keyring: %w", err)
		}
	}
	return nil
}

// withTimeout runs fn, a keyring call that may hang (a bus that never
// answers), for at most d.
func withTimeout(ctx context.Context, d time.Duration, fn func() error) error {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- fn() }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		return fmt.Errorf("the keyring did not answer within %s", d)
	}
}
