package cmd

import (
	"context"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"rdash/api"
	"rdash/config"
)

// registerCompletions gives the commands' arguments and flags their
// dynamic completion (see completion): projects, versions, channels,
// version IDs, files, organizations and invitees.
func (f *Factory) registerCompletions(root *cobra.Command) {
	project := f.positional(projectCandidates)
	projectVersion := f.positional(projectCandidates, versionCandidates)
	org := f.positional(orgCandidates)
	channel, files := f.complete(channelCandidates), f.complete(fileCandidates)
	game, games := f.complete(gameVersionCandidates), f.listCompletion(gameVersionCandidates)
	platformList, scopes := f.listCompletion(platformCandidates), f.listCompletion(scopeCandidates)
	args := map[string]cobra.CompletionFunc{
		"versions list": project, "versions edit": project, "versions delete": project,
		"versions undo": project, "versions create": filesAfterFrom(project),
		"versions get": projectVersion, "versions update": projectVersion, "versions download": projectVersion,
		"stats":            project,
		"invitations list": org, "invitations send": org, "invitations accept": org, "invitations reject": org,
		"invitations cancel": f.positional(orgCandidates, inviteeCandidates),
	}
	flags := map[string]map[string]cobra.CompletionFunc{
		"":              {"project": f.complete(projectCandidates)},
		"versions list": {"channel": channel, "game-version": game},
		"stats":         {"channel": channel, "game-version": game},
		"versions edit": {"channel": channel, "ids": f.idsCompletion(), "set-platforms": platformList, "add-platform": platformList,
			"remove-platform": platformList, "set-game-versions": games, "add-game-version": games, "remove-game-version": games},
		"versions delete":   {"ids": f.idsCompletion()},
		"versions create":   {"channel": channel, "platform": platformList, "game-version": games},
		"versions update":   {"channel": channel, "platform": platformList, "game-version": games, "remove-file": files, "primary": files},
		"versions download": {"file": files},
		"auth login":        {"scopes": scopes},
	}

	walkCommands(root, func(c *cobra.Command) {
		path := strings.TrimPrefix(strings.TrimPrefix(c.CommandPath(), root.Name()), " ")
		if fn, ok := args[path]; ok {
			c.ValidArgsFunction = fn
		}
		for flag, fn := range flags[path] {
			_ = c.RegisterFlagCompletionFunc(flag, fn)
		}
	})
}

// filesAfterFrom is next, but once PROJECT and --from are given: the
// words after --from FILE are more files (build/libs/*.jar), so the
// shell completes paths there, as it does --from's own value.
func filesAfterFrom(next cobra.CompletionFunc) cobra.CompletionFunc {
	return func(cmd *cobra.Command, args []string, typed string) ([]cobra.Completion, cobra.ShellCompDirective) {
		if len(args) > 0 && cmd.Flags().Changed("from") {
			return nil, cobra.ShellCompDirectiveDefault
		}
		return next(cmd, args, typed)
	}
}

func platformCandidates(context.Context, *completion, []string) []candidate {
	var out []candidate
	for _, p := range api.AllPlatforms() {
		out = append(out, candidate{p, "platform"})
	}
	return out
}

// gameVersionCandidates are the game versions of the first page of the
// project's versions, in the order they first appear.
func gameVersionCandidates(ctx context.Context, c *completion, args []string) []candidate {
	if len(args) == 0 {
		return nil
	}
	var out []candidate
	for _, v := range recentVersions(ctx, c, args[0], "") {
		for _, g := range v.MinecraftVersions {
			if !slices.ContainsFunc(out, func(c candidate) bool { return c.value == g }) {
				out = append(out, candidate{g, "game version"})
			}
		}
	}
	return out
}

// scopeCandidates are the scopes rdash asks for.
func scopeCandidates(context.Context, *completion, []string) []candidate {
	var out []candidate
	for _, s := range config.AllScopes() {
		out = append(out, candidate{s, "scope"})
	}
	return out
}

// idsCompletion completes --ids, a comma-separated list: the IDs of the
// project's first page of versions not listed yet, after those typed.
func (f *Factory) idsCompletion() cobra.CompletionFunc {
	return f.listCompletion(func(ctx context.Context, c *completion, args []string) []candidate {
		if len(args) == 0 {
			return nil
		}
		var out []candidate
		for _, v := range recentVersions(ctx, c, args[0], "") {
			out = append(out, candidate{v.ID, v.Version})
		}
		return out
	})
}

// listCompletion completes a comma-separated list flag: fn's values not
// listed yet, after those typed.
func (f *Factory) listCompletion(fn completeFunc) cobra.CompletionFunc {
	return func(cmd *cobra.Command, args []string, typed string) ([]cobra.Completion, cobra.ShellCompDirective) {
		done, last := "", typed
		if i := strings.LastIndex(typed, ","); i >= 0 {
			done, last = typed[:i+1], typed[i+1:]
		}
		rest := func(ctx context.Context, c *completion, args []string) []candidate {
			var out []candidate
			for _, cand := range fn(ctx, c, args) {
				if !strings.Contains(","+done, ","+cand.value+",") {
					out = append(out, candidate{done + cand.value, cand.about})
				}
			}
			return out
		}
		comps, dir := f.complete(rest)(cmd, args, done+last)
		return comps, dir | cobra.ShellCompDirectiveNoSpace
	}
}

// walkCommands calls fn on every command of the tree under c, c included.
func walkCommands(c *cobra.Command, fn func(*cobra.Command)) {
	fn(c)
	for _, sub := range c.Commands() {
		walkCommands(sub, fn)
	}
}
