package cmd

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"golang.org/x/oauth2"

	"rdash/api"
	"rdash/auth"
	"rdash/config"
	"rdash/internal/safe"
)

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
With --with-token, rdash reads a token from standard input instead, and
stores it only once the server has said whose it is.

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
	consent, toFile, err := storageConsent(ctx, f, store, in, fl)
	if err != nil {
		return err
	}
	// Before the user signs in, not after: a sign-in that cannot be
	// stored is wasted, and its refresh token spent for nothing.
	if err := store.CheckWritable(toFile); err != nil {
		return err
	}
	finish := func(ctx context.Context, tok *oauth2.Token) (string, error) {
		account, tok, err := whoAmI(ctx, f, cfg, settings, tok, fl.withToken)
		if err != nil {
			return "", err
		}
		where, err := store.Save(ctx, settings.Host(), account, tok, consent)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(f.IO.ErrOut, "Signed in to %s as %s. The token is stored in %s; the record of the active account is %s.\n",
			settings.Host(), safe.PlainLine(account), where, store.RecordPath())
		return fmt.Sprintf("rdash is signed in to %s as %s.", settings.Host(), safe.PlainLine(account)), nil
	}
	return obtainToken(ctx, f, cfg, settings, in, fl, finish)
}

// storageConsent asks the keyring first, so that a user without one is
// told, and asked, before signing in rather than after, and so that the
// notice is always shown before anything is written. toFile says the
// token will go to the plain-text file.
func storageConsent(ctx context.Context, f *Factory, store *auth.Store, in *bufio.Reader, fl loginFlags) (_ auth.Consent, toFile bool, _ error) {
	show := func(n auth.InsecureNotice) {
		fmt.Fprintf(f.IO.ErrOut, "! %s\n  Storing it there, as --insecure-storage asks.\n", n)
	}
	why := store.Check(ctx) // says what it waits for when slow: see authStore
	if why == nil {
		if fl.insecure { // should the keyring fail after all when saving
			return auth.Agree(show), false, nil
		}
		return nil, false, nil
	}
	if ctx.Err() != nil {
		return nil, false, ctx.Err()
	}
	notice := auth.InsecureNotice{Reason: why, Path: store.FilePath()}
	switch {
	case fl.insecure:
		show(notice)
		return auth.Agree(nil), true, nil
	case f.IO.InTTY && !fl.withToken:
		fmt.Fprintf(f.IO.ErrOut, "! %s\nStore the token in plain text? [y/N] ", notice)
		answer, err := readLine(ctx, in)
		if err != nil {
			return nil, false, err
		}
		if a := strings.ToLower(strings.TrimSpace(answer)); a == "y" || a == "yes" {
			return auth.Agree(nil), true, nil
		}
		return nil, false, &ExitError{Code: ExitCancel, Err: errors.New("not signed in: no keyring, and plain-text storage declined")}
	}
	return nil, false, &ExitError{Code: ExitCancel, Err: fmt.Errorf("%s\nNot signing in: storing a token in plain text needs consent. "+
		"Run again with --insecure-storage, or where a keyring is available", notice)}
}

// tokenCheckOrg is the organization a pasted token is checked on when the
// config names none: an unknown one does, as the service checks the token
// before it looks the organization up.
const tokenCheckOrg = "rdash-token-check"

// storeUnnamed decides about a pasted token whose account the server did
// not name (unknown says why): it is stored, under the configured
// username or "unknown", only when the server accepted it, and the user
// is told so.
func storeUnnamed(ctx context.Context, f *Factory, cfg *config.Config, s auth.Settings, tok *oauth2.Token, unknown error) (string, *oauth2.Token, error) {
	where, err := pastedTokenAccepted(ctx, cfg, s, tok, unknown)
	if err != nil {
		return "", nil, err
	}
	name := cfg.Username
	if name == "" {
		name = "unknown"
	}
	fmt.Fprintf(f.IO.ErrOut, "! The server did not say who you are (%s), but it accepted the token on %s; "+
		"storing the token for %q (set username in the config, or RDASH_USERNAME, to name the account).\n",
		safe.PlainLine(unknown.Error()), where, safe.PlainLine(name))
	return name, tok, nil
}

// pastedTokenAccepted returns where the server accepted tok. A 403 from
// GET /users/@me is acceptance already (the token lacks user:read). Else
// the token is tried on GET /orgs/{orgId}/invitations, an endpoint the
// interface documents as needing a token: asked without one, the server
// must refuse (401), which shows it checks tokens there; asked with this
// one, any answer but 401 (the list, 403 without MEMBER_CREATE, 404 for an
// organization it does not know) is acceptance.
func pastedTokenAccepted(ctx context.Context, cfg *config.Config, s auth.Settings, tok *oauth2.Token, unknown error) (string, error) {
	if errors.Is(unknown, api.ErrForbidden) {
		return "GET /users/@me (403: it may not say whose it is)", nil
	}
	org := tokenCheckOrg
	if len(cfg.Orgs) > 0 {
		org = cfg.Orgs[0]
	}
	where := "GET /orgs/" + safe.PlainLine(org) + "/invitations"
	cannot := func(why error) error {
		return fmt.Errorf("could not check the token: the server did not say whose it is (%v), and %s %v; "+
			"nothing was stored. Run this again when the server answers, or name one of your organizations "+
			"in the config (orgs) to check the token there", unknown, where, why)
	}
	anon, err := api.New(s.BaseURL, s.APIOptions()...)
	if err != nil {
		return "", err
	}
	if _, _, err := anon.ListInvitations(ctx, org); !errors.Is(err, api.ErrUnauthorized) {
		answer := "a list"
		if err != nil {
			answer = err.Error()
		}
		return "", cannot(fmt.Errorf("did not refuse a request without a token (it answered %s)", answer))
	}
	src := auth.NewSource(ctx, auth.SourceOptions{Settings: s, Stored: &auth.Stored{Host: s.Host(), Token: tok}})
	client, err := auth.NewClient(src, api.WithMaxRetries(1))
	if err != nil {
		return "", err
	}
	_, _, err = client.ListInvitations(ctx, org)
	switch {
	case err == nil, errors.Is(err, api.ErrForbidden), errors.Is(err, api.ErrNotFound):
		return where, nil
	case errors.Is(err, api.ErrUnauthorized):
		return "", &ExitError{Code: ExitAuth, Err: fmt.Errorf("the server refused the token on %s: %w; nothing was stored", where, err)}
	}
	return "", cannot(fmt.Errorf("answered %v", err))
}
