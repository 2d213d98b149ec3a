package cmd

// How a command is built (gh's pkg/cmd shape; follow it for a new one):
//
//	type fooOptions struct {
//		f       *Factory    // streams, config, clients, prompter
//		Project string      // arguments,
//		Name    *string     // flags: nil when not given (no cobra needed to tell)
//		Out     *jsonOutput // --json, --jq, --template
//	}
//
//	func newFooCmd(f *Factory, runF func(context.Context, *fooOptions) error) *cobra.Command {
//		opts := &fooOptions{f: f}
//		c := &cobra.Command{Use: "foo PROJECT", Args: cobra.ExactArgs(1),
//			RunE: func(cmd *cobra.Command, args []string) error {
//				opts.Project = args[0]
//				opts.Name = given(cmd.Flags(), "name", name)
//				if err := opts.check(); err != nil { // every mistake in the flags, before the server
//					return err
//				}
//				return runWith(cmd.Context(), opts, runF, fooRun)
//			}}
//		...flags bound to locals or to opts...
//		return c
//	}
//
//	func fooRun(ctx context.Context, opts *fooOptions) error { ... }
//
// Only RunE sees cobra: it fills the Options from the arguments and flags
// (recording which were given), refuses what the flags alone show is
// wrong, and calls the run function, which takes the Options alone. A test
// passes runF to see the Options a command line makes, or calls fooRun
// with Options and a Factory on fake streams (and a fake Prompter for the
// terminal path). Unlike gh's runF, ours takes the context too: Ctrl+C
// cancels it, and Go passes a context rather than keeping it in a struct.
// check gathers its refusals in flagChecks (a blank value, a value given
// twice). A command whose requests the server may refuse by field keeps a
// table of the flag that gives each field (refusalWords, explain.Flags)
// and ends RunE with worded(words, runWith(…)), so a refusal names what
// the user typed, and a 404 what the command asked for.

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

// CanPrompt says whether a question can be asked: input and output are a
// terminal.
func (s IOStreams) CanPrompt() bool { return s.InTTY && s.OutTTY }

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
	// Prompter asks questions at a terminal; nil is huh on IO's streams
	// (tests give a fake one).
	Prompter Prompter

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
