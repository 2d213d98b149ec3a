package cmd

import (
	"errors"
	"fmt"
	"slices"

	"github.com/spf13/cobra"

	"rdash/api"
	"rdash/config"
	"rdash/internal/safe"
)

func newProjectsCmd(f *Factory) *cobra.Command {
	c := &cobra.Command{
		Use:     "projects",
		Aliases: []string{"project", "p"},
		Short:   "List your projects, and the pinned and recent ones",
	}
	c.AddCommand(newProjectsListCmd(f))
	return c
}

type projectsJSON struct {
	Projects []api.Project `json:"projects"`
	// Listed is false when the server does not answer GET /users/@me/projects.
	Listed bool     `json:"listed"`
	Pinned []string `json:"pinned"`
	Recent []string `json:"recent"`
}

func newProjectsListCmd(f *Factory) *cobra.Command {
	var asJSON bool
	c := &cobra.Command{
		Use:   "list",
		Short: "List your projects (when the server says), then pinned and recent ones",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cfg, err := f.Config()
			if err != nil {
				return err
			}
			state, err := config.LoadState(cfg.Env.StateDir)
			if err != nil { // the server's list does not need it
				fmt.Fprintf(f.IO.ErrOut, "rdash: warning: %v; listing without remembered projects\n", err)
			}
			client, err := f.APIClient(cmd.Context())
			if err != nil {
				return err
			}
			out := projectsJSON{Pinned: pinned(cfg, state), Recent: nonNilSlice(state.Recent)}
			out.Projects, _, err = client.ListUserProjects(cmd.Context(), "@me")
			switch {
			case err == nil:
				out.Listed = true
			case errors.Is(err, api.ErrNotFound):
				out.Projects = []api.Project{}
			default:
				return err
			}
			if asJSON {
				return writeJSON(f.IO.Out, out)
			}
			return f.printProjects(out)
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	return c
}

// pinned merges the config's projects with those pinned in the dashboard.
func pinned(cfg *config.Config, s config.State) []string {
	out := slices.Clone(cfg.Projects)
	for _, p := range s.Pinned {
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return nonNilSlice(out)
}

// nonNilSlice makes an empty list print as [] in JSON, not null.
func nonNilSlice[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

func (f *Factory) printProjects(p projectsJSON) error {
	t := &table{tty: f.IO.OutTTY}
	for _, pr := range p.Projects {
		owner := pr.OwnerID
		if pr.Organization != nil {
			owner = pr.Organization.Slug
		}
		t.add(pr.Slug, pr.Name, safe.PlainReveal(pr.ID), owner, mark(pr, p.Pinned))
	}
	for _, s := range p.Pinned {
		if !slices.ContainsFunc(p.Projects, func(pr api.Project) bool { return pr.Slug == s || pr.ID == s }) {
			t.add(s, "", "", "", "pinned")
		}
	}
	if err := t.write(f.IO.Out, "SLUG", "NAME", "ID", "OWNER", ""); err != nil {
		return err
	}
	if !p.Listed && f.IO.OutTTY {
		fmt.Fprintln(f.IO.ErrOut, "the server does not list your projects; showing pinned ones (open any with its slug)")
	}
	if len(p.Recent) > 0 && f.IO.OutTTY {
		fmt.Fprintln(f.IO.ErrOut, "recent:", fmt.Sprint(p.Recent))
	}
	return nil
}

func mark(pr api.Project, pins []string) string {
	if slices.Contains(pins, pr.Slug) || slices.Contains(pins, pr.ID) {
		return "pinned"
	}
	return ""
}
