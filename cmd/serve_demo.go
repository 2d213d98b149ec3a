package cmd

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"rdash/auth"
	"rdash/config"
	"rdash/internal/serve/server"
	"rdash/ui/common"
)

// demoSetup, with --demo, starts the sandbox and points base at it; the
// returned func stops it. Without --demo it checks that base names a
// server to sign in to.
func demoSetup(base *config.Config, fl *serveOptions, logger *slog.Logger) (*config.Config, func(), error) {
	if !fl.Demo {
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

// servedSession is the dashboard's session of one served key: cmd's own,
// signing in by pasting the code, as the server has no browser.
var servedSession server.SessionFactory = func(cfg *config.Config, settings auth.Settings, store *auth.Store, src *auth.Source) common.Session {
	return &uiSession{cfg: cfg, settings: settings, store: store, source: src, mode: auth.ModePaste,
		open: func(context.Context, string) error {
			return errors.New("no browser on the server: open the address on your own machine and paste the code")
		}}
}
