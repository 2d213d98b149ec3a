package cmd

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"rdash/api"
	"rdash/internal/bulk"
	"rdash/internal/explain"
)

// editOptions are versions edit's: the versions, and each change. A
// field not given is nil; a list given empty (--set-platforms "") is [].
type editOptions struct {
	f                                   *Factory
	Project                             string
	IDs                                 []string
	Channel, Name                       *string
	ChangelogFile                       string
	SetGame, AddGame, RemoveGame        []string
	SetPlatforms, AddPlatform, RmPlatfm []string
	SetDeps                             string
	AddDep, RemoveDep                   []string
	DryRun, Yes                         bool
	Out                                 *jsonOutput
}

// editWords name the bulk PATCH's fields by versions edit's flags.
var editWords = refusalWords{flags: explain.Flags{"ids": "--ids", "channel": "--channel", "name": "--name", "changelog": "--changelog-file",
	"minecraft_versions": "--set-game-versions", "add_minecraft_versions": "--add-game-version", "remove_minecraft_versions": "--remove-game-version",
	"platforms": "--set-platforms", "add_platforms": "--add-platform", "remove_platforms": "--remove-platform",
	"dependencies": "--set-dependencies", "add_dependencies": "--add-dependency", "remove_dependencies": "--remove-dependency"}}

func newVersionsEditCmd(f *Factory, runF func(context.Context, *editOptions) error) *cobra.Command {
	opts := &editOptions{f: f}
	var channel, name string
	var setGame, setPlatforms []string
	c := &cobra.Command{
		Use:   "edit PROJECT --ids ID,ID… [changes]",
		Short: "Change metadata of several versions at once, with a preview and an undo",
		Long: `Change metadata of several versions at once. The current values are read
first, a preview shows every version before and after, and the old values
are written to the journal before anything is sent, so 'rdash versions
undo' can restore them.

For each list field, either replace it (--set-…) or add and remove values
(--add-…, --remove-…); the service forbids both on one field.

A dependency is TYPE:KIND:TARGET, where TYPE is required, optional,
incompatible or embedded, KIND is version, project or name, and a name may
carry a URL after '=': required:project:AbCd1234,
optional:name:LuckPerms=https://luckperms.net`,
		Example: `  rdash versions edit lumen --ids AbCd1234,EfGh5678 --channel beta --add-game-version 1.21.4
  rdash versions edit lumen --ids AbCd1234 --set-platforms paper,folia --dry-run
  rdash versions edit lumen --ids AbCd1234 --set-dependencies deps.json --yes --json`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			fs := cmd.Flags()
			opts.Project = args[0]
			opts.Channel, opts.Name = given(fs, "channel", channel), given(fs, "name", name)
			opts.SetGame, opts.SetPlatforms = givenList(fs, "set-game-versions", setGame), givenList(fs, "set-platforms", setPlatforms)
			if err := opts.check(); err != nil {
				return err
			}
			w := editWords
			w.command, w.notFound = cmd.CommandPath(), noProject(opts.Project)
			return worded(w, runWith(cmd.Context(), opts, runF, editRun))
		},
	}
	fs := c.Flags()
	fs.StringSliceVar(&opts.IDs, "ids", nil, "version IDs, comma-separated (required)")
	fs.StringVar(&channel, "channel", "", "move to this channel (ID or slug of a channel that versions of the project are in)")
	fs.StringVar(&name, "name", "", "set the display name")
	fs.StringVar(&opts.ChangelogFile, "changelog-file", "", "set the changelog from a Markdown file, or - for standard input")
	fs.StringSliceVar(&setGame, "set-game-versions", nil, "replace the game versions (comma-separated; empty for none)")
	fs.StringSliceVar(&opts.AddGame, "add-game-version", nil, "add game versions")
	fs.StringSliceVar(&opts.RemoveGame, "remove-game-version", nil, "remove game versions")
	fs.StringSliceVar(&setPlatforms, "set-platforms", nil, "replace the platforms (comma-separated; empty for none)")
	fs.StringSliceVar(&opts.AddPlatform, "add-platform", nil, "add platforms")
	fs.StringSliceVar(&opts.RmPlatfm, "remove-platform", nil, "remove platforms")
	fs.StringVar(&opts.SetDeps, "set-dependencies", "", "replace the dependencies with a JSON array from a file, or - for standard input")
	fs.StringArrayVar(&opts.AddDep, "add-dependency", nil, "add a dependency TYPE:KIND:TARGET; repeat for several")
	fs.StringArrayVar(&opts.RemoveDep, "remove-dependency", nil, "remove a dependency TYPE:KIND:TARGET; repeat for several")
	opts.Out = addApplyFlags(c, &opts.DryRun, &opts.Yes)
	return c
}

// check refuses blank values and counts a value given twice once: an ID
// twice is one version, previewed, sent and undone once.
func (o *editOptions) check() error {
	var c flagChecks
	c.arg("PROJECT", o.Project)
	c.blank("--channel", o.Channel)
	c.blank("--name", o.Name)
	o.IDs = c.list("--ids", o.IDs)
	o.SetGame, o.AddGame, o.RemoveGame = c.list("--set-game-versions", o.SetGame), c.list("--add-game-version", o.AddGame), c.list("--remove-game-version", o.RemoveGame)
	o.SetPlatforms, o.AddPlatform, o.RmPlatfm = c.list("--set-platforms", o.SetPlatforms), c.list("--add-platform", o.AddPlatform), c.list("--remove-platform", o.RmPlatfm)
	return c.done(o.f)
}

// addApplyFlags gives a bulk command --dry-run (when dryRun is not nil),
// --yes and the JSON flags.
func addApplyFlags(c *cobra.Command, dryRun, yes *bool) *jsonOutput {
	if dryRun != nil {
		c.Flags().BoolVar(dryRun, "dry-run", false, "show the preview and send nothing")
	}
	addYesFlag(c.Flags(), yes)
	return addJSONFlags(c, bulkJSON{})
}

// edit turns the options into a bulk.Edit; every error names the flag.
func (o *editOptions) edit(stdin io.Reader) (bulk.Edit, error) {
	e := bulk.Edit{Channel: o.Channel, Name: o.Name}
	var err error
	if o.ChangelogFile != "" {
		b, err := readFileOrStdin(o.ChangelogFile, stdin)
		if err != nil {
			return e, fmt.Errorf("--changelog-file: %w", err)
		}
		e.Changelog = api.Ptr(string(b))
	}
	if e.GameVersions, err = bulk.NewListEdit("--set-game-versions", o.SetGame, o.SetGame != nil, o.AddGame, o.RemoveGame); err != nil {
		return e, mixError(err, "game versions")
	}
	if e.Platforms, err = bulk.NewListEdit("--set-platforms", o.SetPlatforms, o.SetPlatforms != nil, o.AddPlatform, o.RmPlatfm); err != nil {
		return e, mixError(err, "platforms")
	}
	return e, o.dependencies(&e, stdin)
}

func (o *editOptions) dependencies(e *bulk.Edit, stdin io.Reader) error {
	var set []api.Dependency
	if o.SetDeps != "" {
		b, err := readFileOrStdin(o.SetDeps, stdin)
		if err != nil {
			return fmt.Errorf("--set-dependencies: %w", err)
		}
		if err := json.Unmarshal(b, &set); err != nil {
			return fmt.Errorf("--set-dependencies: want a JSON array of dependency objects: %w", err)
		}
	}
	add, err := parseDeps("--add-dependency", o.AddDep)
	if err != nil {
		return err
	}
	remove, err := parseDeps("--remove-dependency", o.RemoveDep)
	if err != nil {
		return err
	}
	e.Dependencies, err = bulk.NewListEdit("--set-dependencies", set, o.SetDeps != "", add, remove)
	return mixError(err, "dependencies")
}

func mixError(err error, field string) error {
	var ve *api.ValidationError
	if !errors.As(err, &ve) {
		return err
	}
	return fmt.Errorf("%s: a --set-… flag cannot be combined with --add-… or --remove-… on %s (the service forbids a replace with add/remove on one field)",
		ve.Field, field)
}

// parseDeps reads TYPE:KIND:TARGET[=URL] specs.
func parseDeps(flag string, specs []string) ([]api.Dependency, error) {
	var out []api.Dependency
	for i, s := range specs {
		d, err := api.ParseDependency(s)
		if err == nil {
			err = api.ValidateDependency(i, d)
		}
		if err != nil {
			return nil, fmt.Errorf("%s %q: %w", flag, s, err)
		}
		out = append(out, d)
	}
	return out, nil
}

func readFileOrStdin(path string, stdin io.Reader) ([]byte, error) {
	if path == "-" {
		return io.ReadAll(stdin)
	}
	return os.ReadFile(path)
}
