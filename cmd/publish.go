package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/dustin/go-humanize"
	"github.com/spf13/cobra"

	"rdash/api"
	"rdash/internal/safe"
)

type createFlags struct {
	req           api.CreateVersionRequest
	files, urls   []string
	primary       string
	changelog     string
	changelogFile string
	gameVersions  []string
	platforms     []string
	deps          []string
	dryRun, yes   bool
	out           *jsonOutput
	items         []fileItem
}

func newVersionsCreateCmd(f *Factory) *cobra.Command {
	var fl createFlags
	c := &cobra.Command{
		Use:   "create PROJECT --version V --name N --channel C (--file PATH | --url URL)…",
		Short: "Publish a new version from uploaded files and external URLs",
		Long: `Publish a new version. Files given with --file are uploaded, streamed from
disk; --url adds an external download. Files are sent uploads first, then
URLs, each in the order given; the first is the primary one unless
--primary names another (by file name or URL). Game versions, platforms
and dependencies not given default to the channel's. Every limit of the
service is checked before anything is sent, and so are the files (each
must be readable) and the channel (the project is asked for a version in
it; a channel with none cannot be checked, and a note says so). The
request is shown first;
on a terminal rdash then asks, and without one it sends nothing unless
--yes is given. --dry-run shows the request and sends nothing.

On a terminal the upload shows its progress on standard error. If it is
interrupted, the version may or may not exist on the server: check with
"rdash versions get PROJECT VERSION" before publishing again.`,
		Example: `  rdash versions create lumen --version 2.5.0 --name "Lumen 2.5.0" --channel beta \
      --file build/libs/lumen-2.5.0.jar --file build/libs/lumen-2.5.0-sources.jar \
      --url https://cdn.example.org/lumen-2.5.0-fabric.jar --primary lumen-2.5.0.jar \
      --changelog-file CHANGELOG.md --game-version 1.21.4 --dependency required:project:prjEmber --yes`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return f.runCreate(cmd, args[0], &fl)
		},
	}
	fs := c.Flags()
	fs.StringVar(&fl.req.Version, "version", "", "version string, at most 32 characters (required)")
	fs.StringVar(&fl.req.Name, "name", "", "display name, at most 64 characters (required)")
	fs.StringVar(&fl.req.Channel, "channel", "", "channel ID or slug (required)")
	fs.StringArrayVar(&fl.files, "file", nil, "a file to upload (its name at most 128 characters); repeat for several")
	fs.StringArrayVar(&fl.urls, "url", nil, "an external download URL (http or https, at most 256 characters); repeat for several")
	fs.StringVar(&fl.primary, "primary", "", "the primary file, by file name or URL (default: the first)")
	fs.StringVar(&fl.changelog, "changelog", "", "the changelog, Markdown")
	fs.StringVar(&fl.changelogFile, "changelog-file", "", "the changelog, a Markdown file or - for standard input")
	fs.StringSliceVar(&fl.gameVersions, "game-version", nil, "game versions (default: the channel's)")
	fs.StringSliceVar(&fl.platforms, "platform", nil, "platforms (default: the channel's)")
	fs.StringArrayVar(&fl.deps, "dependency", nil, "a dependency TYPE:KIND:TARGET (default: the channel's); repeat for several")
	fs.BoolVar(&fl.dryRun, "dry-run", false, "check and print the request, send nothing")
	addYesFlag(fs, &fl.yes)
	fl.out = addJSONFlags(c, createJSON{})
	c.MarkFlagsMutuallyExclusive("changelog", "changelog-file")
	return c
}

// runCreate checks everything it can before the upload, which is the
// expensive part: the request's limits, that every file can be read, and
// the channel, which the project is asked for; then it shows the request
// and asks.
func (f *Factory) runCreate(cmd *cobra.Command, project string, fl *createFlags) error {
	ctx := cmd.Context()
	if err := fl.build(cmd, f.IO.In); err != nil {
		return &ExitError{Code: ExitCancel, Err: err}
	}
	if err := fl.req.Validate(); err != nil {
		return err
	}
	client, err := f.clientFor(ctx, fl.dryRun)
	if err != nil {
		return err
	}
	if _, err := f.resolveChannel(ctx, client, project, fl.req.Channel, nil); err != nil {
		return err
	}
	if fl.dryRun {
		return f.printCreateDryRun(ctx, project, fl)
	}
	f.showPreview(fl.out, fl.yes, func(w io.Writer) { printCreatePlan(w, project, fl, false) })
	if err := f.confirm(fl.yes, fmt.Sprintf("Publish %s in %s as above?", safe.PlainLine(fl.req.Version), safe.PlainLine(project))); err != nil {
		return err
	}
	line := f.newUploadLine(fl.items)
	fl.req.Progress = line.set
	v, _, err := client.CreateVersion(ctx, project, &fl.req)
	line.end()
	if err != nil {
		return interruptedChange(cmd, err, "version "+fl.req.Version+" may or may not exist on the server now",
			project, fl.req.Version)
	}
	if fl.out.on() {
		out := fl.plan(project)
		out.Result = api.Ptr(versionOut(*v))
		return f.printJSON(ctx, fl.out, out)
	}
	fmt.Fprintf(f.IO.ErrOut, "published %s (%s) in %s\n", safe.PlainLine(v.Version), safe.PlainReveal(v.ID), safe.PlainLine(project))
	return nil
}

// build fills the request from the flags.
func (fl *createFlags) build(cmd *cobra.Command, stdin io.Reader) error {
	for _, p := range fl.files {
		it, err := localUpload(p)
		if err != nil {
			return err
		}
		fl.items = append(fl.items, it)
	}
	for _, u := range fl.urls {
		fl.items = append(fl.items, fileItem{Name: u})
	}
	items, err := makePrimary(fl.items, fl.primary, nil)
	if err != nil {
		return err
	}
	fl.items = items
	fl.req.Files, fl.req.Uploads = requestFiles(fl.items)
	fl.req.Changelog = fl.changelog
	if fl.changelogFile != "" {
		b, err := readFileOrStdin(fl.changelogFile, stdin)
		if err != nil {
			return fmt.Errorf("--changelog-file: %w", err)
		}
		fl.req.Changelog = string(b)
	}
	if cmd.Flags().Changed("game-version") {
		fl.req.MinecraftVersions = nonNilSlice(fl.gameVersions)
	}
	if cmd.Flags().Changed("platform") {
		fl.req.Platforms = nonNilSlice(fl.platforms)
	}
	if len(fl.deps) > 0 {
		deps, err := parseDeps("--dependency", fl.deps)
		if err != nil {
			return err
		}
		fl.req.Dependencies = deps
	}
	return nil
}

// createJSON is what versions create prints: the version it publishes
// (with --dry-run, would publish) and, once published, the version as the
// server made it. A list that is null takes the channel's defaults.
type createJSON struct {
	Project      string           `json:"project"`
	DryRun       bool             `json:"dry_run"`
	Version      string           `json:"version"`
	Name         string           `json:"name"`
	Channel      string           `json:"channel"`
	Changelog    string           `json:"changelog"`
	GameVersions []string         `json:"game_versions"`
	Platforms    []string         `json:"platforms"`
	Dependencies []dependencyJSON `json:"dependencies"`
	Files        []fileItemJSON   `json:"files"`
	// Result is the version published; null on a dry run.
	Result *versionJSON `json:"result"`
}

func (fl *createFlags) plan(project string) createJSON {
	r := fl.req
	out := createJSON{Project: project, DryRun: fl.dryRun, Version: r.Version, Name: r.Name, Channel: r.Channel,
		Changelog: r.Changelog, GameVersions: r.MinecraftVersions, Platforms: r.Platforms, Files: fileItemsOut(fl.items)}
	if r.Dependencies != nil {
		out.Dependencies = dependenciesOut(r.Dependencies)
	}
	return out
}

func (f *Factory) printCreateDryRun(ctx context.Context, project string, fl *createFlags) error {
	if fl.out.on() {
		return f.printJSON(ctx, fl.out, fl.plan(project))
	}
	buffered(f.IO.Out, func(w io.Writer) { printCreatePlan(w, project, fl, true) })
	return nil
}

// printCreatePlan shows the version a create publishes and its files;
// dryRun says that is all that happens.
func printCreatePlan(w io.Writer, project string, fl *createFlags, dryRun bool) {
	r := fl.req
	line := func(k, v string) { fmt.Fprintf(w, "%-14s %s\n", k+":", safe.PlainLine(v)) }
	verb := "will publish"
	if dryRun {
		verb = "would publish"
	}
	fmt.Fprintf(w, "%s in %s:\n", verb, safe.PlainLine(project))
	line("version", r.Version)
	line("name", r.Name)
	line("channel", r.Channel)
	line("game versions", orChannel(r.MinecraftVersions))
	line("platforms", orChannel(r.Platforms))
	deps := "(the channel's)"
	if r.Dependencies != nil {
		deps = depsText(r.Dependencies)
	}
	line("dependencies", deps)
	line("changelog", count(len([]rune(r.Changelog)), "character"))
	for i, it := range fl.items {
		line("file", fileItemText(it, i == 0))
	}
	n, uploads := uploadTotal(fl.items)
	tail := ""
	if dryRun {
		tail = "; nothing sent (--dry-run)"
	}
	fmt.Fprintf(w, "%s, %d uploaded (%s)%s\n", count(len(fl.items), "file"), uploads, humanize.IBytes(uint64(n)), tail)
}

func orChannel(list []string) string {
	if list == nil {
		return "(the channel's)"
	}
	return "[" + strings.Join(list, ", ") + "]"
}

func depsText(deps []api.Dependency) string {
	parts := make([]string, 0, len(deps))
	for _, d := range deps {
		kind, id := d.Target()
		parts = append(parts, d.Type+" "+kind+" "+id)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

func fileItemText(it fileItem, primary bool) string {
	s := it.Name
	if it.upload() {
		s += " (upload of " + it.Path + ", " + humanize.IBytes(uint64(it.Size)) + ")"
	} else if strings.Contains(it.Name, "://") {
		s += " (external)"
	}
	if it.Action != "" {
		s = it.Action + " " + s
	}
	if primary {
		s += " [primary]"
	}
	return s
}

// newUploadLine is the progress line of a request's uploads, or nil
// when there is nothing to upload or no terminal.
func (f *Factory) newUploadLine(items []fileItem) *transferLine {
	n, uploads := uploadTotal(items)
	if uploads == 0 {
		return nil
	}
	return f.newTransferLine(fmt.Sprintf("uploading %s (%s)", count(uploads, "file"), humanize.IBytes(uint64(n))))
}

// interruptedChange explains a create or update that failed after its
// request may have reached the server: interrupted (Ctrl+C) or cut off.
// It tells what may exist and how to check, instead of a bare "cancelled".
func interruptedChange(cmd *cobra.Command, err error, what, project, version string) error {
	check := fmt.Sprintf("check with: rdash versions get %s %s", project, version)
	switch {
	case cmd.Context().Err() != nil && errors.Is(err, context.Canceled):
		// Not wrapped: Main would print a bare "cancelled".
		return &ExitError{Code: ExitCancel, Err: fmt.Errorf("interrupted during the upload: %s; %s", what, check)}
	case errors.Is(err, api.ErrMaybeApplied):
		return fmt.Errorf("%w; %s", err, check)
	}
	return err
}
