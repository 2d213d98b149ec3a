package serve

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/zalando/go-keyring"

	"rdash/auth"
	"rdash/config"
)

// ErrNothingKept is Forget's answer for a key with no directory.
var ErrNothingKept = errors.New("nothing kept for that key")

// Forget deletes what the server keeps for one key (given as Fingerprint
// prints it, or as a public key line) under stateRoot: its tokens in the
// server account's keyring, then its directory (sealed tokens, state,
// journal). It refuses while the key is listed in one of allowLists, so
// it cannot sign in again and find its state gone mid-session. It returns
// the directory it deleted.
func Forget(ctx context.Context, env config.Env, stateRoot, key string, allowLists []string) (string, error) {
	name, err := DirNameOf(key)
	if err != nil {
		return "", err
	}
	for _, ak := range allowLists {
		allowed, err := AllowedDirNames(ak)
		if err != nil {
			return "", err
		}
		if allowed[name] {
			return "", fmt.Errorf("the key is still in %s: remove it there first, so it cannot sign in again", ak)
		}
	}
	dir := filepath.Join(stateRoot, name)
	if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
		return dir, ErrNothingKept
	}
	if err := forgetKeyringTokens(ctx, env, dir); err != nil {
		return dir, fmt.Errorf("%w; %s is left as it is, so forget can be tried again", err, dir)
	}
	return dir, os.RemoveAll(dir)
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
	store := auth.NewStore(auth.StoreOptions{Keyring: Namespaced(kr, name), ConfigDir: dir, StateDir: dir})
	for _, host := range hosts {
		if _, err := store.Delete(ctx, host); err != nil {
			return err
		}
		// "rdash:<host>" is the auth Store's service name for host.
		if err := withTimeout(ctx, auth.KeyringTimeout, func() error {
			return deleteAll(NamespacedService(name, "rdash:"+host))
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
