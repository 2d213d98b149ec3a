package cmd

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"golang.org/x/oauth2"

	"rdash/auth"
)

// loginOptions are auth login's (see the top of factory.go).
type loginOptions struct {
	f                              *Factory
	NoBrowser, WithToken, Insecure bool
	Scopes                         []string // nil: the config's, or all rdash uses
	Out                            *jsonOutput
}

// loginJSON is who auth login signed in, and where the token went.
type loginJSON struct {
	Host    string `json:"host"`
	Server  string `json:"server"`
	Account string `json:"account"`
	// Verified is false when nothing the server answered could show it
	// accepts the token (a server that does not say who is signed in).
	Verified bool         `json:"verified"`
	Stored   locationJSON `json:"stored"`
}

func newAuthLoginCmd(f *Factory, runF func(context.Context, *loginOptions) error) *cobra.Command {
	opts := &loginOptions{f: f}
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
			return runWith(cmd.Context(), opts, runF, loginRun)
		},
	}
	fs := c.Flags()
	fs.BoolVar(&opts.NoBrowser, "no-browser", false, "print the URL and read the pasted code instead of opening a browser")
	fs.BoolVar(&opts.WithToken, "with-token", false, "read a token from standard input")
	fs.BoolVar(&opts.Insecure, "insecure-storage", false, "store the token in a plain-text file if no keyring is available")
	fs.StringSliceVar(&opts.Scopes, "scopes", nil, "scopes to ask for, comma-separated (default: config scopes, or all rdash uses)")
	opts.Out = addJSONFlags(c, loginJSON{})
	return c
}

// loginRun signs in: asks where the token may go, obtains it, checks it
// where the server can show whose it is, and stores it.
func loginRun(ctx context.Context, o *loginOptions) error {
	f := o.f
	cfg, settings, err := f.authSettings(o.Scopes)
	if err != nil {
		return err
	}
	if cfg.Env.Token != "" {
		return &ExitError{Code: ExitCancel, Err: errors.New("RDASH_TOKEN is set, and it overrides any stored token: " +
			"a token stored now would be ignored. Unset RDASH_TOKEN to sign in, or keep using it")}
	}
	store := f.authStore(cfg)
	consent, toFile, err := storageConsent(ctx, o, store)
	if err != nil {
		return err
	}
	// Before the user signs in, not after: a sign-in that cannot be
	// stored is wasted, and its refresh token spent for nothing.
	if err := store.CheckWritable(toFile); err != nil {
		return err
	}
	var done *loginJSON
	finish := func(ctx context.Context, tok *oauth2.Token) (string, error) {
		id, err := whoAmI(ctx, f, cfg, settings, tok, o.WithToken)
		if err != nil {
			return "", err
		}
		where, err := store.Save(ctx, settings.Host(), id.Name, id.Token, consent)
		if err != nil {
			return "", err
		}
		printProse(f.IO.ErrOut, fmt.Sprintf("Signed in to %s as %s. The token is stored in %s; the record of the active account is %s.",
			settings.Host(), asWho(id), where, store.RecordPath()))
		done = &loginJSON{Host: settings.Host(), Server: settings.BaseURL, Account: id.Name, Verified: id.Verified(), Stored: locationOut(where)}
		return fmt.Sprintf("rdash is signed in to %s as %s.", settings.Host(), asWho(id)), nil
	}
	if err := obtainToken(ctx, f, cfg, settings, bufio.NewReader(f.IO.In), o, finish); err != nil || !o.Out.on() {
		return err
	}
	return f.printJSON(ctx, o.Out, done)
}

// storageConsent asks the keyring first, so that a user without one is
// told, and asked (through the Factory's Prompter), before signing in
// rather than after, and so that the notice is always shown before
// anything is written. toFile says the token will go to the plain-text
// file.
func storageConsent(ctx context.Context, o *loginOptions, store *auth.Store) (_ auth.Consent, toFile bool, _ error) {
	f := o.f
	show := func(n auth.InsecureNotice) {
		printProse(f.IO.ErrOut, notice(n)+"\n  Storing it there, as --insecure-storage asks.")
	}
	why := store.Check(ctx) // says what it waits for when slow: see authStore
	if why == nil {
		if o.Insecure { // should the keyring fail after all when saving
			return auth.Agree(show), false, nil
		}
		return nil, false, nil
	}
	if ctx.Err() != nil {
		return nil, false, ctx.Err()
	}
	n := auth.InsecureNotice{Reason: why, Path: store.FilePath()}
	switch {
	case o.Insecure:
		show(n)
		return auth.Agree(nil), true, nil
	case f.IO.CanPrompt() && !o.WithToken:
		printProse(f.IO.ErrOut, notice(n))
		ok, err := f.prompter().Confirm(ctx, "Store the token in plain text?")
		switch {
		case err != nil:
			return nil, false, err
		case !ok:
			return nil, false, &ExitError{Code: ExitCancel, Err: errors.New("not signed in: no keyring, and plain-text storage declined")}
		}
		return auth.Agree(nil), true, nil
	}
	return nil, false, &ExitError{Code: ExitCancel, Err: fmt.Errorf("%s\nNot signing in: storing a token in plain text needs consent. "+
		"Run again with --insecure-storage, or where a keyring is available", n)}
}

// notice is the keyring's notice as the terminal shows it: marked, and
// its lines indented under the mark, so that, wrapped, it reads as one
// warning.
func notice(n auth.InsecureNotice) string {
	return "! " + strings.ReplaceAll(n.String(), "\n", "\n  ")
}
