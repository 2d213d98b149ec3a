package cmd

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/dustin/go-humanize"
	"github.com/spf13/cobra"

	"rdash/api"
	"rdash/internal/explain"
	"rdash/internal/safe"
	"rdash/ui/common"
)

func newVersionsCmd(f *Factory) *cobra.Command {
	c := &cobra.Command{
		Use:     "versions",
		Aliases: []string{"v"},
		Short:   "List, show, edit, delete and undo edits of a project's versions",
		Example: `  rdash versions list lumen
  rdash versions edit lumen --ids AbCd1234 --add-game-version 1.21.4 --dry-run`,
	}
	c.AddCommand(newVersionsListCmd(f, nil), newVersionsGetCmd(f, nil), newVersionsEditCmd(f, nil),
		newVersionsDeleteCmd(f, nil), newVersionsUndoCmd(f, nil), newVersionsCreateCmd(f, nil), newVersionsUpdateCmd(f, nil),
		newVersionsDownloadCmd(f, nil))
	return c
}

// versionsListOptions are versions list's: the project, its filters and
// which pages.
type versionsListOptions struct {
	f                      *Factory
	Project                string
	Channels, GameVersions []string
	Search                 string
	Page, PageSize         int
	All                    bool
	Out                    *jsonOutput
}

// listFlags name the list's query by versions list's flags.
var listFlags = explain.Flags{"page": "--page", "page_size": "--page-size", "channel": "--channel",
	"minecraft_version": "--game-version", "search": "--search"}

func newVersionsListCmd(f *Factory, runF func(context.Context, *versionsListOptions) error) *cobra.Command {
	opts := &versionsListOptions{f: f}
	c := &cobra.Command{
		Use:   "list PROJECT",
		Short: "List a project's versions, one page at a time, in the server's order",
		Example: `  rdash versions list lumen
  rdash versions list emberforge-core --channel beta --channel alpha --game-version 1.21.4
  rdash versions list lumen --search fix --page 2 --page-size 50 --json
  rdash versions list lumen --all --json id,version,channel --jq '.items[] | select(.channel.slug == "beta") | .id'`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Project = args[0]
			if err := opts.check(); err != nil {
				return err
			}
			w := refusalWords{command: cmd.CommandPath(), flags: listFlags, notFound: noProject(opts.Project)}
			return worded(w, runWith(cmd.Context(), opts, runF, versionsListRun))
		},
	}
	fs := c.Flags()
	fs.StringArrayVar(&opts.Channels, "channel", nil, "only versions in this channel (ID or slug); repeat for several")
	fs.StringArrayVar(&opts.GameVersions, "game-version", nil, "only versions for this game version; repeat for several")
	fs.StringVar(&opts.Search, "search", "", "only versions whose version string or name contains this")
	fs.IntVar(&opts.Page, "page", 1, "page number, from 1")
	fs.IntVar(&opts.PageSize, "page-size", 0, "versions per page (default: the server's)")
	fs.BoolVar(&opts.All, "all", false, "every page from --page on, not one (at most 1,000 pages; more is an error)")
	opts.Out = addJSONFlags(c, listJSON[versionJSON]{})
	return c
}

func versionsListRun(ctx context.Context, opts *versionsListOptions) error {
	f := opts.f
	client, err := f.ReadClient(ctx)
	if err != nil {
		return err
	}
	vs, resp, err := opts.list(ctx, client)
	if err != nil {
		return err
	}
	switch {
	case opts.Out.on():
		err = f.printJSON(ctx, opts.Out, opts.page1(vs, resp))
	case len(vs) == 0:
		// Piped or not, an empty table says nothing: say what it means.
		fmt.Fprintln(f.IO.ErrOut, opts.none())
	default:
		err = f.printVersions(vs, resp, opts.All)
	}
	if err == nil {
		err = opts.cut(resp)
	}
	return err
}

// list reads the page asked for, or with --all every page from it on.
func (o *versionsListOptions) list(ctx context.Context, client *api.Client) ([]api.Version, *api.Response, error) {
	lo := &api.ListVersionsOptions{Page: o.Page, PageSize: o.PageSize,
		Channels: o.Channels, MinecraftVersions: o.GameVersions, Search: o.Search}
	if o.All {
		return client.ListAllVersions(ctx, o.Project, lo)
	}
	return client.ListVersions(ctx, o.Project, lo)
}

// cut is an error when --all stopped before the list's end: what was
// read is printed, and the exit code says it is not every page.
func (o *versionsListOptions) cut(resp *api.Response) error {
	if !o.All || resp.NextPage == 0 {
		return nil
	}
	return fmt.Errorf("--all stopped after %s pages, the most it reads, before the list's end: "+
		"the versions printed are not all of them; the rest from --page %d --all", humanize.Comma(api.MaxPages), resp.NextPage)
}

// check refuses page flags the command would otherwise send as no page
// at all (0) or as a query the service refuses.
func (o *versionsListOptions) check() error {
	var c flagChecks
	switch {
	case o.Page < 1:
		c.err = fmt.Errorf("--page %d: pages are numbered from 1", o.Page)
	case o.PageSize < 0:
		c.err = fmt.Errorf("--page-size %d: must be a number of versions, or 0 for the server's default", o.PageSize)
	}
	c.arg("PROJECT", o.Project)
	o.Channels, o.GameVersions = c.list("--channel", o.Channels), c.list("--game-version", o.GameVersions)
	return c.done(o.f)
}

// page1 is the list's JSON: the versions from --page on, and resp, the
// answer for the last page read, says whether there are more.
func (o *versionsListOptions) page1(vs []api.Version, resp *api.Response) listJSON[versionJSON] {
	out := listJSON[versionJSON]{Items: versionsOut(vs), Page: &o.Page}
	if o.PageSize > 0 {
		out.PageSize = &o.PageSize
	}
	if p := resp.Pagination; p != nil {
		out.PageSize, out.Total = &p.PageSize, &p.Total
	}
	if resp.NextPage > 0 {
		out.NextPage = &resp.NextPage
	}
	return out
}

// none says that the list is empty, and why it may be.
func (o *versionsListOptions) none() string {
	project := safe.PlainLine(clip(o.Project))
	switch {
	case o.Page > 1:
		return fmt.Sprintf("no versions of %s on page %d", project, o.Page)
	case len(o.Channels)+len(o.GameVersions) > 0 || o.Search != "":
		return fmt.Sprintf("no versions of %s match", project)
	}
	return project + " has no versions"
}

func (f *Factory) printVersions(vs []api.Version, resp *api.Response, all bool) error {
	t := &table{tty: f.IO.OutTTY}
	now := time.Now()
	for _, v := range vs {
		// A script or a file gets the date itself; "10mo ago" is for a reader.
		created := v.CreatedAt.UTC().Format(time.RFC3339)
		if f.IO.OutTTY {
			created = common.Ago(v.CreatedAt, now)
		}
		t.add(safe.PlainReveal(v.ID), v.Version, v.Name, v.Channel.Slug, strings.Join(v.Platforms, ","),
			strings.Join(v.MinecraftVersions, ","), fmt.Sprint(v.Downloads), created)
	}
	if err := t.write(f.IO.Out, "ID", "VERSION", "NAME", "CHANNEL", "PLATFORMS", "GAME VERSIONS", "DOWNLOADS", "CREATED"); err != nil {
		return err
	}
	switch {
	case f.IO.OutTTY:
		fmt.Fprintln(f.IO.ErrOut, pageLine(len(vs), resp))
	case resp.NextPage > 0 && !all: // --all's cut is an error of its own
		// Piped, the table alone would look complete: say on stderr that it is not.
		fmt.Fprintf(f.IO.ErrOut, "rdash: %s; --all lists every page\n", pageLine(len(vs), resp))
	}
	return nil
}

func pageLine(n int, resp *api.Response) string {
	s := versionCount(n)
	if total, ok := resp.Total(); ok {
		s = fmt.Sprintf("page %d, %s of %d", resp.Pagination.Page, s, total)
	} else if resp.NextPage > 0 {
		s += ", more may follow" // the server gave no total: no end seen yet
	}
	if resp.NextPage > 0 {
		s += fmt.Sprintf(" (next: --page %d)", resp.NextPage)
	}
	return s
}

// versionsGetOptions are versions get's: which version.
type versionsGetOptions struct {
	f                *Factory
	Project, Version string
	Out              *jsonOutput
}

func newVersionsGetCmd(f *Factory, runF func(context.Context, *versionsGetOptions) error) *cobra.Command {
	opts := &versionsGetOptions{f: f}
	c := &cobra.Command{
		Use:   "get PROJECT VERSION",
		Short: "Show one version: metadata, files, dependencies and changelog",
		Long:  "Show one version. VERSION is the version's ID or its version string.",
		Example: `  rdash versions get lumen 2.4.0
  rdash versions get lumen EEeBM181 --json
  rdash versions get lumen 2.4.0 --jq '.files[] | select(.primary) | .sha256'`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Project, opts.Version = args[0], args[1]
			w := refusalWords{command: cmd.CommandPath(), notFound: noVersion(opts.Project, opts.Version)}
			return worded(w, runWith(cmd.Context(), opts, runF, versionsGetRun))
		},
	}
	opts.Out = addJSONFlags(c, versionJSON{})
	return c
}

func versionsGetRun(ctx context.Context, opts *versionsGetOptions) error {
	f := opts.f
	client, err := f.ReadClient(ctx)
	if err != nil {
		return err
	}
	v, _, err := client.GetVersion(ctx, opts.Project, opts.Version)
	if err != nil {
		return err
	}
	if opts.Out.on() {
		return f.printJSON(ctx, opts.Out, versionOut(*v))
	}
	return f.printVersion(v)
}

func (f *Factory) printVersion(v *api.Version) error {
	w := f.IO.Out
	line := func(k, val string) { fmt.Fprintf(w, "%-14s %s\n", k+":", safe.PlainLine(clipCell(val))) }
	line("version", v.Version)
	line("name", v.Name)
	line("id", safe.PlainReveal(v.ID))
	line("channel", fmt.Sprintf("%s (%s)", v.Channel.Name, v.Channel.Slug))
	line("platforms", strings.Join(v.Platforms, ", "))
	line("game versions", strings.Join(v.MinecraftVersions, ", "))
	line("downloads", fmt.Sprint(v.Downloads))
	line("created", v.CreatedAt.Format(time.RFC3339))
	for _, file := range v.Files {
		desc := safe.PlainReveal(file.Name)
		if file.ExternalURL != "" {
			desc += " → " + safe.PlainReveal(file.ExternalURL)
		} else {
			desc += " (" + humanize.IBytes(uint64(max(file.Size, 0))) + ")"
		}
		if file.IsPrimary {
			desc += " [primary]"
		}
		line("file", desc)
	}
	for _, d := range v.Dependencies {
		kind, id := d.Target()
		desc := fmt.Sprintf("%s %s %s", d.Type, kind, safe.PlainReveal(id))
		if d.URL != "" {
			desc += " <" + safe.PlainReveal(d.URL) + ">"
		}
		line("dependency", desc)
	}
	if v.Changelog != "" {
		fmt.Fprintln(w)
		fmt.Fprintln(w, strings.TrimRight(safe.PlainText(v.Changelog), "\n"))
	}
	return nil
}
