package cmd

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"charm.land/wish/v2"
	wishtea "charm.land/wish/v2/bubbletea"
	"charm.land/ssh"

	"rdash/auth"
	"rdash/config"
	"rdash/internal/serve"
)

// server is one `rdash serve`: what every session shares.
type server struct {
	fl          serveFlags
	base        *config.Config  // the server's config, pointed at the sandbox with --demo
	stateRoot   string          // $XDG_STATE_HOME/rdash/serve
	tokenKey    []byte          // the sealed store's data key; nil with the keyring
	sealedLocks serve.FileLocks // serialize one key's sessions on its sealed file
	keyring     auth.Keyring    // the server account's keyring, or nil
	storeWhy    string          // why this token store, for the log
	log         *slog.Logger
	sessions    *serve.Sessions
	journals    sync.Map // key directory -> *journalLog
}

// listen makes the SSH server, every session of which is the dashboard,
// and its listener.
func (s *server) listen() (*ssh.Server, net.Listener, error) {
	srv, err := wish.NewServer(
		wish.WithAddress(s.fl.addr),
		wish.WithHostKeyPath(s.fl.hostKey),
		wish.WithPublicKeyAuth(s.authorize),
		// A real pty per session, as sshd gives: bubbletea puts it in raw
		// mode and can release it (the sign-in's u, which waits for enter
		// in cooked mode) and take it back, which an emulated pty's input,
		// a bare SSH channel whose reads cannot be cancelled, does not allow.
		ssh.AllocatePty(),
		wish.WithMiddleware(wishtea.MiddlewareWithProgramHandler(s.program), s.sessionMiddleware),
	)
	if err != nil {
		return nil, nil, err
	}
	ln, err := net.Listen("tcp", s.fl.addr)
	if err != nil {
		return nil, nil, err
	}
	return srv, ln, nil
}

// run serves on ln until it fails or SIGINT or SIGTERM comes, then shuts
// down.
func (s *server) run(ctx context.Context, srv *ssh.Server, ln net.Listener) error {
	defer s.startWatch(ctx)()
	ctx, stop := signal.NotifyContext(ctx, syscall.SIGINT, syscall.SIGTERM)
	defer stop()
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

// startWatch starts the sweep (removed keys, idle sessions); the
// returned func stops it and waits. The sweep goes on through the grace
// period, so it does not run on the signal's context: it stops once
// Shutdown has returned.
func (s *server) startWatch(ctx context.Context) (stop func()) {
	wctx, stopWatch := context.WithCancel(context.WithoutCancel(ctx))
	watched := make(chan struct{})
	go func() { defer close(watched); s.watch(wctx) }()
	return func() { stopWatch(); <-watched }
}

// shutdown is graceful: no new connections; running sessions get the
// grace period to finish (a bulk edit under way goes on), then are ended.
// A bulk edit still running then is cancelled with its session: the
// journal, written before each request is sent, says which were sent.
func (s *server) shutdown(srv *ssh.Server) {
	s.log.Info("shutting down", "sessions", len(s.sessions.All()), "grace", s.fl.grace.String())
	sctx, cancel := context.WithTimeout(context.Background(), s.fl.grace)
	defer cancel()
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

// authorize is the only way in: a public key in the authorized_keys
// file, read again now.
func (s *server) authorize(ctx ssh.Context, key ssh.PublicKey) bool {
	ok, err := serve.Authorized(s.fl.authorizedKeys, key)
	if err != nil {
		s.log.Error("reading authorized_keys", "err", err.Error())
	}
	if !ok {
		s.log.Warn("key refused", "key", serve.Fingerprint(key), "remote", ctx.RemoteAddr().String(), "user", ctx.User())
	}
	return ok
}

// watch ends the sessions of removed keys and idle ones, every two
// seconds, until ctx ends.
func (s *server) watch(ctx context.Context) {
	t := time.NewTicker(2 * time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-t.C:
			allowed, err := serve.Allowed(s.fl.authorizedKeys)
			if err != nil {
				s.log.Error("reading authorized_keys; ending every session", "err", err.Error())
			}
			s.sessions.Sweep(allowed, s.fl.idle, now)
		}
	}
}
