package cmd

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"strconv"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"rdash/api/sandbox"
)

// sandboxFlags are the sandbox's settings, from sandbox's flags, or set
// by demo and serve --demo.
type sandboxFlags struct {
	addr      string
	data      string
	latency   time.Duration
	faultRate float64
	faultSeed int64
	codeTTL   time.Duration
	tokenTTL  time.Duration
	noRefresh bool
	approveAs string
	pkce      bool // refuse authorization requests without a PKCE challenge
	strict    bool // serve only what the interface document states
	// vary, when set, is the seed the choices are drawn from (--vary).
	vary *uint64
}

// sandboxJSON is the settings rdash needs to use the sandbox.
type sandboxJSON struct {
	BaseURL      string `json:"base_url"`
	AuthURL      string `json:"auth_url"`
	ClientID     string `json:"client_id"`
	ClientSecret string `json:"client_secret"`
}

// sandboxOptions are sandbox's: the sandbox's settings.
type sandboxOptions struct {
	f        *Factory
	Settings sandboxFlags
	Out      *jsonOutput
}

func newSandboxCmd(f *Factory, runF func(context.Context, *sandboxOptions) error) *cobra.Command {
	opts := &sandboxOptions{f: f}
	c := &cobra.Command{
		Use:   "sandbox",
		Short: "Run the built-in sandbox service alone, for scripts and tests",
		Long: `Run the built-in sandbox service: the whole interface and its OAuth
account service, on loopback, with seeded users, organizations and projects.
It prints the settings rdash needs, one per line, then serves until
interrupted:

  eval "$(rdash sandbox --addr 127.0.0.1:8765 | head -4 | sed 's/^/export /')"

With --strict it serves only what the interface document states and, where
the document is silent, the reading that promises a client least: no
/users routes, no pagination metadata, plain-text errors, no refresh
(api/sandbox/README.md tables every difference).

With --vary SEED it draws every choice the document leaves open (order of
checks, status codes, envelope, error bodies, pagination, page caps, the
bulk answer, /users routes, refresh, the meaning of data.files, ...) at
random from SEED, and prints the drawn choices on standard error; the same
SEED draws the same choices (docs/wire.md tables them).`,
		Example: `  rdash sandbox --addr 127.0.0.1:8765
  rdash sandbox --strict --json
  rdash sandbox --vary 7`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runWith(cmd.Context(), opts, runF, sandboxRun)
		},
	}
	opts.Settings.bind(c.Flags())
	opts.Out = addJSONFlags(c, sandboxJSON{})
	return c
}

// sandboxRun starts the sandbox, prints its settings and serves until ctx
// ends.
func sandboxRun(ctx context.Context, o *sandboxOptions) error {
	f := o.f
	srv, err := newSandbox(o.Settings)
	if err != nil {
		return err
	}
	run, err := srv.Start(o.Settings.addr)
	if err != nil {
		return err
	}
	defer run.Close()
	if o.Settings.vary != nil {
		printChoices(f, srv.Choices())
	}
	if o.Out.on() {
		err = f.printJSON(ctx, o.Out, sandboxJSON{BaseURL: run.BaseURL, AuthURL: run.AuthURL,
			ClientID: run.ClientID, ClientSecret: run.ClientSecret})
	} else {
		for _, line := range run.Env() {
			fmt.Fprintln(f.IO.Out, line)
		}
	}
	if err != nil {
		return err
	}
	<-ctx.Done()
	return nil
}

func (fl *sandboxFlags) bind(fs *pflag.FlagSet) {
	fs.StringVar(&fl.addr, "addr", "127.0.0.1:0", "address to listen on (loopback only is advised; port 0 picks a free one)")
	fs.StringVar(&fl.data, "data", "", "seed JSON file (default: the built-in seed)")
	fs.DurationVar(&fl.latency, "latency", 0, "delay added to every request (e.g. 150ms, to feel a slow link)")
	fs.Float64Var(&fl.faultRate, "fault-rate", 0, "share of API requests that fail (0..1): 429, 500 or a dropped connection")
	fs.Int64Var(&fl.faultSeed, "fault-seed", 1, "seed of the fault generator")
	fs.DurationVar(&fl.codeTTL, "code-ttl", 10*time.Minute, "lifetime of authorization codes")
	fs.DurationVar(&fl.tokenTTL, "token-ttl", time.Hour, "lifetime of access tokens")
	fs.BoolVar(&fl.noRefresh, "no-refresh", false, "refuse the refresh_token grant")
	fs.BoolVar(&fl.pkce, "require-pkce", false, "refuse authorization requests without a PKCE (S256) challenge, as rdash always sends one")
	fs.StringVar(&fl.approveAs, "approve-as", "", "approve every authorization at once as this seeded user (no consent page)")
	fs.BoolVar(&fl.strict, "strict", false, "serve only what the interface document states (the strict profile)")
	fs.Func("vary", "draw every choice the interface document leaves open from this seed (a whole number), and print them", func(s string) error {
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			return fmt.Errorf("must be a whole number from 0 to %d", uint64(math.MaxUint64))
		}
		fl.vary = &n
		return nil
	})
}

// printChoices tells on standard error which choices the sandbox drew,
// and how to draw them again.
func printChoices(f *Factory, c sandbox.Choices) {
	fmt.Fprintf(f.IO.ErrOut, "sandbox: choices drawn from seed %d (the same again: rdash sandbox --vary %d):\n", c.Seed, c.Seed)
	for _, kv := range c.Fields() {
		fmt.Fprintf(f.IO.ErrOut, "  %-18s %s\n", kv[0], kv[1])
	}
}

func newSandbox(fl sandboxFlags) (*sandbox.Server, error) {
	switch {
	case fl.faultRate < 0 || fl.faultRate > 1:
		return nil, &ExitError{Code: ExitCancel, Err: fmt.Errorf("--fault-rate: must be between 0 and 1, not %g", fl.faultRate)}
	case fl.strict && fl.pkce:
		return nil, &ExitError{Code: ExitCancel, Err: errors.New("--require-pkce: cannot go with --strict, which ignores PKCE as the interface document does not mention it")}
	case fl.strict && fl.vary != nil:
		return nil, &ExitError{Code: ExitCancel, Err: errors.New("--vary: cannot go with --strict, which is one fixed set of choices")}
	}
	opts := sandbox.Options{
		Latency: fl.latency, FaultRate: fl.faultRate, FaultSeed: fl.faultSeed,
		CodeTTL: fl.codeTTL, TokenTTL: fl.tokenTTL, NoRefresh: fl.noRefresh, ApproveAs: fl.approveAs,
		RequirePKCE: fl.pkce, Strict: fl.strict,
	}
	if fl.vary != nil {
		c := sandbox.Draw(*fl.vary)
		if fl.pkce && !c.PKCE {
			return nil, &ExitError{Code: ExitCancel, Err: fmt.Errorf("--require-pkce: seed %d draws a server that ignores PKCE; leave out --require-pkce, or draw another seed", *fl.vary)}
		}
		opts.Choices = &c
	}
	if fl.data != "" {
		b, err := os.ReadFile(fl.data)
		if err != nil {
			return nil, fmt.Errorf("--data: %w", err)
		}
		opts.Data = b
	}
	return sandbox.New(opts)
}
