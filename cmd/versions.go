package cmd

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/dustin/go-humanize"
	"github.com/spf13/cobra"

	"rdash/api"
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
	c.AddCommand(newVersionsListCmd(f), newVersionsGetCmd(f), newVersionsEditCmd(f),
		newVersionsDeleteCmd(f), newVersionsUndoCmd(f), newVersionsCreateCmd(f), newVersionsUpdateCmd(f),
		newVersionsDownloadCmd(f))
	return c
}

type versionsListFlags struct {
	channels, gameVersions []string
	search                 string
	page, pageSize         int
	all                    bool
	out                    *jsonOutput
}

func newVersionsListCmd(f *Factory) *cobra.Command {
	var fl versionsListFlags
	c := &cobra.Command{
		Use:   "list PROJECT",
		Short: "List a project's versions, one page at a time, in the server's order",
		Example: `  rdash versions list lumen
  rdash versions list emberforge-core --channel beta --channel alpha --game-version 1.21.4
  rdash versions list lumen --search fix --page 2 --page-size 50 --json
  rdash versions list lumen --all --json id,version,channel --jq '.items[] | select(.channel.slug == "beta") | .id'`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := fl.check(); err != nil {
				return &ExitError{Code: ExitCancel, Err: err}
			}
			client, err := f.ReadClient(cmd.Context())
			if err != nil {
				return err
			}
			vs, resp, err := fl.list(cmd.Context(), client, args[0])
			if err != nil {
				return err
			}
			if fl.out.on() {
				err = f.printJSON(cmd.Context(), fl.out, fl.page1(vs, resp))
			} else if len(vs) == 0 {
				// Piped or not, an empty table says nothing: say what it means.
				fmt.Fprintln(f.IO.ErrOut, fl.none(args[0]))
			} else {
				err = f.printVersions(vs, resp, fl.all)
			}
			if err == nil {
				err = fl.cut(resp)
			}
			return err
		},
	}
	fs := c.Flags()
	fs.StringArrayVar(&fl.channels, "channel", nil, "only versions in this channel (ID or slug); repeat for several")
	fs.StringArrayVar(&fl.gameVersions, "game-version", nil, "only versions for this game version; repeat for several")
	fs.StringVar(&fl.search, "search", "", "only versions whose version string or name contains this")
	fs.IntVar(&fl.page, "page", 1, "page number, from 1")
	fs.IntVar(&fl.pageSize, "page-size", 0, "versions per page (default: the server's)")
	fs.BoolVar(&fl.all, "all", false, "every page from --page on, not one (at most 1,000 pages; more is an error)")
	fl.out = addJSONFlags(c, listJSON[versionJSON]{})
	return c
}

// list reads the page asked for, or with --all every page from it on.
func (fl versionsListFlags) list(ctx context.Context, client *api.Client, project string) ([]api.Version, *api.Response, error) {
	opts := &api.ListVersionsOptions{Page: fl.page, PageSize: fl.pageSize,
		Channels: fl.channels, MinecraftVersions: fl.gameVersions, Search: fl.search}
	if fl.all {
		return client.ListAllVersions(ctx, project, opts)
	}
	return client.ListVersions(ctx, project, opts)
}

// cut is an error when --all stopped before the list's end: what was
// read is printed, and the exit code says it is not every page.
func (fl versionsListFlags) cut(resp *api.Response) error {
	if !fl.all || resp.NextPage == 0 {
		return nil
	}
	return fmt.Errorf("--all stopped after %s pages, the most it reads, before the list's end: "+
		"the versions printed are not all of them; the rest from --page %d --all", humanize.Comma(api.MaxPages), resp.NextPage)
}

// check refuses page flags the command would otherwise send as no page
// at all (0) or as a query the service refuses.
func (fl versionsListFlags) check() error {
	switch {
	case fl.page < 1:
		return fmt.Errorf("--page %d: pages are numbered from 1", fl.page)
	case fl.pageSize < 0:
		return fmt.Errorf("--page-size %d: must be a number of versions, or 0 for the server's default", fl.pageSize)
	}
	return nil
}

// page1 is the list's JSON: the versions from --page on, and resp, the
// answer for the last page read, says whether there are more.
func (fl versionsListFlags) page1(vs []api.Version, resp *api.Response) listJSON[versionJSON] {
	out := listJSON[versionJSON]{Items: versionsOut(vs), Page: &fl.page}
	if fl.pageSize > 0 {
		out.PageSize = &fl.pageSize
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
func (fl versionsListFlags) none(project string) string {
	project = safe.PlainLine(project)
	switch {
	case fl.page > 1:
		return fmt.Sprintf("no versions of %s on page %d", project, fl.page)
	case len(fl.channels)+len(fl.gameVersions) > 0 || fl.search != "":
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

func newVersionsGetCmd(f *Factory) *cobra.Command {
	var out *jsonOutput
	c := &cobra.Command{
		Use:   "get PROJECT VERSION",
		Short: "Show one version: metadata, files, dependencies and changelog",
		Long:  "Show one version. VERSION is the version's ID or its version string.",
		Example: `  rdash versions get lumen 2.4.0
  rdash versions get lumen EEeBM181 --json
  rdash versions get lumen 2.4.0 --jq '.files[] | select(.primary) | .sha256'`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			client, err := f.ReadClient(cmd.Context())
			if err != nil {
				return err
			}
			v, _, err := client.GetVersion(cmd.Context(), args[0], args[1])
			if err != nil {
				return err
			}
			if out.on() {
				return f.printJSON(cmd.Context(), out, versionOut(*v))
			}
			return f.printVersion(v)
		},
	}
	out = addJSONFlags(c, versionJSON{})
	return c
}

func (f *Factory) printVersion(v *api.Version) error {
	w := f.IO.Out
	line := func(k, val string) { fmt.Fprintf(w, "%-14s %s\n", k+":", safe.PlainLine(val)) }
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
