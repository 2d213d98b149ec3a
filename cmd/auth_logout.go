package cmd

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"rdash/auth"
)

// logoutJSON is what auth logout did: the places it removed the token
// from (none when nothing was stored), the malformed sign-in record it
// moved aside, and whether RDASH_TOKEN still signs rdash in.
type logoutJSON struct {
	Host           string         `json:"host"`
	Removed        []locationJSON `json:"removed"`
	RecordSetAside nullString     `json:"record_set_aside"`
	EnvToken       bool           `json:"env_token"`
}

// locationJSON is where a token is: storage is env, keyring or file, and
// path is the file's (null for the others).
type locationJSON struct {
	Storage string     `json:"storage"`
	Path    nullString `json:"path"`
}

func locationOut(l auth.Location) locationJSON {
	return locationJSON{Storage: string(l.Kind), Path: nullString(l.Path)}
}

// logoutOptions are auth logout's.
type logoutOptions struct {
	f   *Factory
	Out *jsonOutput
}

func newAuthLogoutCmd(f *Factory, runF func(context.Context, *logoutOptions) error) *cobra.Command {
	opts := &logoutOptions{f: f}
	c := &cobra.Command{
		Use:   "logout",
		Short: "Remove the stored token from the keyring and the plain-text file",
		Example: `  rdash auth logout
  rdash auth logout --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runWith(cmd.Context(), opts, runF, logoutRun)
		},
	}
	opts.Out = addJSONFlags(c, logoutJSON{})
	return c
}

// logoutRun removes the token of the configured host wherever it is
// stored, and says where from.
func logoutRun(ctx context.Context, o *logoutOptions) error {
	f := o.f
	cfg, settings, err := f.authSettings(nil)
	if err != nil {
		return err
	}
	store := f.authStore(cfg)
	// A malformed record would block every logout: it holds no token, so
	// set it aside and sign out of what can be found.
	aside, err := store.SetAsideRecord()
	if err != nil {
		return fmt.Errorf("the sign-in record %s is malformed and could not be moved aside (%v): delete it, then run this again", store.RecordPath(), err)
	}
	if aside != "" {
		fmt.Fprintf(f.IO.ErrOut, "The sign-in record %s was malformed; moved it to %s. "+
			"A token it pointed to in the keyring cannot be found without it: sign in again and sign out to remove it.\n",
			store.RecordPath(), aside)
	}
	removed, err := store.Delete(ctx, settings.Host())
	if o.Out.on() && err == nil {
		rep := logoutJSON{Host: settings.Host(), Removed: []locationJSON{}, RecordSetAside: nullString(aside),
			EnvToken: cfg.Env.Token != ""}
		for _, l := range removed {
			rep.Removed = append(rep.Removed, locationOut(l))
		}
		return f.printJSON(ctx, o.Out, rep)
	}
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
}
