package cmd

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"golang.org/x/oauth2"

	"rdash/api"
	"rdash/auth"
	"rdash/config"
	"rdash/internal/safe"
)

func newAuthCmd(f *Factory) *cobra.Command {
	c := &cobra.Command{
		Use:   "auth",
		Short: "Sign in, see who is signed in, sign out",
		Long: `Sign in to the service and manage the stored token.

Tokens are read from, in this order: the RDASH_TOKEN environment variable,
the system keyring, and the plain-text file tokens.json in the config
directory, which rdash writes only with your consent (--insecure-storage, or
a yes at the prompt) when no keyring is available.`,
	}
	c.AddCommand(newAuthLoginCmd(f), newAuthStatusCmd(f), newAuthLogoutCmd(f), newAuthTokenCmd(f))
	return c
}

type loginFlags struct {
	noBrowser, withToken, insecure bool
	scopes                         []string
}

func newAuthLoginCmd(f *Factory) *cobra.Command {
	var fl loginFlags
	c := &cobra.Command{
		Use:   "login",
		Short: "Sign in through the browser, or with a token on standard input",
		Long: `Sign in with the service's OAuth authorization-code flow.

On a desktop rdash opens the browser and receives the answer on 127.0.0.1.
Over SSH, without a display, or with --no-browser, open the printed URL in
any browser and paste back the code it shows (or the address it ended on).
With --with-token, rdash reads a token from standard input instead.

The token goes to the system keyring. Where none is available, rdash says so
and stores it in a plain-text file (mode 0600) only with --insecure-storage
or your yes at the prompt. Run 'rdash auth status' to see where it went.`,
		Example: `  rdash auth login
  rdash auth login --no-browser
  rdash auth login --scopes user:read,project:read
  echo "$TOKEN" | rdash auth login --with-token`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runLogin(cmd.Context(), f, fl)
		},
	}
	fs := c.Flags()
	fs.BoolVar(&fl.noBrowser, "no-browser", false, "print the URL and read the pasted code instead of opening a browser")
	fs.BoolVar(&fl.withToken, "with-token", false, "read a token from standard input")
	fs.BoolVar(&fl.insecure, "insecure-storage", false, "store the token in a plain-text file if no keyring is available")
	fs.StringSliceVar(&fl.scopes, "scopes", nil, "scopes to ask for, comma-separated (default: config scopes, or all rdash uses)")
	return c
}

func runLogin(ctx context.Context, f *Factory, fl loginFlags) error {
	cfg, settings, err := f.authSettings(fl.scopes)
	if err != nil {
		return err
	}
	if cfg.Env.Token != "" {
		return &ExitError{Code: ExitCancel, Err: errors.New("RDASH_TOKEN is set, and it overrides any stored token: " +
			"a token stored now would be ignored. Unset RDASH_TOKEN to sign in, or keep using it")}
	}
	store := f.authStore(cfg)
	in := bufio.NewReader(f.IO.In)
	consent, err := storageConsent(ctx, f, store, in, fl)
	if err != nil {
		return err
	}
	tok, err := obtainToken(ctx, f, cfg, settings, in, fl)
	if err != nil {
		return err
	}
	account, tok, err := whoAmI(ctx, f, cfg, settings, tok)
	if err != nil {
		return err
	}
	where, err := store.Save(ctx, settings.Host(), account, tok, consent)
	if err != nil {
		return err
	}
	fmt.Fprintf(f.IO.ErrOut, "Signed in to %s as %s. The token is stored in %s.\n", settings.Host(), safe.Line(account), where)
	return nil
}

// storageConsent asks the keyring first, so that a user without one is
// told, and asked, before signing in rather than after, and so that the
// notice is always shown before anything is written.
func storageConsent(ctx context.Context, f *Factory, store *auth.Store, in *bufio.Reader, fl loginFlags) (auth.Consent, error) {
	show := func(n auth.InsecureNotice) {
		fmt.Fprintf(f.IO.ErrOut, "! %s\n  Storing it there, as --insecure-storage asks.\n", n)
	}
	why := store.Check(ctx)
	if why == nil {
		if fl.insecure { // should the keyring fail after all when saving
			return auth.Agree(show), nil
		}
		return nil, nil
	}
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	notice := auth.InsecureNotice{Reason: why, Path: store.FilePath()}
	switch {
	case fl.insecure:
		show(notice)
		return auth.Agree(nil), nil
	case f.IO.InTTY && !fl.withToken:
		fmt.Fprintf(f.IO.ErrOut, "! %s\nStore the token in plain text? [y/N] ", notice)
		answer, err := readLine(ctx, in)
		if err != nil {
			return nil, err
		}
		if a := strings.ToLower(strings.TrimSpace(answer)); a == "y" || a == "yes" {
			return auth.Agree(nil), nil
		}
		return nil, &ExitError{Code: ExitCancel, Err: errors.New("not signed in: no keyring, and plain-text storage declined")}
	}
	return nil, &ExitError{Code: ExitCancel, Err: fmt.Errorf("%s\nNot signing in: storing a token in plain text needs consent. "+
		"Run again with --insecure-storage, or where a keyring is available", notice)}
}

// obtainToken reads a token from standard input or runs the browser flow.
func obtainToken(ctx context.Context, f *Factory, cfg *config.Config, s auth.Settings, in *bufio.Reader, fl loginFlags) (*oauth2.Token, error) {
	if fl.withToken {
		b, err := io.ReadAll(io.LimitReader(in, 64<<10))
		tok := strings.TrimSpace(string(b))
		if err != nil || tok == "" || strings.ContainsAny(tok, " \t\r\n") {
			return nil, &ExitError{Code: ExitCancel, Err: errors.New("--with-token: standard input must hold one token")}
		}
		return &oauth2.Token{AccessToken: tok, TokenType: "Bearer"}, nil
	}
	mode := auth.ChooseMode(cfg.Env, fl.noBrowser)
	flow, err := auth.NewFlow(s, mode)
	if err != nil {
		return nil, err
	}
	defer flow.Close()
	if mode == auth.ModePaste {
		return pasteLogin(ctx, f, flow, in)
	}
	return browserLogin(ctx, f, flow, auth.BrowserOpener(cfg.Env))
}

func pasteLogin(ctx context.Context, f *Factory, flow *auth.Flow, in *bufio.Reader) (*oauth2.Token, error) {
	fmt.Fprintf(f.IO.ErrOut, "Open this URL in a browser on any machine and sign in:\n\n  %s\n\n"+
		"Then paste the code the page shows, or the whole address the browser ended on:\n", flow.URL())
	line, err := readLine(ctx, in)
	if err != nil {
		return nil, err
	}
	return flow.Exchange(ctx, line)
}

// browserLogin prints the URL before opening the browser, so a browser
// that opens on the wrong screen, or not at all, never leaves the user
// without a way on; the wait does not depend on the browser returning.
func browserLogin(ctx context.Context, f *Factory, flow *auth.Flow, open auth.Opener) (*oauth2.Token, error) {
	fmt.Fprintf(f.IO.ErrOut, "Sign in with your browser. If it does not open, open this URL:\n\n  %s\n\n"+
		"Waiting for the browser... (ctrl-c to cancel)\n", flow.URL())
	opened := make(chan error, 1)
	go func() { opened <- open(ctx, flow.URL()) }()
	done := make(chan struct{})
	var tok *oauth2.Token
	var err error
	go func() { tok, err = flow.Wait(ctx); close(done) }()
	for {
		select {
		case oerr := <-opened:
			if oerr != nil {
				fmt.Fprintf(f.IO.ErrOut, "Could not open a browser (%v); open the URL above yourself.\n", oerr)
			}
			opened = nil
		case <-done:
			return tok, err
		}
	}
}

// readLine reads one line, giving up when ctx ends: a read from a terminal
// cannot be interrupted, so it is left behind.
func readLine(ctx context.Context, in *bufio.Reader) (string, error) {
	type result struct {
		line string
		err  error
	}
	got := make(chan result, 1)
	go func() {
		line, err := in.ReadString('\n')
		got <- result{line, err}
	}()
	select {
	case r := <-got:
		if r.err != nil && (r.err != io.EOF || strings.TrimSpace(r.line) == "") {
			return "", &ExitError{Code: ExitCancel, Err: errors.New("no answer on standard input")}
		}
		return r.line, nil
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// whoAmI asks the server whose token tok is, and returns the token to
// store: asking may have renewed it, spending the old refresh token. A
// token the server refuses is not stored; when the server cannot say who
// it belongs to, the configured username is used.
func whoAmI(ctx context.Context, f *Factory, cfg *config.Config, s auth.Settings, tok *oauth2.Token) (string, *oauth2.Token, error) {
	name, tok, unknown, err := identify(ctx, cfg, s, tok)
	if errors.Is(err, api.ErrUnauthorized) {
		return "", nil, &ExitError{Code: ExitAuth, Err: err}
	}
	if err != nil {
		return "", nil, err
	}
	if unknown != nil {
		fmt.Fprintf(f.IO.ErrOut, "! The server did not say who you are (%v); storing the token for %q (set username in the config to name it).\n",
			unknown, name)
	}
	return name, tok, nil
}

// identify is whoAmI without the terminal, for the dashboard too: unknown
// says why the server did not name the account, which is then the
// configured username, or "default".
func identify(ctx context.Context, cfg *config.Config, s auth.Settings, tok *oauth2.Token) (name string, fresh *oauth2.Token, unknown, err error) {
	src := auth.NewSource(ctx, auth.SourceOptions{Settings: s, Stored: &auth.Stored{Host: s.Host(), Token: tok}})
	client, err := api.New(s.BaseURL, api.WithHTTPClient(auth.NewHTTPClient(src, nil)), api.WithMaxRetries(1))
	if err != nil {
		return "", nil, nil, err
	}
	u, _, err := client.GetUser(ctx, api.Me)
	fresh = src.Stored().Token
	switch {
	case err == nil && u.Username != "":
		return u.Username, fresh, nil, nil
	case errors.Is(err, api.ErrUnauthorized):
		return "", nil, nil, fmt.Errorf("the server refused the token: %w", err)
	case ctx.Err() != nil:
		return "", nil, nil, ctx.Err()
	}
	name = cfg.Username
	if name == "" {
		name = "default"
	}
	return name, fresh, errOrEmpty(err), nil
}

func errOrEmpty(err error) error {
	if err == nil {
		return errors.New("no username in the answer")
	}
	return err
}

// statusReport is what `rdash auth status` shows; --json prints it as is.
type statusReport struct {
	Host          string     `json:"host"`
	Server        string     `json:"server"`
	AuthURL       string     `json:"auth_url"`
	SignedIn      bool       `json:"signed_in"`
	Account       string     `json:"account,omitempty"`
	AccountSource string     `json:"account_source,omitempty"` // server, or config when the server cannot say
	Scopes        []string   `json:"scopes"`
	ExpiresAt     *time.Time `json:"expires_at,omitempty"`
	Storage       auth.Kind  `json:"storage,omitempty"`
	Path          string     `json:"path,omitempty"`
	Error         string     `json:"error,omitempty"`
}

func newAuthStatusCmd(f *Factory) *cobra.Command {
	var asJSON bool
	c := &cobra.Command{
		Use:   "status",
		Short: "Show who is signed in, with which scopes, and where the token is stored",
		Long: `Show the signed-in account (asked of the server, else the username in the
config), the server, the token's scopes and expiry, and where the token is
stored: the environment (RDASH_TOKEN), the keyring, or the plain-text file.
Exits with code 4 when not signed in or when the server refuses the token.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			rep, err := authStatus(cmd.Context(), f)
			if rep == nil {
				return err
			}
			if asJSON {
				if werr := writeJSON(f.IO.Out, rep); werr != nil {
					return werr
				}
			} else {
				printStatus(f.IO.Out, rep)
			}
			if err != nil && !errors.Is(err, auth.ErrSignInNeeded) {
				return err
			}
			if !rep.SignedIn {
				return &ExitError{Code: ExitAuth, Err: err}
			}
			return nil
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print the status as JSON")
	return c
}

// authStatus loads the token, renewing it if it has expired, and asks the
// server whose it is.
func authStatus(ctx context.Context, f *Factory) (*statusReport, error) {
	cfg, settings, err := f.authSettings(nil)
	if err != nil {
		return nil, err
	}
	rep := &statusReport{Host: settings.Host(), Server: settings.BaseURL, AuthURL: settings.AuthURL, Scopes: []string{}}
	sess, err := f.session(ctx, nil)
	if err != nil {
		rep.Error = err.Error()
		return rep, err
	}
	client, err := sess.client()
	if err != nil {
		return nil, err
	}
	u, _, err := client.GetUser(ctx, api.Me)
	st := sess.source.Stored()
	rep.Storage, rep.Path = st.Where.Kind, st.Where.Path
	rep.Scopes = append(rep.Scopes, auth.Scopes(st.Token)...)
	if !st.Token.Expiry.IsZero() {
		rep.ExpiresAt = &st.Token.Expiry
	}
	switch {
	case err == nil:
		rep.SignedIn, rep.Account, rep.AccountSource = true, u.Username, "server"
	case errors.Is(err, api.ErrUnauthorized):
		rep.Error = err.Error()
		return rep, err
	default:
		rep.SignedIn, rep.Account, rep.AccountSource = true, fallbackAccount(st.Account, cfg), "config"
		rep.Error = "the server did not say who is signed in: " + err.Error()
	}
	return rep, nil
}

func fallbackAccount(stored string, cfg *config.Config) string {
	if cfg.Username != "" {
		return cfg.Username
	}
	return stored
}

func printStatus(w io.Writer, r *statusReport) {
	fmt.Fprintf(w, "%s (%s)\n", r.Host, r.Server)
	if !r.SignedIn {
		fmt.Fprintf(w, "  Not signed in: %s\n", safe.Line(r.Error))
		if r.Storage != "" {
			fmt.Fprintf(w, "  Token from: %s\n", auth.Location{Kind: r.Storage, Path: r.Path})
		}
		return
	}
	who := safe.Line(r.Account)
	if r.AccountSource != "server" {
		who += " (from the config; " + safe.Line(r.Error) + ")"
	}
	fmt.Fprintf(w, "  Signed in as %s\n", who)
	fmt.Fprintf(w, "  Scopes: %s\n", orNone(strings.Join(r.Scopes, ", ")))
	if r.ExpiresAt != nil {
		fmt.Fprintf(w, "  Token expires: %s (in %s)\n", r.ExpiresAt.Local().Format(time.DateTime), time.Until(*r.ExpiresAt).Round(time.Second))
	} else {
		fmt.Fprintf(w, "  Token expires: not known\n")
	}
	fmt.Fprintf(w, "  Token stored in: %s\n", auth.Location{Kind: r.Storage, Path: r.Path})
}

func orNone(s string) string {
	if s == "" {
		return "none known"
	}
	return s
}

func newAuthLogoutCmd(f *Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "logout",
		Short: "Remove the stored token from the keyring and the plain-text file",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cfg, settings, err := f.authSettings(nil)
			if err != nil {
				return err
			}
			removed, err := f.authStore(cfg).Delete(cmd.Context(), settings.Host())
			switch {
			case len(removed) > 0:
				var places []string
				for _, l := range removed {
					places = append(places, l.String())
				}
				fmt.Fprintf(f.IO.ErrOut, "Signed out of %s: removed the token from %s.\n", settings.Host(), strings.Join(places, " and "))
			case err == nil:
				fmt.Fprintf(f.IO.ErrOut, "No token stored for %s; nothing to remove.\n", settings.Host())
			}
			if cfg.Env.Token != "" {
				fmt.Fprintln(f.IO.ErrOut, "RDASH_TOKEN is still set and signs rdash in until you unset it.")
			}
			return err
		},
	}
}

func newAuthTokenCmd(f *Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "token",
		Short: "Print the access token, for scripts",
		Long: `Print the access token, renewing it first if it has expired. Treat the
output as a password. Exits with code 4 when not signed in.`,
		Example: `  curl -H "Authorization: Bearer $(rdash auth token)" "$RDASH_BASE_URL/users/@me"`,
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cfg, err := f.Config()
			if err != nil {
				return err
			}
			if cfg.Env.Token != "" {
				// No server settings are needed to hand back what the caller set.
				_, err = fmt.Fprintln(f.IO.Out, cfg.Env.Token)
				return err
			}
			sess, err := f.session(cmd.Context(), nil)
			if err != nil {
				return err
			}
			tok, err := sess.source.TokenContext(cmd.Context())
			if err != nil {
				return err
			}
			_, err = fmt.Fprintln(f.IO.Out, tok.AccessToken)
			return err
		},
	}
}
