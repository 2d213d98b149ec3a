package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	tea "charm.land/bubbletea/v2"
	"github.com/spf13/pflag"

	"rdash/api"
	"rdash/auth"
	"rdash/config"
	"rdash/ui"
	"rdash/ui/common"
)

// dashboardOptions are the dashboard's (rdash with no command): the
// project to open at once.
type dashboardOptions struct {
	f       *Factory
	Project string
}

// dashboardRun opens the dashboard on the configured server, offering to
// sign in first when no token is stored.
func dashboardRun(ctx context.Context, o *dashboardOptions) error {
	f, project := o.f, o.Project
	if err := f.needTerminal(); err != nil {
		return err
	}
	cfg, err := f.Config()
	if err != nil {
		return err
	}
	sess, err := f.session(ctx, nil)
	if errors.Is(err, auth.ErrSignInNeeded) {
		fmt.Fprintln(f.IO.ErrOut, "You are not signed in; signing in first.")
		if err := loginRun(ctx, &loginOptions{f: f}); err != nil {
			return err
		}
		sess, err = f.session(ctx, nil)
	}
	if err != nil {
		return err
	}
	client, err := sess.client()
	if err != nil {
		return err
	}
	return f.runUI(ctx, cfg, client, project, sess.dashboardSession())
}

// addMouseFlag gives a command that runs a dashboard --mouse. It is on
// those commands alone, as gh gives a flag only to the commands it
// applies to, not to every subcommand's help.
func addMouseFlag(fs *pflag.FlagSet, f *Factory) {
	fs.BoolVar(&f.Mouse, "mouse", false,
		"use the mouse: the wheel scrolls, a click selects, a double click opens (off by default so the terminal selects text)")
}

// needTerminal refuses to draw a dashboard into a pipe.
func (f *Factory) needTerminal() error {
	if !f.IO.InTTY || !f.IO.OutTTY {
		return &ExitError{Code: ExitCancel, Err: errors.New(
			"the dashboard needs a terminal; scripts can use the subcommands (see rdash --help)")}
	}
	return nil
}

// endSignals end the dashboard cleanly, leaving the terminal as it was:
// without them Go's default for SIGHUP and SIGQUIT kills the process with
// the alternate screen on and the cursor hidden, which a terminal that
// survives (tmux after a detach-and-kill of the client, a parent shell
// sending HUP) keeps. SIGINT and SIGTERM come from main's context too.
var endSignals = []os.Signal{syscall.SIGHUP, syscall.SIGQUIT, syscall.SIGTERM}

// The window title is pushed on the terminal's title stack before the
// dashboard sets its own, and popped after bubbletea clears it on exit
// (XTWINOPS 22 and 23; terminals without a stack ignore both), so the
// title the user had comes back instead of an empty one.
const (
	pushTitle = "\x1b[22;0t"
	popTitle  = "\x1b[23;0t"
)

// runUI runs the dashboard until the user quits or a signal ends it;
// session signs in and out without leaving it.
func (f *Factory) runUI(ctx context.Context, cfg *config.Config, client *api.Client, project string, session common.Session) error {
	ctx, stop := signal.NotifyContext(ctx, endSignals...)
	defer stop()
	state, err := config.LoadState(cfg.Env.StateDir)
	if err != nil {
		fmt.Fprintf(f.IO.ErrOut, "rdash: warning: %v; starting without remembered projects\n", err)
	}
	logger, closeLog, err := debugLogger(cfg.Env.Debug)
	if err != nil {
		return err
	}
	defer closeLog()
	opts := ui.Options{
		Client: client, Config: cfg, State: state, Context: ctx, Logger: logger, Project: project, Session: session,
		SaveState: func(s config.State) error { return s.Save(cfg.Env.StateDir) },
	}
	if f.startUI != nil {
		return f.startUI(ctx, opts)
	}
	progOpts := append(ui.ProgramOptions(opts), tea.WithInput(f.IO.In), tea.WithOutput(f.IO.Out))
	p := tea.NewProgram(ui.New(opts), progOpts...)
	defer f.warnWith(func(err error) { p.Send(common.ErrorMsg{Err: err, Context: "warning"}) })()
	_, _ = io.WriteString(f.IO.Out, pushTitle)
	err = ui.Ended(p.Run())
	_, _ = io.WriteString(f.IO.Out, popTitle)
	if errors.Is(err, tea.ErrProgramKilled) && ctx.Err() != nil {
		return nil // interrupted by a signal: a normal way out
	}
	return err
}

// debugLogger writes to the RDASH_DEBUG file, never to the terminal the
// dashboard draws on.
func debugLogger(path string) (*slog.Logger, func(), error) {
	if path == "" {
		return slog.New(slog.DiscardHandler), func() {}, nil
	}
	fh, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return nil, nil, fmt.Errorf("RDASH_DEBUG: %w", err)
	}
	var w io.Writer = fh
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelDebug})), func() { fh.Close() }, nil
}
