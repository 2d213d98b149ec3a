package cmd

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"time"

	"github.com/spf13/cobra"

	"rdash/api"
	"rdash/auth"
	"rdash/config"
)

// demoOptions are demo's: who signs in, and the sandbox's settings.
type demoOptions struct {
	f         *Factory
	as        string
	project   string
	latency   time.Duration
	faultRate float64
	strict    bool
}

func newDemoCmd(f *Factory, runF func(context.Context, *demoOptions) error) *cobra.Command {
	fl := &demoOptions{f: f}
	c := &cobra.Command{
		Use:   "demo",
		Short: "Open the dashboard on a built-in sandbox service with seeded data",
		Long: `Start the built-in sandbox service on a free loopback port, sign in to it
through the real OAuth flow as a seeded user, and open the dashboard. No
setup and no network; nothing is written outside a temporary directory,
which is removed on exit.

Seeded users: alice (owns org emberforge and project lumen), bob (emberforge
admin), carol (emberforge member), dave (has pending invitations), erin (no
memberships), frank (owns org quartz).

With --strict the sandbox serves only what the interface document states
(see rdash sandbox --help).`,
		Example: `  rdash demo
  rdash demo --as dave --latency 150ms`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runWith(cmd.Context(), fl, runF, demoRun)
		},
	}
	fs := c.Flags()
	fs.StringVar(&fl.as, "as", "alice", "the seeded user to sign in as")
	fs.StringVarP(&fl.project, "project", "p", "", "open this project at once (e.g. lumen, emberforge-core)")
	fs.DurationVar(&fl.latency, "latency", 0, "delay added to every request, to feel a slow link")
	fs.Float64Var(&fl.faultRate, "fault-rate", 0, "share of requests that fail (0..1), to see how errors look")
	fs.BoolVar(&fl.strict, "strict", false, "serve only what the interface document states (the strict profile)")
	addMouseFlag(fs, f)
	return c
}

func demoRun(ctx context.Context, fl *demoOptions) error {
	f := fl.f
	if err := f.needTerminal(); err != nil {
		return err
	}
	base, err := f.Config()
	if err != nil {
		return err
	}
	srv, err := newSandbox(fl.sandbox(time.Now().UnixNano()))
	if err != nil {
		return err
	}
	run, err := srv.Start("127.0.0.1:0")
	if err != nil {
		return err
	}
	defer run.Close()
	tmp, err := os.MkdirTemp("", "rdash-demo-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	cfg := demoConfig(base, run.BaseURL, run.AuthURL, run.ClientID, run.ClientSecret, tmp)
	client, session, err := demoSignIn(ctx, cfg, fl.as)
	if err != nil {
		return fmt.Errorf("demo sign-in: %w", err)
	}
	return f.runUI(ctx, cfg, client, fl.project, session)
}

// sandbox is the demo's sandbox: approving as the chosen user at once, and
// refusing a sign-in without PKCE, which every rdash sign-in sends, unless
// strict, which ignores PKCE as the interface document does.
func (fl *demoOptions) sandbox(faultSeed int64) sandboxFlags {
	return sandboxFlags{approveAs: fl.as, latency: fl.latency, faultRate: fl.faultRate,
		faultSeed: faultSeed, codeTTL: 10 * time.Minute, tokenTTL: time.Hour, pkce: !fl.strict, strict: fl.strict}
}

// demoConfig keeps the user's look (theme, mouse, page size) but points at
// the sandbox and keeps state in tmp, so the demo never touches the user's
// tokens, journal or recent projects.
func demoConfig(base *config.Config, baseURL, authURL, clientID, secret, tmp string) *config.Config {
	c := *base
	c.BaseURL, c.AuthURL, c.ClientID, c.ClientSecret = baseURL, authURL, clientID, secret
	c.Projects, c.Orgs, c.Username = nil, nil, ""
	c.Scopes = config.AllScopes()
	c.Env.Token = ""
	c.Env.ConfigDir, c.Env.StateDir = tmp, tmp
	return &c
}

// demoSignIn runs the real authorization-code flow with the sandbox
// approving at once; an HTTP client plays the browser, in the dashboard's
// sign-in too. The token stays in memory.
func demoSignIn(ctx context.Context, cfg *config.Config, user string) (*api.Client, *uiSession, error) {
	settings, err := auth.SettingsFrom(cfg, nil)
	if err != nil {
		return nil, nil, err
	}
	flow, err := auth.NewFlow(settings, auth.ModeLoopback)
	if err != nil {
		return nil, nil, err
	}
	defer flow.Close()
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	browser := auth.HTTPOpener(&http.Client{Timeout: 10 * time.Second})
	tok, err := flow.WaitOpened(ctx, browser)
	if err != nil {
		return nil, nil, err
	}
	src := auth.NewSource(context.WithoutCancel(ctx), auth.SourceOptions{Settings: settings,
		Stored: &auth.Stored{Host: settings.Host(), Account: user, Token: tok}})
	client, err := auth.NewClient(src)
	session := &uiSession{cfg: cfg, settings: settings, source: src, mode: auth.ModeLoopback, open: browser}
	return client, session, err
}
