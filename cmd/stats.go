package cmd

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/dustin/go-humanize"
	"github.com/spf13/cobra"

	"rdash/api"
	"rdash/internal/safe"
	"rdash/internal/stats"
	"rdash/ui/common"
)

// statsOptions is what rdash stats runs with, filled by its flags.
type statsOptions struct {
	f *Factory

	Project                string
	By                     stats.By
	Channels, GameVersions []string
	Search                 string
	Out                    *jsonOutput
}

func newStatsCmd(f *Factory, runF func(context.Context, *statsOptions) error) *cobra.Command {
	opts := &statsOptions{f: f, By: stats.GameVersion}
	c := &cobra.Command{
		Use:   "stats PROJECT",
		Short: "Where a project's downloads are: by game version, channel, platform, version or month",
		Long: `Count a project's versions and their downloads, grouped by game version (the
default), channel, platform, version or month of publication, over every
version the filters list: every page is read, as versions list --all reads
them. The dashboard's stats screen (i on the versions list) counts the same
way.

A version listing several game versions (or platforms) counts in each: the
downloads of versions that support 1.21.4 are 1.21.4's, so those rows can add
up to more than the total. A month is the UTC month a version was published in,
and its downloads are those versions' downloads to date.`,
		Example: `  rdash stats lumen
  rdash stats emberforge-core --by channel --game-version 1.21.4
  rdash stats lumen --by month --json
  rdash stats lumen --by platform --jq '.groups[] | select(.downloads > 100000) | .key'`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Project = args[0]
			return runWith(cmd.Context(), opts, runF, statsRun)
		},
	}
	fs := c.Flags()
	fs.Var(byValue{&opts.By}, "by", "group by: game-version, channel, platform, version or month")
	fs.StringArrayVar(&opts.Channels, "channel", nil, "only versions in this channel (ID or slug); repeat for several")
	fs.StringArrayVar(&opts.GameVersions, "game-version", nil, "only versions for this game version; repeat for several")
	fs.StringVar(&opts.Search, "search", "", "only versions whose version string or name contains this")
	_ = c.RegisterFlagCompletionFunc("by", func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
		var out []cobra.Completion
		for _, b := range stats.All {
			out = append(out, cobra.Completion(b))
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	})
	opts.Out = addJSONFlags(c, statsJSON{})
	return c
}

// byValue is --by's value, checked as it is parsed: a grouping rdash
// does not know is a usage error.
type byValue struct{ by *stats.By }

func (v byValue) String() string { return string(*v.by) }
func (v byValue) Type() string   { return "grouping" }

func (v byValue) Set(s string) error {
	b, err := stats.Parse(s)
	if err == nil {
		*v.by = b
	}
	return err
}

// statsRun reads every version the filters list, counts them and prints
// the groups of opts.By. A list cut at the most pages rdash reads is
// printed, counted as far as it was read, and ends in an error.
func statsRun(ctx context.Context, opts *statsOptions) error {
	f := opts.f
	client, err := f.ReadClient(ctx)
	if err != nil {
		return err
	}
	vs, resp, err := client.ListAllVersions(ctx, opts.Project, &api.ListVersionsOptions{
		Channels: opts.Channels, MinecraftVersions: opts.GameVersions, Search: opts.Search})
	if err != nil {
		return err
	}
	counts := stats.Count(vs)
	complete := resp.NextPage == 0
	switch {
	case opts.Out.on():
		err = f.printJSON(ctx, opts.Out, statsOut(opts, counts, complete))
	case counts.Versions == 0:
		fmt.Fprintln(f.IO.ErrOut, statsNone(opts))
	default:
		err = printStats(opts, counts)
	}
	if err == nil && !complete {
		err = fmt.Errorf("stats stopped after %s pages, the most rdash reads, before the list's end: "+
			"the counts cover the %s versions read, not all of them", humanize.Comma(api.MaxPages), humanize.Comma(int64(len(vs))))
	}
	return err
}

// statsNone says that nothing was counted, and why it may be.
func statsNone(opts *statsOptions) string {
	project := safe.PlainLine(opts.Project)
	if len(opts.Channels)+len(opts.GameVersions) > 0 || opts.Search != "" {
		return fmt.Sprintf("no versions of %s match: nothing to count", project)
	}
	return project + " has no versions: nothing to count"
}

// statsHeaders are the first column's heading, by grouping.
var statsHeaders = map[stats.By]string{stats.GameVersion: "GAME VERSION", stats.Channel: "CHANNEL",
	stats.Platform: "PLATFORM", stats.Version: "VERSION", stats.Month: "MONTH"}

// printStats prints the groups as a table: aligned, with grouped
// numbers, the totals and the counting rule on a terminal; tab-separated
// plain numbers in a pipe.
func printStats(opts *statsOptions, c *stats.Counts) error {
	tty := opts.f.IO.OutTTY
	num := func(n int64) string {
		if tty {
			return common.Count(n)
		}
		return fmt.Sprint(n)
	}
	t := &table{tty: tty}
	for _, g := range c.Groups(opts.By) {
		t.add(g.Label, num(int64(g.Versions)), num(g.Downloads))
	}
	if err := t.write(opts.f.IO.Out, statsHeaders[opts.By], "VERSIONS", "DOWNLOADS"); err != nil {
		return err
	}
	if tty {
		statsSummary(opts.f.IO.ErrOut, opts, c)
	}
	return nil
}

// statsSummary says, under the table, what it counts and how.
func statsSummary(w io.Writer, opts *statsOptions, c *stats.Counts) {
	fmt.Fprintf(w, "%s: %s, %s", safe.PlainLine(opts.Project), common.Plural(c.Versions, "version"), common.Plural(c.Downloads, "download"))
	var filters []string
	if len(opts.Channels) > 0 {
		filters = append(filters, "channel "+strings.Join(opts.Channels, ", "))
	}
	if len(opts.GameVersions) > 0 {
		filters = append(filters, "game version "+strings.Join(opts.GameVersions, ", "))
	}
	if opts.Search != "" {
		filters = append(filters, "search "+fmt.Sprintf("%q", opts.Search))
	}
	if len(filters) > 0 {
		fmt.Fprint(w, " (", safe.PlainLine(strings.Join(filters, "; ")), ")")
	}
	fmt.Fprintln(w)
	if !opts.By.Overlaps() {
		return
	}
	var sum int64
	for _, g := range c.Groups(opts.By) {
		sum += g.Downloads
	}
	what := strings.ReplaceAll(string(opts.By), "-", " ")
	if sum > c.Downloads {
		fmt.Fprintf(w, "a version listing several %ss counts in each, so the rows add up to more than the total\n", what)
	} else {
		fmt.Fprintf(w, "a version listing several %ss would count in each; none here does, so the rows add up to the total\n", what)
	}
}
