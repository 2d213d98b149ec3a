package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"rdash/api"
	"rdash/internal/bulk"
	"rdash/internal/explain"
	"rdash/internal/safe"
	"rdash/internal/verify"
)

// updateOptions are versions update's: the version, and each change. A
// field not given is nil; a list given empty (--platform "") is [].
type updateOptions struct {
	f                             *Factory
	Project, Ref                  string // Ref: the version's ID or version string
	Version, Name, Channel        *string
	Changelog                     *string
	ChangelogFile                 string
	GameVersions, Platforms, Deps []string
	Files, URLs, Remove           []string
	Primary                       string
	DryRun, Yes                   bool
	Out                           *jsonOutput
}

// updateFlags name the version PATCH's fields by versions update's flags:
// the files' items come from --file and --url, and a list with none is
// --remove-file's doing.
var updateFlags = explain.Flags{"version": "--version", "name": "--name", "channel": "--channel", "changelog": "--changelog",
	"minecraft_versions": "--game-version", "platforms": "--platform", "dependencies": "--dependency",
	"files": "--remove-file", "files[]": "--file or --url"}

func newVersionsUpdateCmd(f *Factory, runF func(context.Context, *updateOptions) error) *cobra.Command {
	opts := &updateOptions{f: f}
	var version, name, channel, changelog string
	var gameVersions, platforms, deps []string
	c := &cobra.Command{
		Use:   "update PROJECT VERSION [fields] [--file PATH]... [--url URL]... [--remove-file NAME]... [--primary NAME]",
		Short: "Change one version: its fields and its files",
		Long: `Change one version (VERSION is its ID or version string): any field, and its
files. --file uploads a file, replacing the version's file of the same
name or adding it; --url adds an external file; --remove-file removes a
file by name, URL or ID; --primary makes a file (kept, added or
uploaded) the primary one. Lists given (--game-version, --platform,
--dependency) replace the version's.

The plan comes first: each field before and after, the files added,
replaced, removed and kept, and what an undo cannot restore. On a terminal
rdash then asks; without one it sends nothing unless --yes is given.
--dry-run prints the plan and sends nothing. Every limit of the service is
checked before anything is sent.

A value the version has already is not sent; with nothing to change,
nothing is sent and the command says so.

A change of channel, name, changelog, game versions, platforms or
dependencies only is journaled like a bulk edit and "rdash versions undo"
reverts it; a change of the version string or of files is not undoable
(an undo cannot upload the old files again), and the command says so.

The server's answer is checked against the plan, and any difference is
said: a file it kept that the update removes, another file made primary.
The interface leaves open how a server reads the file list; where the
answer shows another reading, rdash says which and, on a terminal,
offers the follow-up that gets what you asked for.`,
		Example: `  rdash versions update lumen 2.4.0 --name "Lumen 2.4.0 (hotfix)" --dry-run
  rdash versions update lumen 2.4.0 --file build/libs/lumen-2.4.0.jar --remove-file lumen-2.4.0-sources.jar --yes
  rdash versions update lumen 2.4.0 --url https://cdn.example.org/lumen-2.4.0-fabric.jar --primary lumen-2.4.0.jar --json`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			fs := cmd.Flags()
			opts.Project, opts.Ref = args[0], args[1]
			opts.Version, opts.Name = given(fs, "version", version), given(fs, "name", name)
			opts.Channel, opts.Changelog = given(fs, "channel", channel), given(fs, "changelog", changelog)
			opts.GameVersions, opts.Platforms = givenList(fs, "game-version", gameVersions), givenList(fs, "platform", platforms)
			opts.Deps = givenList(fs, "dependency", deps)
			if err := opts.check(); err != nil {
				return err
			}
			w := refusalWords{command: cmd.CommandPath(), flags: updateFlags, notFound: noVersion(opts.Project, opts.Ref)}
			return worded(w, runWith(cmd.Context(), opts, runF, updateRun))
		},
	}
	fs := c.Flags()
	fs.StringVar(&version, "version", "", "new version string, at most 32 characters")
	fs.StringVar(&name, "name", "", "new display name, at most 64 characters")
	fs.StringVar(&channel, "channel", "", "new channel, ID or slug")
	fs.StringVar(&changelog, "changelog", "", "new changelog, Markdown")
	fs.StringVar(&opts.ChangelogFile, "changelog-file", "", "new changelog from a Markdown file, or - for standard input")
	fs.StringSliceVar(&gameVersions, "game-version", nil, "replace the game versions")
	fs.StringSliceVar(&platforms, "platform", nil, "replace the platforms")
	fs.StringArrayVar(&deps, "dependency", nil, "replace the dependencies: TYPE:KIND:TARGET; repeat for several")
	fs.StringArrayVar(&opts.Files, "file", nil, "upload a file, replacing the one of the same name or adding it; repeat for several")
	fs.StringArrayVar(&opts.URLs, "url", nil, "add an external file URL; repeat for several")
	fs.StringArrayVar(&opts.Remove, "remove-file", nil, "remove a file, by name, URL or ID; repeat for several")
	fs.StringVar(&opts.Primary, "primary", "", "make this file primary, by name, URL or ID")
	fs.BoolVar(&opts.DryRun, "dry-run", false, "print what would change, send nothing")
	addYesFlag(fs, &opts.Yes)
	opts.Out = addJSONFlags(c, updateJSON{})
	c.MarkFlagsMutuallyExclusive("changelog", "changelog-file")
	return c
}

// check refuses blank values, and counts a value given twice once.
func (o *updateOptions) check() error {
	var c flagChecks
	c.arg("PROJECT", o.Project)
	c.arg("VERSION", o.Ref)
	c.blank("--version", o.Version)
	c.blank("--name", o.Name)
	c.blank("--channel", o.Channel)
	o.GameVersions, o.Platforms = c.list("--game-version", o.GameVersions), c.list("--platform", o.Platforms)
	return c.done(o.f)
}

// updatePlan is one version's change: the edit (its request), and what
// it does.
type updatePlan struct {
	Project   string
	ID        string
	Version   string
	Changes   []bulk.FieldChange
	Files     []fileItem // the file list afterwards, the first primary
	Removed   []string
	s         bulk.Single // the edit sent; s.Request is the request
	before    api.Version
	after     api.Version // expected metadata
	fileCheck []fileItem
}

// updateJSON is what versions update prints: the change planned and,
// once sent, the version as the server has it.
type updateJSON struct {
	Project string       `json:"project"`
	ID      string       `json:"id"`
	Version string       `json:"version"` // the version string before the change
	DryRun  bool         `json:"dry_run"`
	Changes []changeJSON `json:"changes"`
	// Files is the file list afterwards, the first primary; null when the
	// files do not change.
	Files    []fileItemJSON `json:"files"`
	Removed  []string       `json:"removed"`
	Undoable bool           `json:"undoable"`
	// Result is the version updated, as the server holds it; null when
	// nothing was sent (a dry run, or nothing to change).
	Result *versionJSON `json:"result"`
	// Differences say how the version the server holds differs from the
	// plan; FollowUp is the follow-up rdash offers when the server read
	// the files otherwise (null when none).
	Differences []string      `json:"differences"`
	FollowUp    *followUpJSON `json:"follow_up"`
}

func (p *updatePlan) out(dryRun bool, res *bulk.SingleResult) updateJSON {
	out := updateJSON{Project: p.Project, ID: p.ID, Version: p.Version, DryRun: dryRun,
		Changes: changesOut(p.Changes, p.before, p.after), Removed: nonNilSlice(p.Removed), Undoable: p.s.Undoable(),
		Differences: []string{}}
	if p.s.Request.Files != nil {
		out.Files = fileItemsOut(p.Files)
	}
	if res != nil && res.Version != nil {
		out.Result = api.Ptr(versionOut(*res.Version))
		out.Differences = nonNilSlice(verify.Texts(res.Differences))
		out.FollowUp = followUpOut(p.s.FollowUp(res))
	}
	return out
}

// updateRun plans the change, shows it and, once asked, sends it.
func updateRun(ctx context.Context, o *updateOptions) error {
	f := o.f
	client, err := f.APIClient(ctx) // dry run or not: see createRun
	if err != nil {
		return err
	}
	p, err := f.checkedUpdate(ctx, client, o)
	if err != nil {
		return err
	}
	if p.s.Empty() {
		return f.nothingToChange(ctx, p, o)
	}
	if o.DryRun {
		if o.Out.on() {
			return f.printJSON(ctx, o.Out, p.out(true, nil))
		}
		buffered(f.IO.Out, func(w io.Writer) { printUpdatePlan(w, p, true) })
		return nil
	}
	f.showPreview(o.Out, o.Yes, func(w io.Writer) { printUpdatePlan(w, p, false) })
	if err := f.confirm(ctx, o.Yes, fmt.Sprintf("Update %s %s as above?", safe.PlainLine(clip(o.Project)), safe.PlainLine(p.Version))); err != nil {
		return err
	}
	return f.sendUpdate(ctx, client, p, o.Out)
}

// checkedUpdate reads the version, plans the change from the flags and
// checks everything that can be checked before sending: the channel
// against the project, the interface's limits, the files.
func (f *Factory) checkedUpdate(ctx context.Context, client *api.Client, o *updateOptions) (*updatePlan, error) {
	cur, _, err := client.GetVersion(ctx, o.Project, o.Ref)
	if err != nil {
		return nil, err
	}
	p, err := planUpdate(o, cur, f.IO.In)
	if err != nil {
		var ve *api.ValidationError
		if errors.As(err, &ve) {
			return nil, err
		}
		return nil, &ExitError{Code: ExitCancel, Err: err}
	}
	if o.Channel != nil {
		ch, err := f.resolveChannel(ctx, client, o.Project, *o.Channel, []api.Version{*cur})
		if err != nil {
			return nil, err
		}
		p.after.Channel = ch
		p.s.Request.Channel, p.s.Channels = api.Ptr(ch.ID), []api.Channel{ch}
	}
	if err := p.s.Request.Validate(); err != nil {
		return nil, err
	}
	p.dropUnchanged()
	return p, nil
}

// planUpdate builds the request from the options and the version as it is.
func planUpdate(o *updateOptions, cur *api.Version, stdin io.Reader) (*updatePlan, error) {
	p := &updatePlan{Project: o.Project, ID: cur.ID, Version: cur.Version, before: *cur, after: *cur,
		s: bulk.Single{Project: o.Project, Before: *cur, Op: "this update"}}
	r := &p.s.Request
	if o.Version != nil {
		r.Version, p.after.Version = o.Version, *o.Version
	}
	if o.Name != nil {
		r.Name, p.after.Name = o.Name, *o.Name
	}
	if o.Changelog != nil {
		r.Changelog, p.after.Changelog = o.Changelog, *o.Changelog
	}
	if o.ChangelogFile != "" {
		b, err := readFileOrStdin(o.ChangelogFile, stdin)
		if err != nil {
			return nil, fmt.Errorf("--changelog-file: %w", err)
		}
		s := string(b)
		r.Changelog, p.after.Changelog = &s, s
	}
	if o.GameVersions != nil {
		r.MinecraftVersions = o.GameVersions
		p.after.MinecraftVersions = r.MinecraftVersions
	}
	if o.Platforms != nil {
		r.Platforms = o.Platforms
		p.after.Platforms = r.Platforms
	}
	if o.Deps != nil {
		deps, err := parseDeps("--dependency", o.Deps)
		if err != nil {
			return nil, err
		}
		r.Dependencies = nonNilSlice(deps)
		p.after.Dependencies = r.Dependencies
	}
	if len(o.Files)+len(o.URLs)+len(o.Remove) > 0 || o.Primary != "" {
		if err := p.planFiles(cur, o); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// planFiles works out the version's whole file list afterwards, which is
// what the request sends (docs/wire.md): kept files by name or URL,
// uploads by name, new URLs.
func (p *updatePlan) planFiles(cur *api.Version, o *updateOptions) error {
	ids := map[string]string{}
	var items []fileItem
	for _, file := range cur.Files {
		name := file.Name
		if file.ExternalURL != "" {
			name = file.ExternalURL
		}
		ids[file.ID] = name
		it := fileItem{Name: name, Action: "keep"}
		if file.IsPrimary {
			items = append([]fileItem{it}, items...)
		} else {
			items = append(items, it)
		}
	}
	for _, ref := range o.Remove {
		name := ref
		if n, ok := ids[ref]; ok {
			name = n
		}
		i := slices.IndexFunc(items, func(it fileItem) bool { return it.Name == name })
		if i < 0 {
			return fmt.Errorf("--remove-file %q: %s has no such file", ref, safe.PlainLine(cur.Version))
		}
		p.Removed = append(p.Removed, name)
		items = slices.Delete(items, i, i+1)
	}
	for _, path := range o.Files {
		up, err := localUpload(path)
		if err != nil {
			return err
		}
		if slices.ContainsFunc(p.fileCheck, func(it fileItem) bool { return it.Name == up.Name }) {
			return fmt.Errorf("--file %s: another --file has the name %q", path, up.Name)
		}
		p.fileCheck = append(p.fileCheck, up)
		if i := slices.IndexFunc(items, func(it fileItem) bool { return it.Name == up.Name }); i >= 0 {
			up.Action = "replace"
			items[i] = up
			continue
		}
		if slices.Contains(p.Removed, up.Name) {
			// Removed, then uploaded again: that is a replacement.
			p.Removed = slices.DeleteFunc(p.Removed, func(n string) bool { return n == up.Name })
			up.Action = "replace"
		} else {
			up.Action = "add"
		}
		items = append(items, up)
	}
	for _, u := range o.URLs {
		if slices.ContainsFunc(items, func(it fileItem) bool { return it.Name == u }) {
			return fmt.Errorf("--url %s: already a file of %s", safe.PlainLine(u), safe.PlainLine(cur.Version))
		}
		items = append(items, fileItem{Name: u, Action: "add"})
	}
	items, err := makePrimary(items, o.Primary, ids)
	if err != nil {
		return err
	}
	p.Files = items
	r := &p.s.Request
	r.Files, r.Uploads = requestFiles(items)
	r.Files = nonNilSlice(r.Files)
	p.s.Files = verifyFiles(items)
	return nil
}

// sendUpdate sends the edit (bulk.Single.Run: an undoable one is
// journaled first) with progress, and reports what the server holds.
func (f *Factory) sendUpdate(ctx context.Context, client *api.Client, p *updatePlan, o *jsonOutput) error {
	var journal *bulk.Journal
	if p.s.Undoable() {
		cfg, err := f.Config()
		if err != nil {
			return err
		}
		journal = &bulk.Journal{Dir: bulk.JournalDir(cfg.Env.StateDir)}
	}
	line := f.newUploadLine(p.Files)
	p.s.Request.Progress = line.set
	res, err := p.s.Run(ctx, client, journal, time.Now())
	line.end()
	if res != nil && res.JournalErr != nil && err != nil {
		f.warn(res.JournalErr)
	}
	if err != nil {
		// A change that may have been applied keeps its entry without
		// outcomes: an undo then compares the version as it is with what
		// this change meant to do.
		return interruptedChange(ctx, err, "version "+p.Version+" may or may not have been changed on the server",
			p.Project, p.ID)
	}
	if res.JournalErr != nil {
		fmt.Fprintf(f.IO.ErrOut, "rdash: %s\n", p.s.Record(res, ""))
	}
	if o.on() {
		return f.printJSON(ctx, o, p.out(false, res))
	}
	v := res.Version
	fmt.Fprintf(f.IO.ErrOut, "updated %s %s (%s): %s; %s\n", safe.PlainLine(p.Project), safe.PlainLine(v.Version), safe.PlainReveal(v.ID),
		strings.Join(p.fields(), ", "), undoNote(p))
	return f.reportUpdate(ctx, client, p, res)
}

// fields are the names of what the edit changes.
func (p *updatePlan) fields() []string {
	fields := make([]string, 0, len(p.Changes)+1)
	for _, c := range p.Changes {
		fields = append(fields, c.Field)
	}
	if p.s.Request.Files != nil {
		fields = append(fields, "files")
	}
	return fields
}
