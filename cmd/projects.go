package cmd

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

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
		Example: `  rdash projects list
  rdash projects list --json slug,mine --jq '.items[] | select(.mine) | .slug'`,
	}
	c.AddCommand(newProjectsListCmd(f, nil))
	return c
}

// projectJSON is one project of projects list: the user's own (mine),
// pinned (in config.yml, or from the dashboard) or opened recently. A
// pinned or recent project the server did not list is known only by what
// was remembered, a slug or an ID, in slug; its other fields are null.
type projectJSON struct {
	ID      nullString `json:"id"`
	Slug    string     `json:"slug"`
	Name    nullString `json:"name"`
	Summary nullString `json:"summary"`
	Owner   *ownerJSON `json:"owner"`
	// Mine is null when the server does not list the user's projects.
	Mine   *bool `json:"mine"`
	Pinned bool  `json:"pinned"`
	Recent bool  `json:"recent"`
}

// ownerJSON is a project's owner: a user, whose slug is the username, or
// an organization. Slug is null when the server does not say it.
type ownerJSON struct {
	Type string     `json:"type"`
	ID   string     `json:"id"`
	Slug nullString `json:"slug"`
}

// projectsListOptions are projects list's: only the output flags.
type projectsListOptions struct {
	f   *Factory
	Out *jsonOutput
}

func newProjectsListCmd(f *Factory, runF func(context.Context, *projectsListOptions) error) *cobra.Command {
	opts := &projectsListOptions{f: f}
	c := &cobra.Command{
		Use:   "list",
		Short: "List your projects (when the server says), then pinned and recent ones",
		Long: `List your projects, as the server lists them, then the pinned projects (the
config's projects, and those pinned in the dashboard) and the ones opened
recently. A server that does not list a user's projects (it need not)
gets the pinned and recent ones alone, and a note on standard error.`,
		Example: `  rdash projects list
  rdash projects list --json slug,owner`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runWith(cmd.Context(), opts, runF, projectsListRun)
		},
	}
	opts.Out = addJSONFlags(c, listJSON[projectJSON]{})
	return c
}

func projectsListRun(ctx context.Context, o *projectsListOptions) error {
	f := o.f
	items, listed, err := f.listProjects(ctx)
	if err != nil {
		return err
	}
	if !listed {
		fmt.Fprintln(f.IO.ErrOut, "rdash: the server does not list your projects (it has no GET /users/@me/projects); "+
			"showing the pinned and recent ones. Open any project by its slug or ID (rdash versions list SLUG); "+
			"pin it in the dashboard, or under projects: in config.yml, to see it here")
	}
	if o.Out.on() {
		return f.printJSON(ctx, o.Out, itemsOf(items))
	}
	return f.printProjects(items)
}

// listProjects lists the user's projects, then the pinned and recent
// ones; listed is false when the server does not list the user's.
func (f *Factory) listProjects(ctx context.Context) (_ []projectJSON, listed bool, _ error) {
	cfg, err := f.Config()
	if err != nil {
		return nil, false, err
	}
	state, err := config.LoadState(cfg.Env.StateDir)
	if err != nil { // the server's list does not need it
		f.warn(fmt.Errorf("%w; listing without remembered projects", err))
	}
	client, err := f.APIClient(ctx)
	if err != nil {
		return nil, false, err
	}
	mine, _, err := client.ListUserProjects(ctx, api.Me)
	switch {
	case err == nil:
		listed = true
	case !errors.Is(err, api.ErrNotFound):
		return nil, false, err
	}
	owners := ownerNames(ctx, client, mine)
	pins := pinned(cfg, state)
	items := make([]projectJSON, 0, len(mine))
	for _, p := range mine {
		items = append(items, projectOut(p, owners, pins, state.Recent))
	}
	for _, ref := range append(slices.Clone(pins), state.Recent...) {
		if !slices.ContainsFunc(items, func(it projectJSON) bool { return it.is(ref) }) {
			it := projectJSON{Slug: ref, Pinned: slices.Contains(pins, ref), Recent: slices.Contains(state.Recent, ref)}
			if listed {
				it.Mine = api.Ptr(false)
			}
			items = append(items, it)
		}
	}
	return items, listed, nil
}

func projectOut(p api.Project, owners map[string]string, pins, recent []string) projectJSON {
	it := projectJSON{ID: nullString(p.ID), Slug: p.Slug, Name: nullString(p.Name), Summary: nullString(p.Summary), Mine: api.Ptr(true)}
	switch {
	case p.Organization != nil:
		it.Owner = &ownerJSON{Type: "organization", ID: p.Organization.ID, Slug: nullString(p.Organization.Slug)}
	case p.OwnerID != "":
		it.Owner = &ownerJSON{Type: "user", ID: p.OwnerID, Slug: nullString(owners[p.OwnerID])}
	}
	it.Pinned = slices.ContainsFunc(pins, it.is)
	it.Recent = slices.ContainsFunc(recent, it.is)
	return it
}

// is says whether ref, a remembered slug or ID, names the project.
func (it projectJSON) is(ref string) bool {
	return it.Slug == ref || (it.ID != "" && string(it.ID) == ref)
}

// ownerNames are the usernames of the users owning projects, by ID, so
// that users are shown by name as organizations are by slug. A user the
// server does not describe is left out (and shown by ID).
func ownerNames(ctx context.Context, client *api.Client, projects []api.Project) map[string]string {
	names := map[string]string{}
	for _, p := range projects {
		if _, done := names[p.OwnerID]; p.Organization != nil || p.OwnerID == "" || done {
			continue
		}
		names[p.OwnerID] = ""
		if u, _, err := client.GetUser(ctx, p.OwnerID); err == nil {
			names[p.OwnerID] = u.Username
		}
	}
	return names
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

// printProjects prints one row a project; the last column, never empty,
// says why it is listed.
func (f *Factory) printProjects(items []projectJSON) error {
	t := &table{tty: f.IO.OutTTY}
	for _, it := range items {
		owner := ""
		if o := it.Owner; o != nil {
			owner = cmp.Or(string(o.Slug), o.ID)
		}
		t.add(it.Slug, string(it.Name), safe.PlainReveal(string(it.ID)), owner, it.sources())
	}
	return t.write(f.IO.Out, "SLUG", "NAME", "ID", "OWNER", "LISTED AS")
}

// sources is why a project is listed: "mine", "pinned", "recent".
func (it projectJSON) sources() string {
	var s []string
	for _, src := range []struct {
		on   bool
		name string
	}{{it.Mine != nil && *it.Mine, "mine"}, {it.Pinned, "pinned"}, {it.Recent, "recent"}} {
		if src.on {
			s = append(s, src.name)
		}
	}
	return strings.Join(s, ",")
}
