package cmd

import (
	"context"
	"fmt"
	"os/signal"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"rdash/internal/serve"
	"rdash/internal/serve/server"
)

// serveOptions are serve's: the server's Config and what cmd keeps to
// itself, the demo's sandbox and the log's file.
type serveOptions struct {
	f *Factory
	server.Config
	sandboxAddr string
	demoLatency time.Duration
	logPath     string
}

func newServeCmd(f *Factory, runF func(context.Context, *serveOptions) error) *cobra.Command {
	opts := &serveOptions{f: f}
	c := &cobra.Command{
		Use:   "serve",
		Short: "Serve the dashboard over SSH to the keys in an authorized_keys file",
		Long: `Run an SSH server whose every session is the dashboard. Only the public
keys in --authorized-keys may connect (the file is read again on every
connection, and a key removed from it loses its sessions and connections
within seconds); no password is ever asked. Each key has its own sign-in,
tokens, remembered projects and edit journal, under
$XDG_STATE_HOME/rdash/serve/<key>/, and signs in inside the session by
pasting a code: no browser on the server.

Tokens go to the server account's keyring when it answers at start, each
key under its own name there; else they are kept sealed (AES-256-GCM) in
each key's directory, with the data key in
$XDG_CONFIG_HOME/rdash/serve/token-key (0600). Never in plain text. The
host key is made on first start (ed25519, 0600).

One dashboard per connection (ssh's ControlMaster shares one connection
between sessions: give rdash serve its own, ControlMaster no). A window
larger than 500x200 is drawn at 500x200. Connections are capped in all,
per source address and before authentication; one that has not
authenticated within --handshake-timeout, or holds no dashboard for
--no-dashboard-timeout, is closed.

  rdash serve --authorized-keys ~/.config/rdash/serve/authorized_keys
  ssh -p 23234 rdash.example.org

--demo serves the built-in sandbox's data instead of the configured
server; each key signs in as a seeded user of its choice.`,
		Example: `  rdash serve --authorized-keys ~/.config/rdash/serve/authorized_keys
  rdash serve --demo --authorized-keys ~/.config/rdash/serve/authorized_keys`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runWith(cmd.Context(), opts, runF, serveRun)
		},
	}
	c.AddCommand(newServeForgetCmd(f, nil))
	bindServeFlags(c, opts)
	addMouseFlag(c.Flags(), f)
	return c
}

func bindServeFlags(c *cobra.Command, fl *serveOptions) {
	fs := c.Flags()
	fs.StringVar(&fl.Addr, "addr", "127.0.0.1:23234", "address to listen on")
	fs.StringVar(&fl.HostKey, "host-key", "", "the server's SSH host key, made on first start (default $XDG_CONFIG_HOME/rdash/serve/host_key)")
	fs.StringVar(&fl.AuthorizedKeys, "authorized-keys", "", "the public keys allowed to connect, OpenSSH's authorized_keys format (required; 0600)")
	fs.BoolVar(&fl.Demo, "demo", false, "serve the built-in sandbox's seeded data instead of the configured server")
	fs.StringVar(&fl.sandboxAddr, "sandbox-addr", "127.0.0.1:0", "with --demo: where the sandbox listens; its sign-in page must be reachable from the users' browsers")
	fs.DurationVar(&fl.demoLatency, "demo-latency", 0, "with --demo: delay added to every sandbox request, to feel a slow service")
	fs.DurationVar(&fl.Idle, "idle-timeout", 30*time.Minute, "end a session after this long without a key pressed (0: never)")
	fs.IntVar(&fl.MaxPerKey, "max-sessions-per-key", 3, "sessions (each with its pty) one key may have open at once (0: no limit)")
	fs.DurationVar(&fl.Grace, "shutdown-grace", 30*time.Second, "on SIGINT or SIGTERM, how long running sessions may go on before they are ended")
	fs.DurationVar(&fl.HandshakeTimeout, "handshake-timeout", 15*time.Second, "close a connection not authenticated within this long")
	fs.DurationVar(&fl.NoDashboard, "no-dashboard-timeout", 20*time.Second, "close an authenticated connection that holds no dashboard for this long")
	fs.IntVar(&fl.MaxConns, "max-connections", 200, "connections held at once (0: no limit)")
	fs.IntVar(&fl.MaxConnsPerAddr, "max-connections-per-address", 20, "connections held at once from one IP address (0: no limit)")
	fs.IntVar(&fl.MaxUnauth, "max-unauthenticated", 50, "connections held at once that have not authenticated yet (0: no limit)")
	fs.StringVar(&fl.TokenStore, "token-store", "auto", "where tokens go: keyring (the server account's; refuse to start without one), sealed (encrypted files), or auto (the keyring when it answers, else sealed)")
	fs.StringVar(&fl.logPath, "log", "", "write the JSON log to this file (0600, appended) instead of stderr")
}

// serveRun checks everything before it listens, starts the sandbox with
// --demo, then serves until SIGINT or SIGTERM.
func serveRun(ctx context.Context, fl *serveOptions) error {
	f := fl.f
	base, err := f.Config()
	if err != nil {
		return err
	}
	if err := checkServeFlags(fl.Config); err != nil {
		return refuseServe(err)
	}
	pre, err := server.Preflight(ctx, base, &fl.Config)
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
	s := server.New(server.Options{Config: fl.Config, Prepared: pre, Base: base, Log: logger, NewSession: servedSession})
	srv, ln, err := s.Listen()
	if err != nil {
		return refuseServe(err)
	}
	logger.Info("listening", "addr", ln.Addr().String(), "authorized_keys", fl.AuthorizedKeys, "keys", pre.NKeys,
		"host_key", fl.HostKey, "host_key_created", pre.Created, "state", pre.StateRoot, "demo", fl.Demo, "token_store", pre.StoreWhy)
	defer serve.Profiles(f.Lookup, logger)()
	ctx, stop := signal.NotifyContext(ctx, syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	return s.Run(ctx, srv, ln)
}

// checkServeFlags refuses limits that cannot be meant.
func checkServeFlags(c server.Config) error {
	for _, d := range []struct {
		name string
		v    time.Duration
	}{{"--idle-timeout", c.Idle}, {"--shutdown-grace", c.Grace}, {"--handshake-timeout", c.HandshakeTimeout}, {"--no-dashboard-timeout", c.NoDashboard}} {
		if d.v < 0 {
			return fmt.Errorf("%s: must not be negative, not %s", d.name, d.v)
		}
	}
	for _, n := range []struct {
		name string
		v    int
	}{{"--max-sessions-per-key", c.MaxPerKey}, {"--max-connections", c.MaxConns}, {"--max-connections-per-address", c.MaxConnsPerAddr}, {"--max-unauthenticated", c.MaxUnauth}} {
		if n.v < 0 {
			return fmt.Errorf("%s: must be 0 (no limit) or more, not %d", n.name, n.v)
		}
	}
	return nil
}

// refuseServe is the error of a server that does not start.
func refuseServe(err error) error {
	return &ExitError{Code: ExitCancel, Err: fmt.Errorf("rdash serve will not start: %w", err)}
}
