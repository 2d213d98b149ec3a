package cmd

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
)

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
			store := f.authStore(cfg)
			// A malformed record would block every logout: it holds no
			// token, so set it aside and sign out of what can be found.
			aside, err := store.SetAsideRecord()
			if err != nil {
				return fmt.Errorf("the sign-in record %s is malformed and could not be moved aside (%v): delete it, then run this again", store.RecordPath(), err)
			}
			if aside != "" {
				fmt.Fprintf(f.IO.ErrOut, "The sign-in record %s was malformed; moved it to %s. "+
					"A token it pointed to in the keyring cannot be found without it: sign in again and sign out to remove it.\n",
					store.RecordPath(), aside)
			}
			removed, err := store.Delete(cmd.Context(), settings.Host())
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
