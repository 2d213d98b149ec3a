package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	tea "charm.land/bubbletea/v2"
	charmlog "charm.land/log/v2"
	"charm.land/wish/v2"
	wishtea "charm.land/wish/v2/bubbletea"
	"github.com/charmbracelet/ssh"
	"github.com/spf13/cobra"
	gossh "golang.org/x/crypto/ssh"

	"rdash/api"
	"rdash/auth"
	"rdash/config"
	"rdash/internal/serve"
	"rdash/ui"
	"rdash/ui/common"
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

// sessionData is what the outer middleware hands the program handler
// through the SSH context.
type sessionData struct {
	ctx  context.Context
	fp   string
	dir  string
	sess *serve.Session
}

type sessionDataKey struct{}

func runServe(ctx context.Context, f *Factory, fl serveFlags) error {
	refuse := func(err error) error {
		return &ExitError{Code: ExitCancel, Err: fmt.Errorf("rdash serve will not start: %w", err)}
	}
	base, err := f.Config()
	if err != nil {
		return err
	}
	if fl.authorizedKeys == "" {
		return refuse(errors.New("--authorized-keys is required: without an allow-list nobody may connect"))
	}
	if err := serve.CheckPrivate(fl.authorizedKeys, "authorized_keys file"); err != nil {
		return refuse(err)
	}
	nKeys, err := serve.CountKeys(fl.authorizedKeys)
	if err != nil {
		return refuse(err)
	}
	serveConfig := filepath.Join(base.Env.ConfigDir, "serve")
	if fl.hostKey == "" {
		fl.hostKey = filepath.Join(serveConfig, "host_key")
	}
	created, err := serve.EnsureHostKey(fl.hostKey)
	if err != nil {
		return refuse(err)
	}
	// The token store: the keyring, or sealed files with the data key
	// outside every key's directory. Refused rather than plain text.
	kr, tokenKey, storeWhy, err := chooseTokenStore(ctx, fl.tokenStore, base.Env, filepath.Join(serveConfig, serve.TokenKeyFile))
	if err != nil {
		return refuse(fmt.Errorf("no safe token store: %w", err))
	}
	stateRoot := filepath.Join(base.Env.StateDir, "serve")
	if err := os.MkdirAll(stateRoot, 0o700); err != nil {
		return refuse(err)
	}
	if err := os.Chmod(stateRoot, 0o700); err != nil {
		return refuse(err)
	}
	logger, closeLog, err := serveLogger(fl.logPath, f.IO.ErrOut)
	if err != nil {
		return refuse(err)
	}
	defer closeLog()

	if fl.demo {
		sfl := sandboxFlags{codeTTL: 10 * time.Minute, tokenTTL: time.Hour, pkce: true, faultSeed: 1, latency: fl.demoLatency}
		sb, err := newSandbox(sfl)
		if err != nil {
			return err
		}
		run, err := sb.Start(fl.sandboxAddr)
		if err != nil {
			return refuse(fmt.Errorf("--sandbox-addr: %w", err))
		}
		defer run.Close()
		base = demoConfig(base, run.BaseURL, run.AuthURL, run.ClientID, run.ClientSecret, "")
		logger.Info("demo sandbox", "base_url", run.BaseURL, "auth_url", run.AuthURL)
	} else if _, err := auth.SettingsFrom(base, nil); err != nil {
		return refuse(err)
	}

	s := &server{fl: fl, base: base, stateRoot: stateRoot, tokenKey: tokenKey, keyring: kr, storeWhy: storeWhy, log: logger,
		sessions: serve.NewSessions(fl.maxPerKey)}
	srv, err := wish.NewServer(
		wish.WithAddress(fl.addr),
		wish.WithHostKeyPath(fl.hostKey),
		wish.WithPublicKeyAuth(s.authorize),
		// A real pty per session, as sshd gives: bubbletea puts it in raw
		// mode and can release it (the sign-in's u, which waits for enter
		// in cooked mode) and take it back, which an emulated pty's input,
		// a bare SSH channel whose reads cannot be cancelled, does not allow.
		ssh.AllocatePty(),
		wish.WithMiddleware(wishtea.MiddlewareWithProgramHandler(s.program), s.sessionMiddleware),
	)
	if err != nil {
		return refuse(err)
	}
	ln, err := net.Listen("tcp", fl.addr)
	if err != nil {
		return refuse(err)
	}
	logger.Info("listening", "addr", ln.Addr().String(), "authorized_keys", fl.authorizedKeys, "keys", nKeys,
		"host_key", fl.hostKey, "host_key_created", created, "state", stateRoot, "demo", fl.demo, "token_store", storeWhy)

	// The sweep (removed keys, idle sessions) goes on through the grace
	// period, so it does not run on the signal's context: it stops once
	// Shutdown has returned.
	wctx, stopWatch := context.WithCancel(context.WithoutCancel(ctx))
	watched := make(chan struct{})
	go func() { defer close(watched); s.watch(wctx) }()
	defer func() { stopWatch(); <-watched }()
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
	// Graceful: no new connections; running sessions get the grace period
	// to finish (a bulk edit under way goes on), then are ended. A bulk
	// edit still running then is cancelled with its session: the journal,
	// written before each request is sent, says which were sent.
	logger.Info("shutting down", "sessions", len(s.sessions.All()), "grace", fl.grace.String())
	sctx, cancel := context.WithTimeout(context.Background(), fl.grace)
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
	logger.Info("stopped")
	return nil
}

// serveLogger is the JSON log of who did what: to path (0600, appended)
// or to stderr.
func serveLogger(path string, stderr io.Writer) (*slog.Logger, func(), error) {
	w, closeFn := stderr, func() {}
	if path != "" {
		fh, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
		if err != nil {
			return nil, nil, fmt.Errorf("--log: %w", err)
		}
		w, closeFn = fh, func() { fh.Close() }
	}
	// wish's middleware logs through charm's log package; its lines go
	// to the same place, as JSON too, so the log stays one format.
	charmlog.SetDefault(charmlog.NewWithOptions(w, charmlog.Options{Formatter: charmlog.JSONFormatter,
		ReportTimestamp: true, TimeFormat: time.RFC3339Nano, Prefix: "wish"}))
	return slog.New(slog.NewJSONHandler(w, &slog.HandlerOptions{Level: slog.LevelInfo})), closeFn, nil
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

// sessionMiddleware wraps the dashboard: the per-key limit, the key's
// directory, a context that ends the session early, and the log lines.
func (s *server) sessionMiddleware(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		key := sess.PublicKey()
		if key == nil { // cannot happen: public keys are the only way in
			wish.Fatalln(sess, "rdash: no public key")
			return
		}
		fp := serve.Fingerprint(key)
		log := s.log.With("key", fp, "remote", sess.RemoteAddr().String())
		// The allow-list was checked when the connection was made; one
		// connection carries many sessions (OpenSSH's ControlMaster), so
		// it is checked again for each.
		if ok, err := serve.Authorized(s.fl.authorizedKeys, key); !ok {
			if err != nil {
				log.Error("reading authorized_keys", "err", err.Error())
			}
			log.Info("session refused", "why", serve.ReasonKeyRemoved)
			// The connection itself is closed by the sweep, after the
			// sessions still open on it have said why they end.
			wish.Fatalln(sess, "rdash: this key is no longer allowed on this server")
			return
		}
		pty, _, hasPty := sess.Pty()
		if !hasPty {
			log.Info("session refused", "why", "no terminal")
			wish.Fatalln(sess, "rdash serve shows the dashboard and needs a terminal: connect with ssh -t")
			return
		}
		dir, err := serve.KeyDir(s.stateRoot, key)
		if err != nil {
			log.Error("key directory", "err", err.Error())
			wish.Fatalln(sess, "rdash: cannot prepare this key's directory; the server's log says why")
			return
		}
		ctx, cancel := context.WithCancel(sess.Context())
		defer cancel()
		var ended atomic.Value // why the server ended the session
		rs, err := s.sessions.Add(fp, time.Now(), func(why string) { ended.Store(why); cancel() })
		if err != nil {
			log.Info("session refused", "why", err.Error())
			wish.Fatalln(sess, "rdash: "+err.Error())
			return
		}
		defer s.sessions.Remove(rs)
		start := time.Now()
		log.Info("session start", "term", pty.Term, "width", pty.Window.Width, "height", pty.Window.Height,
			"sessions_of_key", s.sessions.Count(fp))
		sess.Context().SetValue(sessionDataKey{}, &sessionData{ctx: ctx, fp: fp, dir: dir, sess: rs})
		journal := s.journalLogOf(dir)
		go func() {
			t := time.NewTicker(2 * time.Second)
			defer t.Stop()
			for {
				select {
				case <-ctx.Done():
					return
				case <-t.C:
					journal.scan(log)
				}
			}
		}()
		next(sess)
		// What the last moments wrote; a job cancelled with the session
		// writes its outcomes a little after.
		journal.scan(log)
		time.AfterFunc(2*time.Second, func() { journal.scan(log) })
		reason, byServer := ended.Load().(string)
		switch {
		case byServer:
		case sess.Context().Err() != nil:
			reason = "client left"
		default:
			reason = "quit"
		}
		log.Info("session end", "why", reason, "seconds", int(time.Since(start).Seconds()))
		if byServer {
			// After the dashboard has left the alternate screen.
			_, _ = io.WriteString(sess, "\r\nrdash: session ended: "+reason+"\r\n")
		}
		if reason == serve.ReasonKeyRemoved {
			// Not only this session: the key may open no other on the
			// connection it still holds.
			_ = sess.Exit(1)
			closeConn(sess)
		}
	}
}

// closeConn closes the whole SSH connection sess runs on, with every
// other session on it.
func closeConn(sess ssh.Session) {
	if c, ok := sess.Context().Value(ssh.ContextKeyConn).(gossh.Conn); ok {
		_ = c.Close()
	}
}

// program builds the dashboard of one session: the key's own config,
// state, token store and sign-in, drawn on the session's pty.
func (s *server) program(sess ssh.Session) *tea.Program {
	d, _ := sess.Context().Value(sessionDataKey{}).(*sessionData)
	if d == nil {
		return nil
	}
	log := s.log.With("key", d.fp)
	pty, _, _ := sess.Pty()
	cfg := s.sessionConfig(d.dir, pty.Term, sess.Environ())
	opts, err := s.dashboard(d.ctx, cfg, log)
	if err != nil {
		log.Error("session setup", "err", err.Error())
		wish.Errorln(sess, "rdash: "+err.Error())
		return nil
	}
	progOpts := append(wishtea.MakeOptions(sess), ui.ProgramOptions(opts)...)
	// Every key or mouse event counts as activity for --idle-timeout;
	// the middleware's own filter (a suspend request resumes at once, as
	// the SSH client cannot be suspended from here) is kept.
	progOpts = append(progOpts, tea.WithFilter(func(_ tea.Model, msg tea.Msg) tea.Msg {
		switch msg.(type) {
		case tea.SuspendMsg:
			return tea.ResumeMsg{}
		case tea.KeyMsg, tea.MouseMsg, tea.PasteMsg:
			d.sess.Touch(time.Now())
		}
		return msg
	}))
	p := tea.NewProgram(ui.New(opts), progOpts...)
	go followPtySize(d.ctx, pty, p)
	return p
}

// sessionConfig is the server's config seen from one session: the key's
// directory for state and config, the client's terminal, and none of the
// server's own environment (its TERM, tmux, browser, D-Bus, RDASH_TOKEN).
func (s *server) sessionConfig(dir, term string, environ []string) *config.Config {
	c := *s.base
	c.Env = config.Env{SSH: true, ConfigDir: dir, StateDir: dir}
	// The operator's own pins, organizations, username and config path
	// are not the session's: each key keeps its own in its state.
	c.Projects, c.Orgs, c.Username, c.Path, c.Warnings = nil, nil, "", "", nil
	env := map[string]string{}
	for _, kv := range environ {
		if k, v, ok := strings.Cut(kv, "="); ok {
			env[k] = v
		}
	}
	c.Env.NoColor = env["NO_COLOR"] != ""
	c.Env.DumbTerminal = term == "" || term == "dumb"
	c.Env.Background = config.BackgroundFromCOLORFGBG(env["COLORFGBG"])
	if s.fl.demo {
		c.Scopes = config.AllScopes()
	}
	return &c
}

// dashboard is ui.Options for one session of a key: its sealed token
// store, the paste-the-code sign-in, its remembered projects.
func (s *server) dashboard(ctx context.Context, cfg *config.Config, log *slog.Logger) (opts ui.Options, err error) {
	dir := cfg.Env.StateDir
	var kr auth.Keyring
	if s.keyring != nil {
		kr = serve.Namespaced(s.keyring, filepath.Base(dir))
	} else if kr, err = serve.NewSealedStore(dir, s.tokenKey, &s.sealedLocks); err != nil {
		return ui.Options{}, err
	}
	store := auth.NewStore(auth.StoreOptions{Keyring: kr, ConfigDir: dir, StateDir: dir})
	settings, err := auth.SettingsFrom(cfg, nil)
	if err != nil {
		return ui.Options{}, err
	}
	st, err := store.Load(ctx, settings.Host())
	if err != nil && !errors.Is(err, auth.ErrSignInNeeded) {
		log.Warn("loading the key's token", "err", err.Error())
	}
	if err != nil {
		st = nil // signed out: the dashboard offers the sign-in
	} else {
		log.Info("signed in from store", "account", st.Account)
	}
	src := auth.NewSource(context.WithoutCancel(ctx), auth.SourceOptions{Settings: settings, Stored: st, Store: store,
		OnSaveError: func(err error) { log.Warn("saving a refreshed token", "err", err.Error()) }})
	client, err := api.New(settings.BaseURL, api.WithHTTPClient(auth.NewHTTPClient(src, nil)))
	if err != nil {
		return ui.Options{}, err
	}
	session := &uiSession{cfg: cfg, settings: settings, store: store, source: src, mode: auth.ModePaste,
		open: func(context.Context, string) error {
			return errors.New("no browser on the server: open the address on your own machine and paste the code")
		}}
	state, err := config.LoadState(dir)
	if err != nil {
		log.Warn("loading state", "err", err.Error())
	}
	return ui.Options{
		Client: client, Config: cfg, State: state, Context: ctx, Logger: log, Session: &loggedSession{uiSession: session, log: log},
		SaveState: loggedSave(dir, log, state), NoLocalFiles: true, // the files would be the server account's
	}, nil
}

// loggedSession logs sign-ins and sign-outs of a key's sessions: the
// account's name, never a token.
type loggedSession struct {
	*uiSession
	log *slog.Logger
}

// Complete implements common.Session.
func (l *loggedSession) Complete(ctx context.Context, g common.Grant, plainText bool) (common.Account, error) {
	a, err := l.uiSession.Complete(ctx, g, false) // never the plain-text file
	if err != nil {
		l.log.Info("sign-in failed", "err", err.Error())
	} else {
		l.log.Info("signed in", "account", a.Name)
	}
	return a, err
}

// SignOut implements common.Session.
func (l *loggedSession) SignOut(ctx context.Context) ([]common.Location, error) {
	where, err := l.uiSession.SignOut(ctx)
	l.log.Info("signed out", "removed", len(where))
	return where, err
}

// CheckStorage implements common.Session: the keyring or the sealed
// store, or nothing. The auth Store would offer its plain-text file when
// its keyring (here either) fails; a served session never writes a token
// there.
func (l *loggedSession) CheckStorage(ctx context.Context) (*common.InsecureNotice, error) {
	if err := l.store.Check(ctx); err != nil {
		l.log.Error("token store", "err", err.Error())
		return nil, fmt.Errorf("this server's token store does not work (%w); tell its operator", err)
	}
	return nil, l.store.CheckWritable(false)
}

// chooseTokenStore picks where served sessions keep tokens: the server
// account's keyring (answering a probe now), or the sealed files, whose
// data key is made on first use. It says which and why, for the log.
func chooseTokenStore(ctx context.Context, want string, env config.Env, keyPath string) (auth.Keyring, []byte, string, error) {
	sealed := func(why string) (auth.Keyring, []byte, string, error) {
		key, err := serve.LoadOrCreateTokenKey(keyPath)
		if err != nil {
			return nil, nil, "", err
		}
		return nil, key, "sealed files (" + why + ")", nil
	}
	switch want {
	case "sealed":
		return sealed("--token-store sealed")
	case "keyring", "auto":
	default:
		return nil, nil, "", fmt.Errorf("--token-store: %q is not keyring, sealed or auto", want)
	}
	kr, why := auth.SystemKeyringFor(env)
	if why == nil {
		why = auth.NewStore(auth.StoreOptions{Keyring: kr}).Check(ctx)
	}
	switch {
	case why == nil:
		return kr, nil, "the server account's keyring", nil
	case want == "keyring":
		return nil, nil, "", fmt.Errorf("--token-store keyring: %w", why)
	}
	return sealed("no keyring: " + why.Error())
}
