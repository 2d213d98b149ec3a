package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/dustin/go-humanize"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"rdash/api"
	"rdash/internal/artifact"
	"rdash/internal/bulk"
	"rdash/internal/explain"
	"rdash/internal/safe"
)

// createOptions are versions create's: PROJECT and the files after
// --from (args), the request's values as given, the files, and what
// --from read (prop, once read).
type createOptions struct {
	f             *Factory
	args          []string
	req           api.CreateVersionRequest
	files, urls   []string
	from          *fromFlag
	primary       string
	changelog     string
	changelogFile string
	gameVersions  []string
	platforms     []string
	deps          []string
	dryRun, yes   bool
	out           *jsonOutput
	items         []fileItem
	// changelogDoc is --changelog-file as read; changelogSet says
	// --changelog was given, and changelogSource where the changelog of
	// a create without --from came from.
	changelogDoc    *artifact.Document
	changelogSet    bool
	changelogSource string
	// prop is what --from read; nil without it.
	prop *artifact.Proposal
}

// createFlags name the version POST's fields by versions create's flags.
var createFlags = explain.Flags{"version": "--version", "name": "--name", "channel": "--channel", "changelog": "--changelog",
	"minecraft_versions": "--game-version", "platforms": "--platform", "dependencies": "--dependency", "files": "--file or --url"}

func newVersionsCreateCmd(f *Factory, runF func(context.Context, *createOptions) error) *cobra.Command {
	fl := &createOptions{f: f}
	c := &cobra.Command{
		Use:   "create PROJECT (--from FILE… | --version V --name N --channel C (--file PATH | --url URL)…)",
		Short: "Publish a new version from a build's files, or from uploaded files and external URLs",
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
--yes is given. --dry-run shows the request and sends nothing; it needs
a sign-in as the real run does, and, like it, refuses a version string
the project already has.

--from FILE… reads what a build's jars and zips say about themselves
(plugin.yml, paper-plugin.yml, bungee.yml, velocity-plugin.json,
fabric.mod.json, quilt.mod.json, META-INF/mods.toml, neoforge.mods.toml,
pack.mcmeta) and fills every value the flags leave out: version, name,
game versions (ranges resolved against the releases rdash knows and the
game versions of a page of the project's versions), platforms and
dependencies (names mapped to project IDs by rdash.yml in the working
directory: "dependencies: {ProtocolLib: prj12345}"). A release goes to
the project's default channel; a pre-release (-alpha, -beta, -rc, -pre,
-snapshot, -SNAPSHOT, -dev) to the project's channel closest to its
stability among those less stable than a release, judged by their slugs
and names, and never to a release channel unasked: with no such channel
rdash asks at a terminal, and otherwise wants --channel. Flags always
win. --from takes several files and shell patterns (expanded by rdash
too, when the shell passes them as typed); PROJECT comes first. The
primary file is the first jar that is not -sources, -dev or -javadoc;
the others are uploaded as further files. The preview says where each
value came from, what could not be read, and what the server fills when
a value is left out (the channel's defaults). --changelog-file takes the
section of this version ("## [2.7.0]") from a Keep a Changelog file, else
the whole file.

With --from a re-run is safe: when the project already has the version
string with the same files (name, size, checksum, primary), rdash says it
is already published, sends nothing and exits 0 (--json: already_published
is true, result the version); with other files it exits 1 saying what
differs. docs/ci.md runs it from GitHub Actions and GitLab CI.

On a terminal the upload shows its progress on standard error. If it is
interrupted, the version may or may not exist on the server: check with
"rdash versions get PROJECT VERSION" before publishing again.`,
		Example: `  rdash versions create lumen --from build/libs/*.jar --changelog-file CHANGELOG.md --dry-run
  rdash versions create lumen --from build/libs/*.jar --changelog-file CHANGELOG.md --yes --json --jq .result.id
  rdash versions create lumen --version 2.5.0 --name "Lumen 2.5.0" --channel beta \
      --file build/libs/lumen-2.5.0.jar --file build/libs/lumen-2.5.0-sources.jar \
      --url https://cdn.example.org/lumen-2.5.0-fabric.jar --primary lumen-2.5.0.jar \
      --changelog-file CHANGELOG.md --game-version 1.21.4 --dependency required:project:prjEmber --yes`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			fs := cmd.Flags()
			fl.args, fl.changelogSet = args, fs.Changed("changelog")
			fl.gameVersions, fl.platforms = givenList(fs, "game-version", fl.gameVersions), givenList(fs, "platform", fl.platforms)
			if err := fl.check(fs); err != nil {
				return err
			}
			w := refusalWords{command: cmd.CommandPath(), flags: createFlags, notFound: noProject(args[0])}
			return worded(w, runWith(cmd.Context(), fl, runF, createRun))
		},
	}
	fs := c.Flags()
	fl.from = &fromFlag{fs: fs}
	fs.Var(fl.from, "from", "read the values not given from these jars or zips (FILE…: paths and patterns), and upload them")
	fs.StringVar(&fl.req.Version, "version", "", "version string, at most 32 characters (required unless --from reads it)")
	fs.StringVar(&fl.req.Name, "name", "", "display name, at most 64 characters (required unless --from reads it)")
	fs.StringVar(&fl.req.Channel, "channel", "", "channel ID or slug (required unless --from)")
	fs.StringArrayVar(&fl.files, "file", nil, "a file to upload (its name at most 128 characters); repeat for several")
	fs.StringArrayVar(&fl.urls, "url", nil, "an external download URL (http or https, at most 256 characters); repeat for several")
	fs.StringVar(&fl.primary, "primary", "", "the primary file, by file name or URL (default: the first; with --from, the first jar not -sources, -dev or -javadoc)")
	fs.StringVar(&fl.changelog, "changelog", "", "the changelog, Markdown")
	fs.StringVar(&fl.changelogFile, "changelog-file", "", "the changelog, a Markdown file or - for standard input: this version's section of a Keep a Changelog file, else the whole file")
	fs.StringSliceVar(&fl.gameVersions, "game-version", nil, "game versions (default: the channel's)")
	fs.StringSliceVar(&fl.platforms, "platform", nil, "platforms (default: the channel's)")
	fs.StringArrayVar(&fl.deps, "dependency", nil, "a dependency TYPE:KIND:TARGET (default: the channel's); repeat for several")
	fs.BoolVar(&fl.dryRun, "dry-run", false, "check and print the request, send nothing")
	addYesFlag(fs, &fl.yes)
	fl.out = addJSONFlags(c, createJSON{})
	c.MarkFlagsMutuallyExclusive("changelog", "changelog-file")
	return c
}

// check refuses a blank value given (a version string, name or channel
// of spaces would only be refused by the server, after the upload), and
// counts a value given twice once.
func (fl *createOptions) check(fs *pflag.FlagSet) error {
	var c flagChecks
	c.arg("PROJECT", fl.args[0])
	c.blank("--version", given(fs, "version", fl.req.Version))
	c.blank("--name", given(fs, "name", fl.req.Name))
	c.blank("--channel", given(fs, "channel", fl.req.Channel))
	fl.gameVersions, fl.platforms = c.list("--game-version", fl.gameVersions), c.list("--platform", fl.platforms)
	return c.done(fl.f)
}

// createRun checks everything it can before the upload, which is the
// expensive part: the request's limits, that every file can be read, and
// the channel, which the project is asked for; with --from, what the
// files say and whether the version is already published. Then it shows
// the request and asks.
func createRun(ctx context.Context, fl *createOptions) error {
	f, project := fl.f, fl.args[0]
	if err := fl.build(f.IO.In); err != nil {
		return &ExitError{Code: ExitCancel, Err: err}
	}
	if !fl.from.given() {
		if _, err := fl.from.paths(fl.args); err != nil {
			return &usageError{err: err}
		}
		if err := fl.finish(); err != nil {
			return err
		}
	}
	// Signed in, dry run or not: a dry run that passes where the real run
	// would be refused for want of a sign-in checks nothing.
	client, err := f.APIClient(ctx)
	if err != nil {
		return err
	}
	var seen []api.Version
	if fl.from.given() {
		if seen, err = f.fillFrom(ctx, client, fl); err != nil {
			return err
		}
		if err := fl.finish(); err != nil {
			return err
		}
	}
	if _, err := f.resolveChannel(ctx, client, project, fl.req.Channel, seen); err != nil {
		return err
	}
	v, err := f.findPublished(ctx, client, project, fl.req.Version)
	switch {
	case err != nil:
		return err
	case v != nil && !fl.from.given():
		return versionTaken(project, v)
	case v != nil:
		if err := comparePublished(project, fl.items, v); err != nil {
			return err
		}
		return f.alreadyPublished(ctx, project, fl, v)
	}
	return f.sendCreate(ctx, project, fl, client)
}

// versionTaken refuses a version string the project already has, before
// the upload: the server takes one once. (With --from, a re-run of the
// same files is already published instead: comparePublished.)
func versionTaken(project string, v *api.Version) error {
	return fmt.Errorf("--version %s: %s already has this version (%s), and the server takes a version string once: "+
		"give another --version; nothing was sent", safe.PlainLine(v.Version), safe.PlainLine(clip(project)), safe.PlainReveal(v.ID))
}

// sendCreate shows the request, asks, and publishes; a dry run stops
// after showing it.
func (f *Factory) sendCreate(ctx context.Context, project string, fl *createOptions, client *api.Client) error {
	if fl.out.on() && (fl.yes || fl.dryRun) {
		f.warnProposal(fl.prop)
	}
	if fl.dryRun {
		return f.printCreateDryRun(ctx, project, fl)
	}
	f.showPreview(fl.out, fl.yes, func(w io.Writer) { printCreatePlan(w, project, fl, false) })
	if err := f.confirm(ctx, fl.yes, fmt.Sprintf("Publish %s in %s as above?", safe.PlainLine(fl.req.Version), safe.PlainLine(clip(project)))); err != nil {
		return err
	}
	line := f.newUploadLine(fl.items)
	fl.req.Progress = line.set
	v, _, err := client.CreateVersion(ctx, project, &fl.req)
	line.end()
	v, err = bulk.Created(ctx, client, project, &fl.req, v, err)
	if err != nil {
		return interruptedChange(ctx, err, "version "+fl.req.Version+" may or may not exist on the server now",
			project, fl.req.Version)
	}
	v, differences := f.checkCreated(ctx, client, project, fl, v)
	if fl.out.on() {
		out := fl.plan(project)
		out.Result, out.Differences = api.Ptr(versionOut(*v)), differences
		out.ServerFilled = serverFilled(&fl.req, v)
		return f.printJSON(ctx, fl.out, out)
	}
	fmt.Fprintf(f.IO.ErrOut, "published %s (%s) in %s\n", safe.PlainLine(v.Version), safe.PlainReveal(v.ID), safe.PlainLine(clip(project)))
	printServerFilled(f.IO.ErrOut, &fl.req, v)
	printDifferences(f.IO.ErrOut, differences)
	return nil
}

// build reads the flags: the request's values, the --file and --url
// items, the changelog file.
func (fl *createOptions) build(stdin io.Reader) error {
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
	fl.req.Changelog = fl.changelog
	if fl.changelogFile != "" {
		b, err := readFileOrStdin(fl.changelogFile, stdin)
		if err != nil {
			return fmt.Errorf("--changelog-file: %w", err)
		}
		name := fl.changelogFile
		if name == "-" {
			name = "standard input"
		}
		fl.changelogDoc = &artifact.Document{Name: name, Text: string(b)}
	}
	fl.req.MinecraftVersions, fl.req.Platforms = fl.gameVersions, fl.platforms
	if len(fl.deps) > 0 {
		deps, err := parseDeps("--dependency", fl.deps)
		if err != nil {
			return err
		}
		fl.req.Dependencies = deps
	}
	return nil
}

// finish completes the request once every value is known: the changelog
// file's section, the values required, the primary file and the files'
// list, and the service's limits.
func (fl *createOptions) finish() error {
	if err := fl.takeChangelog(); err != nil {
		return &ExitError{Code: ExitCancel, Err: err}
	}
	if err := fl.requireRead(); err != nil {
		return &ExitError{Code: ExitCancel, Err: err}
	}
	items, err := makePrimary(fl.items, fl.primary, nil)
	if err != nil {
		return &ExitError{Code: ExitCancel, Err: err}
	}
	fl.items = items
	fl.req.Files, fl.req.Uploads = requestFiles(fl.items)
	return fl.req.Validate()
}

// requireRead says which required value neither a flag nor --from gave,
// and why the files did not.
func (fl *createOptions) requireRead() error {
	if fl.prop == nil {
		return nil
	}
	for _, r := range []struct{ flag, field, value string }{
		{"--version", "version", fl.req.Version}, {"--name", "name", fl.req.Name}, {"--channel", "channel", fl.req.Channel},
	} {
		if r.value != "" {
			continue
		}
		var why []string
		for _, g := range fl.prop.Unread {
			if g.Field == r.field {
				why = append(why, g.Reason)
			}
		}
		return fmt.Errorf("%s: not given, and not read from the files (%s); give %s", r.flag, strings.Join(why, "; "), r.flag)
	}
	return nil
}

func (f *Factory) printCreateDryRun(ctx context.Context, project string, fl *createOptions) error {
	if fl.out.on() {
		return f.printJSON(ctx, fl.out, fl.plan(project))
	}
	buffered(f.IO.Out, func(w io.Writer) { printCreatePlan(w, project, fl, true) })
	return nil
}

func depsText(deps []api.Dependency) string {
	parts := make([]string, 0, len(deps))
	for _, d := range deps {
		parts = append(parts, depText(d))
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// depText is one dependency: "required project prjEmber".
func depText(d api.Dependency) string {
	kind, id := d.Target()
	return d.Type + " " + kind + " " + id
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
// request may have reached the server: interrupted (Ctrl+C, which ends
// ctx) or cut off. It tells what may exist and how to check, instead of a
// bare "cancelled".
func interruptedChange(ctx context.Context, err error, what, project, version string) error {
	check := fmt.Sprintf("check with: rdash versions get %s %s", project, version)
	switch {
	case ctx.Err() != nil && errors.Is(err, context.Canceled):
		// Not wrapped: Main would print a bare "cancelled".
		return &ExitError{Code: ExitCancel, Err: fmt.Errorf("interrupted during the upload: %s; %s", what, check)}
	case errors.Is(err, api.ErrMaybeApplied):
		return fmt.Errorf("%w; %s", err, check)
	}
	return err
}
