// Package server is `rdash serve`'s SSH app: the SSH server whose every
// session is the dashboard, drawn on a pty of its own for one allowed
// key. It holds what cmd leaves to it once the flags are read: the checks
// before listening (Preflight), the connections and their limits, the
// sessions and their pty, the dashboard each runs, the frames paced by
// the link, and the JSON log of who did what. What needs no SSH and no
// dashboard (keys, state directories, token stores, the limits' rules)
// is in the parent package, internal/serve.
package server

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"sync"
	"time"

	"charm.land/ssh"

	"rdash/config"
	"rdash/internal/serve"
)

// Config is one `rdash serve` as its flags set it.
type Config struct {
	Addr           string
	HostKey        string // the host key's path; Preflight fills in the default
	AuthorizedKeys string
	TokenStore     string // keyring, sealed or auto
	Demo           bool   // every scope, for the sandbox's seeded users

	Idle      time.Duration // a dashboard without a key pressed this long ends (0: never)
	MaxPerKey int           // dashboards (and so ptys) one key may hold at once (0: no limit)
	Grace     time.Duration // how long sessions go on after SIGINT or SIGTERM

	HandshakeTimeout time.Duration // from accepting a connection to its authentication
	NoDashboard      time.Duration // an authenticated connection without a dashboard this long is closed
	MaxConns         int           // connections at once (0: no limit)
	MaxConnsPerAddr  int           // connections at once from one IP address (0: no limit)
	MaxUnauth        int           // connections not yet authenticated (0: no limit)
}

// Options are what New needs besides the Config: what Preflight
// prepared, the server's own config (pointed at the sandbox with --demo),
// the log, and cmd's session maker.
type Options struct {
	Config
	Prepared
	Base       *config.Config
	Log        *slog.Logger
	NewSession SessionFactory
}

// Server is one `rdash serve`: what every connection and session shares.
type Server struct {
	opts        Options
	log         *slog.Logger
	sessions    *serve.Sessions
	limits      *serve.ConnLimits
	conns       connSet
	terms       sync.Map        // ssh.Session -> *terminal, from its pty-req
	sealedLocks serve.FileLocks // serialize one key's sessions on its sealed file
	journals    sync.Map        // key directory -> *journalLog
	refused     *throttledLog
	tasks       tasks // work that may log after a session ends
}

// New is a server for opts; Listen and Run start it.
func New(opts Options) *Server {
	return &Server{opts: opts, log: opts.Log, sessions: serve.NewSessions(opts.MaxPerKey),
		limits:  &serve.ConnLimits{MaxTotal: opts.MaxConns, MaxPerAddr: opts.MaxConnsPerAddr, MaxUnauth: opts.MaxUnauth},
		refused: newThrottledLog(opts.Log, "connections refused", time.Second)}
}

// Listen makes the SSH server and its listener.
func (s *Server) Listen() (*ssh.Server, net.Listener, error) {
	srv, err := s.sshServer()
	if err != nil {
		return nil, nil, err
	}
	ln, err := net.Listen("tcp", s.opts.Addr)
	if err != nil {
		return nil, nil, err
	}
	return srv, ln, nil
}

// Run serves on ln until it fails or ctx ends (cmd ends it on SIGINT or
// SIGTERM), then shuts down gracefully; nothing logs after it returns.
func (s *Server) Run(ctx context.Context, srv *ssh.Server, ln net.Listener) error {
	defer s.tasks.wait()
	defer s.startWatch(ctx)()
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err := <-served:
		if !errors.Is(err, ssh.ErrServerClosed) {
			return err
		}
		return nil
	case <-ctx.Done():
	}
	s.shutdown(srv)
	return nil
}

// shutdown is graceful: no new connections; running sessions get the
// grace period to finish (a bulk edit under way goes on), then are ended.
// A bulk edit still running then is cancelled with its session: the
// journal, written before each request is sent, says which were sent.
func (s *Server) shutdown(srv *ssh.Server) {
	s.log.Info("shutting down", "sessions", len(s.sessions.All()), "grace", s.opts.Grace.String())
	sctx, cancel := context.WithTimeout(context.Background(), s.opts.Grace)
	defer cancel()
	// Connections without a dashboard have nothing to finish.
	s.conns.closeIdle()
	if err := srv.Shutdown(sctx); err != nil {
		for _, sess := range s.sessions.All() {
			sess.End(serve.ReasonShutdown)
		}
		cctx, ccancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer ccancel()
		if srv.Shutdown(cctx) != nil {
			_ = srv.Close()
		}
	}
	s.log.Info("stopped")
}

// startWatch starts the sweep (removed keys, idle sessions); the
// returned func stops it and waits. The sweep goes on through the grace
// period, so it does not run on the signal's context: it stops once
// Shutdown has returned.
func (s *Server) startWatch(ctx context.Context) (stop func()) {
	wctx, stopWatch := context.WithCancel(context.WithoutCancel(ctx))
	watched := make(chan struct{})
	go func() { defer close(watched); s.watch(wctx) }()
	return func() { stopWatch(); <-watched }
}

// sweepEvery is how often removed keys and idle sessions are looked for.
const sweepEvery = 2 * time.Second

// watch ends the sessions, and closes the connections, of removed keys,
// and ends idle sessions, every sweepEvery, until ctx ends.
func (s *Server) watch(ctx context.Context) {
	t := time.NewTicker(sweepEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-t.C:
			s.sweep(now)
		}
	}
}

// sweep is one look: sessions first, so that each can say why it ends
// before its connection closes.
func (s *Server) sweep(now time.Time) {
	allowed, err := serve.Allowed(s.opts.AuthorizedKeys)
	if err != nil {
		s.log.Error("reading authorized_keys; ending every session", "err", err.Error())
	}
	s.sessions.Sweep(allowed, s.opts.Idle, now)
	s.conns.sweep(allowed)
}
