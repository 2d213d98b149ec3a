package cmd

import (
	"context"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"rdash/internal/serve"
)

type serveFlags struct {
	addr           string
	hostKey        string
	authorizedKeys string
	demo           bool
	sandboxAddr    string
	demoLatency    time.Duration
	idle           time.Duration
	maxPerKey      int
	grace          time.Duration
	logPath        string
	tokenStore     string
}

func newServeCmd(f *Factory) *cobra.Command {
	var fl serveFlags
	c := &cobra.Command{
		Use:   "serve",
		Short: "Serve the dashboard over SSH to the keys in an authorized_keys file",
		Long: `Run an SSH server whose every session is the dashboard. Only the public
keys in --authorized-keys may connect (the file is read again on every
connection, and a session whose key is removed ends within seconds); no
password is ever asked. Each key has its own sign-in, tokens, remembered
projects and edit journal, under $XDG_STATE_HOME/rdash/serve/<key>/, and
signs in inside the session by pasting a code: no browser on the server.

Tokens go to the server account's keyring when it answers at start, each
key under its own name there; else they are kept sealed (AES-256-GCM) in
each key's directory, with the data key in
$XDG_CONFIG_HOME/rdash/serve/token-key (0600). Never in plain text. The
host key is made on first start (ed25519, 0600).

  rdash serve --authorized-keys ~/.config/rdash/serve/authorized_keys
  ssh -p 23234 rdash.example.org

--demo serves the built-in sandbox's data instead of the configured
server; each key signs in as a seeded user of its choice.`,
		Example: `  rdash serve --authorized-keys ~/.config/rdash/serve/authorized_keys
  rdash serve --demo --authorized-keys ~/.config/rdash/serve/authorized_keys`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runServe(cmd.Context(), f, fl)
		},
	}
	c.AddCommand(newServeForgetCmd(f))
	fs := c.Flags()
	fs.StringVar(&fl.addr, "addr", "127.0.0.1:23234", "address to listen on")
	fs.StringVar(&fl.hostKey, "host-key", "", "the server's SSH host key, made on first start (default $XDG_CONFIG_HOME/rdash/serve/host_key)")
	fs.StringVar(&fl.authorizedKeys, "authorized-keys", "", "the public keys allowed to connect, OpenSSH's authorized_keys format (required; 0600)")
	fs.BoolVar(&fl.demo, "demo", false, "serve the built-in sandbox's seeded data instead of the configured server")
	fs.StringVar(&fl.sandboxAddr, "sandbox-addr", "127.0.0.1:0", "with --demo: where the sandbox listens; its sign-in page must be reachable from the users' browsers")
	fs.DurationVar(&fl.demoLatency, "demo-latency", 0, "with --demo: delay added to every sandbox request, to feel a slow service")
	fs.DurationVar(&fl.idle, "idle-timeout", 30*time.Minute, "end a session after this long without a key pressed (0: never)")
	fs.IntVar(&fl.maxPerKey, "max-sessions-per-key", 3, "sessions one key may have open at once (0: no limit)")
	fs.DurationVar(&fl.grace, "shutdown-grace", 30*time.Second, "on SIGINT or SIGTERM, how long running sessions may go on before they are ended")
	fs.StringVar(&fl.tokenStore, "token-store", "auto", "where tokens go: keyring (the server account's; refuse to start without one), sealed (encrypted files), or auto (the keyring when it answers, else sealed)")
	fs.StringVar(&fl.logPath, "log", "", "write the JSON log to this file (0600, appended) instead of stderr")
	return c
}

// runServe checks everything before it listens, starts the sandbox with
// --demo, then serves until SIGINT or SIGTERM.
func runServe(ctx context.Context, f *Factory, fl serveFlags) error {
	base, err := f.Config()
	if err != nil {
		return err
	}
	pre, err := preflight(ctx, base, &fl)
	if err != nil {
		return refuseServe(err)
	}
	logger, closeLog, err := serve.Logger(fl.logPath, f.IO.ErrOut)
	if err != nil {
		return refuseServe(err)
	}
	defer closeLog()
	base, stopDemo, err := demoSetup(base, fl, logger)
	if err != nil {
		return err
	}
	defer stopDemo()
	s := &server{fl: fl, base: base, stateRoot: pre.stateRoot, tokenKey: pre.tokenKey, keyring: pre.keyring,
		storeWhy: pre.storeWhy, log: logger, sessions: serve.NewSessions(fl.maxPerKey)}
	srv, ln, err := s.listen()
	if err != nil {
		return refuseServe(err)
	}
	logger.Info("listening", "addr", ln.Addr().String(), "authorized_keys", fl.authorizedKeys, "keys", pre.nKeys,
		"host_key", fl.hostKey, "host_key_created", pre.created, "state", pre.stateRoot, "demo", fl.demo, "token_store", pre.storeWhy)
	return s.run(ctx, srv, ln)
}

// refuseServe is the error of a server that does not start.
func refuseServe(err error) error {
	return &ExitError{Code: ExitCancel, Err: fmt.Errorf("rdash serve will not start: %w", err)}
}
