package server

import (
	"context"
	"errors"
	"log/slog"
	"path/filepath"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/ssh"
	"github.com/charmbracelet/colorprofile"

	"rdash/auth"
	"rdash/config"
	"rdash/internal/serve"
	"rdash/ui"
	"rdash/ui/common"
)

// SessionFactory makes the dashboard's common.Session for one key's
// session: sign-in by pasting the code (there is no browser on the
// server), tokens kept in store and sent from src. cmd provides it, as it
// does for the local dashboard.
type SessionFactory func(cfg *config.Config, settings auth.Settings, store *auth.Store, src *auth.Source) common.Session

// program builds the dashboard of one session on its pty: the key's own
// config, state, token store and sign-in, drawn through l.
func (s *Server) program(ctx context.Context, sess ssh.Session, a *admitted, rs *serve.Session, pp *ptyPair, l *link) (*tea.Program, error) {
	env := append(sess.Environ(), "TERM="+a.term.term)
	cfg := s.sessionConfig(a.dir, a.term.term, env)
	opts, err := s.dashboard(ctx, cfg, a.log)
	if err != nil {
		return nil, err
	}
	w, h := a.term.size()
	// The output is the pty's slave behind the link, which is no *os.File:
	// bubbletea then asks the output nothing (its size comes from the
	// client, clamped) and takes the colours from the client's TERM and
	// COLORTERM rather than from the server's terminal.
	po := []tea.ProgramOption{
		tea.WithInput(pp.input), tea.WithOutput(l.writer(ctx, pp.slave)),
		tea.WithEnvironment(env), tea.WithWindowSize(w, h), tea.WithColorProfile(colorprofile.Env(env)),
	}
	po = append(po, ui.ProgramOptions(opts)...) // after: NO_COLOR's and a dumb terminal's profile win
	// The link sets the pace (link.go), not the fixed rate ui picks for a
	// dashboard run under sshd, where it cannot see the link. The program
	// does not end with the session's context (ui's Context, which still
	// cancels the session's requests): quitOnEnd quits it.
	po = append(po, tea.WithFPS(frameRate), tea.WithFilter(activityFilter(rs)), tea.WithContext(context.WithoutCancel(ctx)))
	return tea.NewProgram(ui.New(opts), po...), nil
}

// activityFilter counts every key or mouse event as activity for
// --idle-timeout, and resumes at once from a suspend request: the SSH
// client cannot be suspended from here.
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
func (s *Server) sessionConfig(dir, term string, environ []string) *config.Config {
	c := *s.opts.Base
	c.Env = config.Env{SSH: true, ConfigDir: dir, StateDir: dir}
	// The operator's own pins, organizations, username and config path
	// are not the session's: each key keeps its own in its state.
	c.Projects, c.Orgs, c.Username, c.Path, c.Warnings = nil, nil, "", "", nil
	env := envMap(environ)
	c.Env.NoColor = env["NO_COLOR"] != ""
	c.Env.DumbTerminal = term == "" || term == "dumb"
	c.Env.Background = config.BackgroundFromCOLORFGBG(env["COLORFGBG"])
	if s.opts.Demo {
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

// dashboard is ui.Options for one session of a key: its token store, the
// paste-the-code sign-in, its remembered projects.
func (s *Server) dashboard(ctx context.Context, cfg *config.Config, log *slog.Logger) (ui.Options, error) {
	dir := cfg.Env.StateDir
	kr, where, err := s.keyKeyring(dir, log)
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
	state, err := config.LoadState(dir)
	if err != nil {
		log.Warn("loading state", "err", err.Error())
	}
	session := &loggedSession{Session: s.opts.NewSession(cfg, settings, store, src), store: store, where: where, log: log}
	return ui.Options{
		Client: client, Config: cfg, State: state, Context: ctx, Logger: log, Session: session,
		SaveState: loggedSave(dir, log, state), NoLocalFiles: true, // the files would be the server account's
	}, nil
}

// keyKeyring is where the key in dir keeps its tokens, and how the
// account screen names it: its own names in the server account's
// keyring, or its sealed file, whose failure to open is logged.
func (s *Server) keyKeyring(dir string, log *slog.Logger) (auth.Keyring, common.Location, error) {
	if s.opts.Keyring != nil {
		return serve.Namespaced(s.opts.Keyring, filepath.Base(dir)), "this server's keyring, under your key's name", nil
	}
	st, err := serve.NewSealedStore(dir, s.opts.TokenKey, &s.sealedLocks)
	if err != nil {
		return nil, "", err
	}
	st.OnUnreadable(func(err error) { log.Error("sealed token file", "err", err.Error()) })
	return st, "this server's sealed token file (encrypted)", nil
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
