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

type loginFlags struct {
	noBrowser, withToken, insecure bool
	scopes                         []string
	out                            *jsonOutput
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
	fl.out = addJSONFlags(c, loginJSON{})
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
	var done *loginJSON
	finish := func(ctx context.Context, tok *oauth2.Token) (string, error) {
		id, err := whoAmI(ctx, f, cfg, settings, tok, fl.withToken)
		if err != nil {
			return "", err
		}
		where, err := store.Save(ctx, settings.Host(), id.Name, id.Token, consent)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(f.IO.ErrOut, "Signed in to %s as %s. The token is stored in %s; the record of the active account is %s.\n",
			settings.Host(), asWho(id), where, store.RecordPath())
		done = &loginJSON{Host: settings.Host(), Server: settings.BaseURL, Account: id.Name, Verified: id.Verified(), Stored: locationOut(where)}
		return fmt.Sprintf("rdash is signed in to %s as %s.", settings.Host(), asWho(id)), nil
	}
	if err := obtainToken(ctx, f, cfg, settings, in, fl, finish); err != nil || !fl.out.on() {
		return err
	}
	return f.printJSON(ctx, fl.out, done)
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
