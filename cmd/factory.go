package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"

	"github.com/spf13/cobra"

	"rdash/config"
	"rdash/internal/buildinfo"
	"rdash/ui"
)

// IOStreams are the standard streams and whether each is a terminal.
type IOStreams struct {
	In     io.Reader
	Out    io.Writer
	ErrOut io.Writer
	InTTY  bool
	OutTTY bool
}

// Factory carries what every command needs and builds the rest lazily, so
// `rdash --help` does no I/O.
type Factory struct {
	IO         IOStreams
	Lookup     config.Lookup
	ConfigPath string
	// AllowInsecureHTTP is --allow-insecure-http: it sets the config's
	// allow_insecure_http.
	AllowInsecureHTTP bool
	// Mouse is --mouse: it turns the config's mouse on.
	Mouse bool
	// Extra adds commands; tests use it to inject, main leaves it nil.
	Extra []func(*Factory) *cobra.Command
	// Build says which rdash runs; nil is buildinfo.Read (tests give a
	// fixed one).
	Build func() buildinfo.Info

	cfg *config.Config
	// startUI runs the dashboard with its options; nil runs it on the
	// terminal. Tests set it to see the options without a terminal.
	startUI func(context.Context, ui.Options) error

	warnMu sync.Mutex
	// warnTo, while the dashboard runs, shows warnings in its status line;
	// writing them to the terminal would draw over the screen.
	warnTo func(error)
}

// warn reports a problem that does not stop the command, from any
// goroutine.
func (f *Factory) warn(err error) {
	f.warnMu.Lock()
	defer f.warnMu.Unlock()
	if f.warnTo != nil {
		f.warnTo(err)
		return
	}
	fmt.Fprintf(f.IO.ErrOut, "rdash: warning: %v\n", err)
}

// note tells the user what rdash is doing when it takes long, from any
// goroutine: on the dashboard's status line while it runs, else on
// standard error.
func (f *Factory) note(msg string) {
	f.warnMu.Lock()
	defer f.warnMu.Unlock()
	if f.warnTo != nil {
		f.warnTo(errors.New(msg))
		return
	}
	fmt.Fprintln(f.IO.ErrOut, msg)
}

// warnWith sends warnings to to until the returned function is called.
func (f *Factory) warnWith(to func(error)) (restore func()) {
	f.warnMu.Lock()
	defer f.warnMu.Unlock()
	f.warnTo = to
	return func() {
		f.warnMu.Lock()
		defer f.warnMu.Unlock()
		f.warnTo = nil
	}
}

// NewFactory returns a Factory for the real process.
func NewFactory() *Factory {
	return &Factory{
		IO: IOStreams{
			In: os.Stdin, Out: os.Stdout, ErrOut: os.Stderr,
			InTTY: isTerminal(os.Stdin), OutTTY: isTerminal(os.Stdout),
		},
		Lookup: os.LookupEnv,
	}
}

// Config loads the configuration once.
func (f *Factory) Config() (*config.Config, error) {
	if f.cfg != nil {
		return f.cfg, nil
	}
	c, err := config.Load(f.ConfigPath, f.Lookup)
	if err != nil {
		return nil, &ExitError{Code: ExitCancel, Err: err}
	}
	c.AllowInsecureHTTP = c.AllowInsecureHTTP || f.AllowInsecureHTTP
	c.Mouse = c.Mouse || f.Mouse
	f.cfg = c
	// Before any screen is drawn, so they go to the terminal.
	for _, w := range c.Warnings {
		f.warn(errors.New(w))
	}
	return c, nil
}

func (f *Factory) commands() []func(*Factory) *cobra.Command {
	return append(builtinCommands(), f.Extra...)
}
