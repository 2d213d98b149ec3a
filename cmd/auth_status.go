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
	Scopes        []string   `json:"scopes"`
	ExpiresAt     *time.Time `json:"expires_at"`
	Storage       nullString `json:"storage"` // env, keyring or file
	Path          nullString `json:"path"`
	Error         nullString `json:"error"`
}

func newAuthStatusCmd(f *Factory) *cobra.Command {
	var out *jsonOutput
	c := &cobra.Command{
		Use:   "status",
		Short: "Show who is signed in, with which scopes, and where the token is stored",
		Long: `Show the signed-in account (asked of the server, else the username in the
config), the server, the token's scopes and expiry, and where the token is
stored: the environment (RDASH_TOKEN), the keyring, or the plain-text file.
Exits with code 4 when not signed in or when the server refuses the token.`,
		Example: `  rdash auth status
  rdash auth status --json account,storage,expires_at`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			rep, err := authStatus(cmd.Context(), f)
			if rep == nil {
				return err
			}
			if out.on() {
				if werr := f.printJSON(cmd.Context(), out, rep); werr != nil {
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
	out = addJSONFlags(c, statusReport{})
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
		rep.Error = nullString(err.Error())
		return rep, err
	}
	client, err := sess.client()
	if err != nil {
		return nil, err
	}
	u, _, err := client.GetUser(ctx, api.Me)
	st := sess.source.Stored()
	rep.Storage, rep.Path = nullString(st.Where.Kind), nullString(st.Where.Path)
	rep.Scopes = append(rep.Scopes, auth.Scopes(st.Token)...)
	if !st.Token.Expiry.IsZero() {
		rep.ExpiresAt = api.Ptr(st.Token.Expiry.UTC()) // docs/json.md: times in UTC
	}
	switch {
	case err == nil:
		rep.SignedIn, rep.Account, rep.AccountSource = true, nullString(u.Username), "server"
	case errors.Is(err, api.ErrUnauthorized):
		rep.Error = nullString(err.Error())
		return rep, err
	default:
		rep.SignedIn = true
		rep.Account, rep.AccountSource = fallbackAccount(st.Account, cfg)
		rep.Error = nullString("the server did not say who is signed in: " + err.Error())
		if errors.Is(err, api.ErrNotFound) { // no GET /users/@me: the interface document has none
			rep.Error = "this server does not say who is signed in (it has no GET /users/@me)"
		}
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
	who := safe.PlainLine(string(r.Account))
	switch r.AccountSource {
	case "server":
	case "config":
		who += " (from the config; " + safe.PlainLine(string(r.Error)) + ")"
	case "sign-in":
		who += " (the name given at sign-in; " + safe.PlainLine(string(r.Error)) + ")"
	default:
		who += " (" + safe.PlainLine(string(r.Error)) + "; set username in the config, or RDASH_USERNAME, to name the account)"
	}
	fmt.Fprintf(w, "  Signed in as %s\n", who)
	fmt.Fprintf(w, "  Scopes: %s\n", orNone(strings.Join(r.Scopes, ", ")))
	if r.ExpiresAt != nil {
		fmt.Fprintf(w, "  Token expires: %s (in %s)\n", r.ExpiresAt.Local().Format(time.DateTime), time.Until(*r.ExpiresAt).Round(time.Second))
	} else {
		fmt.Fprintf(w, "  Token expires: not known\n")
	}
	fmt.Fprintf(w, "  Token stored in: %s\n", auth.Location{Kind: auth.Kind(r.Storage), Path: string(r.Path)})
}

func orNone(s string) string {
	if s == "" {
		return "none known"
	}
	return s
}
