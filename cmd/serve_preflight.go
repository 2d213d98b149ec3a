package cmd

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"rdash/auth"
	"rdash/config"
	"rdash/internal/serve"
)

// preflighted is what the checks before listening found and prepared.
type preflighted struct {
	nKeys     int          // keys in the authorized_keys file
	created   bool         // the host key was made now
	keyring   auth.Keyring // the server account's keyring, or nil
	tokenKey  []byte       // the sealed store's data key; nil with the keyring
	storeWhy  string       // why this token store, for the log
	stateRoot string       // $XDG_STATE_HOME/rdash/serve
}

// preflight refuses to start without an allow-list, a host key, a safe
// token store and a private state directory. It fills in fl.hostKey's
// default.
func preflight(ctx context.Context, base *config.Config, fl *serveFlags) (preflighted, error) {
	var p preflighted
	if fl.authorizedKeys == "" {
		return p, errors.New("--authorized-keys is required: without an allow-list nobody may connect")
	}
	if err := serve.CheckPrivate(fl.authorizedKeys, "authorized_keys file"); err != nil {
		return p, err
	}
	var err error
	if p.nKeys, err = serve.CountKeys(fl.authorizedKeys); err != nil {
		return p, err
	}
	serveConfig := filepath.Join(base.Env.ConfigDir, "serve")
	if fl.hostKey == "" {
		fl.hostKey = filepath.Join(serveConfig, "host_key")
	}
	if p.created, err = serve.EnsureHostKey(fl.hostKey); err != nil {
		return p, err
	}
	// The token store: the keyring, or sealed files with the data key
	// outside every key's directory. Refused rather than plain text.
	p.keyring, p.tokenKey, p.storeWhy, err = serve.ChooseTokenStore(ctx, fl.tokenStore, base.Env, filepath.Join(serveConfig, serve.TokenKeyFile))
	if err != nil {
		return p, fmt.Errorf("no safe token store: %w", err)
	}
	p.stateRoot = filepath.Join(base.Env.StateDir, "serve")
	return p, privateDir(p.stateRoot)
}

// privateDir makes dir, and makes it 0700 if it was already there.
func privateDir(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	return os.Chmod(dir, 0o700)
}

// demoSetup, with --demo, starts the sandbox and points base at it; the
// returned func stops it. Without --demo it checks that base names a
// server to sign in to.
func demoSetup(base *config.Config, fl serveFlags, logger *slog.Logger) (*config.Config, func(), error) {
	if !fl.demo {
		if _, err := auth.SettingsFrom(base, nil); err != nil {
			return nil, nil, refuseServe(err)
		}
		return base, func() {}, nil
	}
	sfl := sandboxFlags{codeTTL: 10 * time.Minute, tokenTTL: time.Hour, pkce: true, faultSeed: 1, latency: fl.demoLatency}
	sb, err := newSandbox(sfl)
	if err != nil {
		return nil, nil, err
	}
	run, err := sb.Start(fl.sandboxAddr)
	if err != nil {
		return nil, nil, refuseServe(fmt.Errorf("--sandbox-addr: %w", err))
	}
	base = demoConfig(base, run.BaseURL, run.AuthURL, run.ClientID, run.ClientSecret, "")
	logger.Info("demo sandbox", "base_url", run.BaseURL, "auth_url", run.AuthURL)
	return base, func() { run.Close() }, nil
}
