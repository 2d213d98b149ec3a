package server

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"rdash/auth"
	"rdash/config"
	"rdash/internal/serve"
)

// Prepared is what the checks before listening found and prepared.
type Prepared struct {
	NKeys     int          // keys in the authorized_keys file
	Created   bool         // the host key was made now
	Keyring   auth.Keyring // the server account's keyring, or nil
	TokenKey  []byte       // the sealed store's data key; nil with the keyring
	StoreWhy  string       // why this token store, for the log
	StateRoot string       // $XDG_STATE_HOME/rdash/serve
}

// stateRoot is where each key's directory is.
func (s *Server) stateRoot() string { return s.opts.StateRoot }

// Preflight refuses to start without an allow-list, a host key, a safe
// token store and a private state directory, and records the allow-list
// there for forget. It fills in cfg.HostKey's default.
func Preflight(ctx context.Context, base *config.Config, cfg *Config) (Prepared, error) {
	var p Prepared
	if cfg.AuthorizedKeys == "" {
		return p, errors.New("--authorized-keys is required: without an allow-list nobody may connect")
	}
	if err := serve.CheckPrivate(cfg.AuthorizedKeys, "authorized_keys file"); err != nil {
		return p, err
	}
	var err error
	if p.NKeys, err = serve.CountKeys(cfg.AuthorizedKeys); err != nil {
		return p, err
	}
	serveConfig := filepath.Join(base.Env.ConfigDir, "serve")
	if cfg.HostKey == "" {
		cfg.HostKey = filepath.Join(serveConfig, "host_key")
	}
	if p.Created, err = serve.EnsureHostKey(cfg.HostKey); err != nil {
		return p, err
	}
	// The token store: the keyring, or sealed files with the data key
	// outside every key's directory. Refused rather than plain text.
	p.Keyring, p.TokenKey, p.StoreWhy, err = serve.ChooseTokenStore(ctx, cfg.TokenStore, base.Env, filepath.Join(serveConfig, serve.TokenKeyFile))
	if err != nil {
		return p, fmt.Errorf("no safe token store: %w", err)
	}
	p.StateRoot = serve.StateRoot(base.Env)
	if err := privateDir(p.StateRoot); err != nil {
		return p, err
	}
	return p, serve.RecordAllowList(p.StateRoot, cfg.AuthorizedKeys)
}

// privateDir makes dir, and makes it 0700 if it was already there.
func privateDir(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	return os.Chmod(dir, 0o700)
}
