package cmd

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"path/filepath"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/wish/v2"
	wishtea "charm.land/wish/v2/bubbletea"
	"charm.land/ssh"

	"rdash/auth"
	"rdash/config"
	"rdash/internal/serve"
	"rdash/ui"
	"rdash/ui/common"
)

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
	progOpts = append(progOpts, tea.WithFilter(activityFilter(d.sess)))
	p := tea.NewProgram(ui.New(opts), progOpts...)
	go followPtySize(d.ctx, pty, p)
	return p
}

// activityFilter counts every key or mouse event as activity for
// --idle-timeout; the middleware's own filter (a suspend request resumes
// at once, as the SSH client cannot be suspended from here) is kept.
func activityFilter(sess *serve.Session) func(tea.Model, tea.Msg) tea.Msg {
	return func(_ tea.Model, msg tea.Msg) tea.Msg {
		switch msg.(type) {
		case tea.SuspendMsg:
			return tea.ResumeMsg{}
		case tea.KeyMsg, tea.MouseMsg, tea.PasteMsg:
			sess.Touch(time.Now())
		}
		return msg
	}
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
	env := envMap(environ)
	c.Env.NoColor = env["NO_COLOR"] != ""
	c.Env.DumbTerminal = term == "" || term == "dumb"
	c.Env.Background = config.BackgroundFromCOLORFGBG(env["COLORFGBG"])
	if s.fl.demo {
		c.Scopes = config.AllScopes()
	}
	return &c
}

// envMap is the session's environment, from its KEY=value lines.
func envMap(environ []string) map[string]string {
	env := map[string]string{}
	for _, kv := range environ {
		if k, v, ok := strings.Cut(kv, "="); ok {
			env[k] = v
		}
	}
	return env
}

// dashboard is ui.Options for one session of a key: its sealed token
// store, the paste-the-code sign-in, its remembered projects.
func (s *server) dashboard(ctx context.Context, cfg *config.Config, log *slog.Logger) (ui.Options, error) {
	dir := cfg.Env.StateDir
	kr, err := s.keyKeyring(dir)
	if err != nil {
		return ui.Options{}, err
	}
	store := auth.NewStore(auth.StoreOptions{Keyring: kr, ConfigDir: dir, StateDir: dir})
	settings, err := auth.SettingsFrom(cfg, nil)
	if err != nil {
		return ui.Options{}, err
	}
	st := loadToken(ctx, store, settings.Host(), log)
	src := auth.NewSource(context.WithoutCancel(ctx), auth.SourceOptions{Settings: settings, Stored: st, Store: store,
		OnSaveError: func(err error) { log.Warn("saving a refreshed token", "err", err.Error()) }})
	client, err := auth.NewClient(src)
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

// keyKeyring is where the key in dir keeps its tokens: its own names in
// the server account's keyring, or its sealed file.
func (s *server) keyKeyring(dir string) (auth.Keyring, error) {
	if s.keyring != nil {
		return serve.Namespaced(s.keyring, filepath.Base(dir)), nil
	}
	return serve.NewSealedStore(dir, s.tokenKey, &s.sealedLocks)
}

// loadToken is the key's stored token, or nil when it is signed out: the
// dashboard then offers the sign-in.
func loadToken(ctx context.Context, store *auth.Store, host string, log *slog.Logger) *auth.Stored {
	st, err := store.Load(ctx, host)
	if err != nil && !errors.Is(err, auth.ErrSignInNeeded) {
		log.Warn("loading the key's token", "err", err.Error())
	}
	if err != nil {
		return nil
	}
	log.Info("signed in from store", "account", st.Account)
	return st
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
