package cmd

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"time"

	"rdash/api"
	"rdash/auth"
	"rdash/config"
)

// session is a loaded token with what it takes to use and renew it.
type session struct {
	cfg      *config.Config
	settings auth.Settings
	store    *auth.Store
	source   *auth.Source
}

// APIClient returns a client for the configured server that sends the
// stored token (RDASH_TOKEN, else the keyring, else the consented file) and
// renews it when it expires, writing the rotated token back. The api
// package sees only the *http.Client, never a refresh token. With no token
// it returns an error matching auth.ErrSignInNeeded (exit code 4).
func (f *Factory) APIClient(ctx context.Context) (*api.Client, error) {
	s, err := f.session(ctx, nil)
	if err != nil {
		return nil, err
	}
	return s.client()
}

// ReadClient is APIClient for commands that only read versions: with no
// stored token it reads anonymously, which the service allows for versions
// and downloads, instead of asking to sign in first.
func (f *Factory) ReadClient(ctx context.Context) (*api.Client, error) {
	c, err := f.APIClient(ctx)
	if !errors.Is(err, auth.ErrSignInNeeded) {
		return c, err
	}
	cfg, settings, serr := f.authSettings(nil)
	if serr != nil {
		return nil, serr
	}
	return api.New(cfg.BaseURL, settings.APIOptions()...)
}

// session loads the stored token for the configured server.
func (f *Factory) session(ctx context.Context, scopes []string) (*session, error) {
	cfg, settings, err := f.authSettings(scopes)
	if err != nil {
		return nil, err
	}
	store := f.authStore(cfg)
	st, err := store.Load(ctx, settings.Host())
	if err != nil {
		return nil, err
	}
	src := auth.NewSource(ctx, auth.SourceOptions{
		Settings: settings, Stored: st, Store: store,
		OnSaveError: func(err error) {
			f.warn(fmt.Errorf("%w; the next run may ask you to sign in again", err))
		},
	})
	return &session{cfg: cfg, settings: settings, store: store, source: src}, nil
}

func (s *session) client() (*api.Client, error) {
	return auth.NewClient(s.source)
}

// authSettings returns the config and the server and OAuth app settings.
func (f *Factory) authSettings(scopes []string) (*config.Config, auth.Settings, error) {
	cfg, err := f.Config()
	if err != nil {
		return nil, auth.Settings{}, err
	}
	settings, err := auth.SettingsFrom(cfg, scopes)
	if err != nil {
		return nil, auth.Settings{}, &ExitError{Code: ExitCancel, Err: err}
	}
	return cfg, settings, nil
}

// authStore is the token store; a user at a terminal gets a longer keyring
// timeout, as the keyring may ask for its password. A keyring that takes
// long (a D-Bus that accepts and never answers, an unlock prompt) makes
// rdash say what it is waiting for and when it gives up: like gh's other
// notes, on standard error whether or not that is a terminal, and on the
// status line while the dashboard runs.
func (f *Factory) authStore(cfg *config.Config) *auth.Store {
	s := auth.StoreFor(cfg, f.IO.InTTY && f.IO.OutTTY)
	s.OnSlowKeyring(func(timeout time.Duration) {
		f.note(fmt.Sprintf("Waiting for the system keyring (%s) to answer; it may be asking for its password. "+
			"Giving up after %s...", keyringName(), timeout))
	})
	return s
}

// keyringName says which keyring rdash asks on this system.
func keyringName() string {
	switch runtime.GOOS {
	case "darwin":
		return "the macOS Keychain"
	case "windows":
		return "the Windows Credential Manager"
	}
	return "the Secret Service on the D-Bus session bus"
}
