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
