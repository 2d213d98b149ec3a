package cmd

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"rdash/api"
	"rdash/internal/bulk"
)

type editFlags struct {
	ids                                  []string
	channel, name, changelogFile         string
	setGame, addGame, removeGame         []string
	setPlatforms, addPlatform, rmPlatfrm []string
	setDeps                              string
	addDep, removeDep                    []string
	dryRun, yes                          bool
	out                                  *jsonOutput
}

func newVersionsEditCmd(f *Factory) *cobra.Command {
	var fl editFlags
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
			edit, err := fl.edit(cmd.Flags(), f.IO.In)
			if err != nil {
				return &ExitError{Code: ExitCancel, Err: err}
			}
			return f.runEdit(cmd, args[0], fl, edit)
		},
	}
	fs := c.Flags()
	fs.StringSliceVar(&fl.ids, "ids", nil, "version IDs, comma-separated (required)")
	fs.StringVar(&fl.channel, "channel", "", "move to this channel (ID or slug of a channel that versions of the project are in)")
	fs.StringVar(&fl.name, "name", "", "set the display name")
	fs.StringVar(&fl.changelogFile, "changelog-file", "", "set the changelog from a Markdown file, or - for standard input")
	fs.StringSliceVar(&fl.setGame, "set-game-versions", nil, "replace the game versions (comma-separated; empty for none)")
	fs.StringSliceVar(&fl.addGame, "add-game-version", nil, "add game versions")
	fs.StringSliceVar(&fl.removeGame, "remove-game-version", nil, "remove game versions")
	fs.StringSliceVar(&fl.setPlatforms, "set-platforms", nil, "replace the platforms (comma-separated; empty for none)")
	fs.StringSliceVar(&fl.addPlatform, "add-platform", nil, "add platforms")
	fs.StringSliceVar(&fl.rmPlatfrm, "remove-platform", nil, "remove platforms")
	fs.StringVar(&fl.setDeps, "set-dependencies", "", "replace the dependencies with a JSON array from a file, or - for standard input")
	fs.StringArrayVar(&fl.addDep, "add-dependency", nil, "add a dependency TYPE:KIND:TARGET; repeat for several")
	fs.StringArrayVar(&fl.removeDep, "remove-dependency", nil, "remove a dependency TYPE:KIND:TARGET; repeat for several")
	fl.out = addApplyFlags(c, &fl.dryRun, &fl.yes)
	return c
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

// edit turns the flags into a bulk.Edit; every error names the flag.
func (fl editFlags) edit(fs *pflag.FlagSet, stdin io.Reader) (bulk.Edit, error) {
	var e bulk.Edit
	var err error
	if fs.Changed("channel") {
		e.Channel = api.Ptr(fl.channel)
	}
	if fs.Changed("name") {
		e.Name = api.Ptr(fl.name)
	}
	if fl.changelogFile != "" {
		b, err := readFileOrStdin(fl.changelogFile, stdin)
		if err != nil {
			return e, fmt.Errorf("--changelog-file: %w", err)
		}
		e.Changelog = api.Ptr(string(b))
	}
	if e.GameVersions, err = bulk.NewListEdit("--set-game-versions", fl.setGame, fs.Changed("set-game-versions"), fl.addGame, fl.removeGame); err != nil {
		return e, mixError(err, "game versions")
	}
	if e.Platforms, err = bulk.NewListEdit("--set-platforms", fl.setPlatforms, fs.Changed("set-platforms"), fl.addPlatform, fl.rmPlatfrm); err != nil {
		return e, mixError(err, "platforms")
	}
	return e, fl.dependencies(&e, stdin)
}

func (fl editFlags) dependencies(e *bulk.Edit, stdin io.Reader) error {
	var set []api.Dependency
	if fl.setDeps != "" {
		b, err := readFileOrStdin(fl.setDeps, stdin)
		if err != nil {
			return fmt.Errorf("--set-dependencies: %w", err)
		}
		if err := json.Unmarshal(b, &set); err != nil {
			return fmt.Errorf("--set-dependencies: want a JSON array of dependency objects: %w", err)
		}
	}
	add, err := parseDeps("--add-dependency", fl.addDep)
	if err != nil {
		return err
	}
	remove, err := parseDeps("--remove-dependency", fl.removeDep)
	if err != nil {
		return err
	}
	e.Dependencies, err = bulk.NewListEdit("--set-dependencies", set, fl.setDeps != "", add, remove)
	return mixError(err, "dependencies")
}

func mixError(err error, field string) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%s: a --set-… flag cannot be combined with --add-… or --remove-… on %s (the service forbids a replace with add/remove on one field)",
		strings.SplitN(err.Error(), ":", 2)[0], field)
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
