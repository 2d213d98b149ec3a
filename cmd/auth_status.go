package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"rdash/api"
	"rdash/auth"
	"rdash/config"
	"rdash/internal/safe"
)

// statusReport is what `rdash auth status` shows; --json prints it as is.
type statusReport struct {
	Host     string     `json:"host"`
	Server   string     `json:"server"`
	AuthURL  string     `json:"auth_url"`
	SignedIn bool       `json:"signed_in"`
	Account  nullString `json:"account"`
	// AccountSource says who named Account: server; config or sign-in
	// when the server cannot say; null when nothing does.
	AccountSource nullString `json:"account_source"`
	// Verified says the server named the account, or showed it accepts
	// the token where a refusal would have shown; false when nothing it
	// answered could show either (Error says why).
	Verified  bool       `json:"verified"`
	Scopes    []string   `json:"scopes"`
	ExpiresAt *time.Time `json:"expires_at"`
	Storage   nullString `json:"storage"` // env, keyring or file
	Path      nullString `json:"path"`
	Error     nullString `json:"error"`
}

// statusOptions are auth status's.
type statusOptions struct {
	f   *Factory
	Out *jsonOutput
}

func newAuthStatusCmd(f *Factory, runF func(context.Context, *statusOptions) error) *cobra.Command {
	opts := &statusOptions{f: f}
	c := &cobra.Command{
		Use:   "status",
		Short: "Show who is signed in, with which scopes, and where the token is stored",
		Long: `Show the signed-in account (asked of the server, else the username in the
config), the server, the token's scopes and expiry, and where the token is
stored: the environment (RDASH_TOKEN), the keyring, or the plain-text file.
A server that does not say who is signed in is asked whether it accepts the
token where its answer shows it; where none can, the token is reported as
not verified. Exits with code 4 when not signed in or when the server
refuses the token.`,
		Example: `  rdash auth status
  rdash auth status --json account,storage,expires_at`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runWith(cmd.Context(), opts, runF, statusRun)
		},
	}
	opts.Out = addJSONFlags(c, statusReport{})
	return c
}

// statusRun reports the sign-in; not signed in, or refused, is exit 4.
func statusRun(ctx context.Context, o *statusOptions) error {
	rep, err := authStatus(ctx, o.f)
	if rep == nil {
		return err
	}
	if o.Out.on() {
		if werr := o.f.printJSON(ctx, o.Out, rep); werr != nil {
			return werr
		}
	} else {
		printStatus(o.f.IO.Out, rep)
	}
	if err != nil && !errors.Is(err, auth.ErrSignInNeeded) {
		return err
	}
	if !rep.SignedIn {
		return &ExitError{Code: ExitAuth, Err: err}
	}
	return nil
}

// authStatus loads the token, renewing it if it has expired, and asks the
// server whose it is, or whether it accepts it (auth.Check).
func authStatus(ctx context.Context, f *Factory) (*statusReport, error) {
	cfg, settings, err := f.authSettings(nil)
	if err != nil {
		return nil, err
	}
	rep := &statusReport{Host: settings.Host(), Server: settings.BaseURL, AuthURL: settings.AuthURL, Scopes: []string{}}
	sess, err := f.session(ctx, nil)
	if err != nil {
		rep.Error = nullString(err.Error())
		return rep, err
	}
	client, err := sess.client()
	if err != nil {
		return nil, err
	}
	anon, err := api.New(settings.BaseURL, settings.APIOptions()...)
	if err != nil {
		return nil, err
	}
	v, err := auth.Check(ctx, client, anon, cfg.Orgs)
	st := sess.source.Stored()
	rep.Storage, rep.Path = nullString(st.Where.Kind), nullString(st.Where.Path)
	rep.Scopes = append(rep.Scopes, auth.Scopes(st.Token)...)
	if !st.Token.Expiry.IsZero() {
		rep.ExpiresAt = api.Ptr(st.Token.Expiry.UTC()) // docs/json.md: times in UTC
	}
	switch {
	case err != nil:
		rep.Error = nullString(err.Error())
		return rep, err
	case v.Username != "":
		rep.SignedIn, rep.Verified, rep.Account, rep.AccountSource = true, true, nullString(v.Username), "server"
	default:
		rep.SignedIn, rep.Verified = true, v.Verified()
		rep.Account, rep.AccountSource = fallbackAccount(st.Account, cfg)
		rep.Error = nullString(v.Words())
	}
	return rep, nil
}

// fallbackAccount names the account when the server does not: the
// config's username, else the name the token was stored under at sign-in,
// else auth.UnknownAccount, which no source names (null).
func fallbackAccount(stored string, cfg *config.Config) (name, source nullString) {
	switch {
	case cfg.Username != "":
		return nullString(cfg.Username), "config"
	case stored != "" && stored != auth.UnknownAccount:
		return nullString(stored), "sign-in"
	}
	return auth.UnknownAccount, ""
}

func printStatus(w io.Writer, r *statusReport) {
	fmt.Fprintf(w, "%s (%s)\n", r.Host, r.Server)
	if !r.SignedIn {
		fmt.Fprintf(w, "  Not signed in: %s\n", safe.PlainLine(string(r.Error)))
		if r.Storage != "" {
			fmt.Fprintf(w, "  Token from: %s\n", auth.Location{Kind: auth.Kind(r.Storage), Path: string(r.Path)})
		}
		return
	}
	fmt.Fprintf(w, "  %s\n", whoLine(r))
	fmt.Fprintf(w, "  Scopes: %s\n", orNone(strings.Join(r.Scopes, ", ")))
	if r.ExpiresAt != nil {
		fmt.Fprintf(w, "  Token expires: %s (in %s)\n", r.ExpiresAt.Local().Format(time.DateTime), time.Until(*r.ExpiresAt).Round(time.Second))
	} else {
		fmt.Fprintf(w, "  Token expires: not known\n")
	}
	fmt.Fprintf(w, "  Token stored in: %s\n", auth.Location{Kind: auth.Kind(r.Storage), Path: string(r.Path)})
}

// whoLine is who is signed in, and who said so: a sign-in the server
// did not verify reads as a token stored for an account, not as
// "Signed in as".
func whoLine(r *statusReport) string {
	who := safe.PlainLine(string(r.Account))
	switch r.AccountSource {
	case "server":
		return "Signed in as " + who
	case "config":
		who += " (from the config)"
	case "sign-in":
		who += " (the name given at sign-in)"
	default:
		who += " (set username in the config, or RDASH_USERNAME, to name the account)"
	}
	if !r.Verified {
		return "Token stored for " + who + ", " + safe.PlainLine(string(r.Error))
	}
	return "Signed in as " + who + "; " + safe.PlainLine(string(r.Error))
}

func orNone(s string) string {
	if s == "" {
		return "none known"
	}
	return s
}
