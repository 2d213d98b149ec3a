package cmd

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"rdash/api"
	"rdash/config"
	"rdash/internal/safe"
)

// A candidate is one completion: the value and a short description.
type candidate struct{ value, about string }

// completeFunc lists the candidates for one argument or flag, from what
// rdash remembers (state) and from the server (client, nil when none
// could be made in time); args are the arguments typed so far.
type completeFunc func(ctx context.Context, c *completion, args []string) []candidate

// completion is what a completeFunc may use. The server is asked only
// within the completion timeout (completion_timeout in config.yml, or
// RDASH_COMPLETION_TIMEOUT; 1.5 s unless set, 0 for never): a shell waits for rdash,
// so a slow or silent server, or a keyring that does not answer, gives
// what rdash remembers and no more.
type completion struct {
	f      *Factory
	cfg    *config.Config
	state  config.State
	client func(ctx context.Context) (*api.Client, error)
}

// complete turns fn into a cobra completion function: the candidates that
// start with what is typed, with their descriptions, and no file names.
func (f *Factory) complete(fn completeFunc) cobra.CompletionFunc {
	return func(cmd *cobra.Command, args []string, typed string) ([]cobra.Completion, cobra.ShellCompDirective) {
		c, timeout, ok := f.newCompletion()
		if !ok {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		ctx, cancel := context.WithTimeout(cmd.Context(), timeout)
		defer cancel()
		var out []cobra.Completion
		for _, cand := range fn(ctx, c, args) {
			if strings.HasPrefix(cand.value, typed) && !slices.ContainsFunc(out, func(s string) bool { return strings.HasPrefix(s, cand.value+"\t") }) {
				out = append(out, cobra.CompletionWithDesc(cand.value, safe.PlainLine(cand.about)))
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
}

// positional completes the arguments in order: fns[i] the i-th.
func (f *Factory) positional(fns ...completeFunc) cobra.CompletionFunc {
	return func(cmd *cobra.Command, args []string, typed string) ([]cobra.Completion, cobra.ShellCompDirective) {
		if len(args) >= len(fns) {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return f.complete(fns[len(args)])(cmd, args, typed)
	}
}

func (f *Factory) newCompletion() (*completion, time.Duration, bool) {
	cfg, err := f.Config()
	if err != nil {
		return nil, 0, false
	}
	state, _ := config.LoadState(cfg.Env.StateDir) // nothing remembered is no error here
	return &completion{f: f, cfg: cfg, state: state, client: f.ReadClient}, cfg.CompletionWait(), true
}

// ask runs fn with a client, and gives up when ctx ends even if fn does
// not (a keyring that never answers): the shell is not kept waiting, and
// the process ends right after.
func ask[T any](ctx context.Context, c *completion, fn func(ctx context.Context, client *api.Client) ([]T, error)) []T {
	if ctx.Err() != nil { // completion_timeout: 0
		return nil
	}
	got := make(chan []T, 1)
	go func() {
		client, err := c.client(ctx)
		if err != nil {
			got <- nil
			return
		}
		v, _ := fn(ctx, client)
		got <- v
	}()
	select {
	case v := <-got:
		return v
	case <-ctx.Done():
		return nil
	}
}

// projectCandidates are the pinned and recent projects, then the user's
// own from the server.
func projectCandidates(ctx context.Context, c *completion, _ []string) []candidate {
	var out []candidate
	for _, p := range pinned(c.cfg, c.state) {
		out = append(out, candidate{p, "pinned"})
	}
	for _, p := range c.state.Recent {
		out = append(out, candidate{p, "recent"})
	}
	for _, p := range ask(ctx, c, userProjects) {
		out = append(out, candidate{p.Slug, p.Name})
	}
	return out
}

func userProjects(ctx context.Context, client *api.Client) ([]api.Project, error) {
	ps, _, err := client.ListUserProjects(ctx, api.Me)
	return ps, err
}

// orgCandidates are the organizations in the config and remembered, then
// those owning the user's projects.
func orgCandidates(ctx context.Context, c *completion, _ []string) []candidate {
	var out []candidate
	for _, o := range append(slices.Clone(c.cfg.Orgs), c.state.Orgs...) {
		out = append(out, candidate{o, "remembered"})
	}
	for _, p := range ask(ctx, c, userProjects) {
		if o := p.Organization; o != nil {
			out = append(out, candidate{o.Slug, o.Name})
		}
	}
	return out
}

// completionPage is how many versions completion reads: one request, the
// first page in the server's order (the newest, on a server that lists
// newest first, which is what a user completes most).
const completionPage = 100

// recentVersions are the first page of versions of the project typed first, or
// of those whose version string or name holds search.
func recentVersions(ctx context.Context, c *completion, project, search string) []api.Version {
	if project == "" {
		return nil
	}
	return ask(ctx, c, func(ctx context.Context, client *api.Client) ([]api.Version, error) {
		vs, _, err := client.ListVersions(ctx, project, &api.ListVersionsOptions{PageSize: completionPage, Search: search})
		return vs, err
	})
}

// versionCandidates are the version strings of the project typed first.
func versionCandidates(ctx context.Context, c *completion, args []string) []candidate {
	var out []candidate
	for _, v := range recentVersions(ctx, c, args[0], "") {
		out = append(out, candidate{v.Version, v.Channel.Slug + ": " + v.Name})
	}
	return out
}

// channelCandidates are the channels a page of the project's versions is in.
func channelCandidates(ctx context.Context, c *completion, args []string) []candidate {
	var out []candidate
	if len(args) == 0 {
		return nil
	}
	for _, v := range recentVersions(ctx, c, args[0], "") {
		out = append(out, candidate{v.Channel.Slug, v.Channel.Name})
	}
	return out
}

// fileCandidates are the file names of the version typed second.
func fileCandidates(ctx context.Context, c *completion, args []string) []candidate {
	if len(args) < 2 {
		return nil
	}
	files := ask(ctx, c, func(ctx context.Context, client *api.Client) ([]api.File, error) {
		v, _, err := client.GetVersion(ctx, args[0], args[1])
		if err != nil {
			return nil, err
		}
		return v.Files, nil
	})
	var out []candidate
	for _, fl := range files {
		about := "file"
		if fl.IsPrimary {
			about = "primary file"
		}
		out = append(out, candidate{fl.Name, about})
	}
	return out
}

// inviteeCandidates are the users with a pending invitation to the
// organization typed first.
func inviteeCandidates(ctx context.Context, c *completion, args []string) []candidate {
	invs := ask(ctx, c, func(ctx context.Context, client *api.Client) ([]api.Invitation, error) {
		invs, _, err := client.ListInvitations(ctx, args[0])
		return invs, err
	})
	var out []candidate
	for _, inv := range invs {
		out = append(out, candidate{inv.Username, inv.Name})
	}
	return out
}
