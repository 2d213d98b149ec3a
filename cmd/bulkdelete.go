package cmd

import (
	"errors"
	"fmt"
	"strconv"

	"charm.land/huh/v2"
	"github.com/spf13/cobra"

	"rdash/internal/bulk"
	"rdash/internal/safe"
)

func newVersionsDeleteCmd(f *Factory) *cobra.Command {
	var ids []string
	var yes, asJSON bool
	c := &cobra.Command{
		Use:   "delete PROJECT --ids ID,ID…",
		Short: "Delete versions (cannot be undone; the journal keeps their metadata)",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			client, err := f.APIClient(cmd.Context())
			if err != nil {
				return err
			}
			versions, err := bulk.Load(cmd.Context(), client, args[0], ids)
			if err != nil {
				return err
			}
			out := bulkJSON{Preview: make([]previewJSON, len(versions))}
			for i, v := range versions {
				out.Preview[i] = previewJSON{ID: v.ID, Version: v.Version, Changes: []bulk.FieldChange{}}
				if !asJSON {
					fmt.Fprintf(f.IO.Out, "%s  %s  %s\n", v.ID, safe.Line(v.Version), safe.Line(v.Name))
				}
			}
			fmt.Fprintf(f.IO.ErrOut, "Deleting %d versions cannot be undone: the service cannot restore a version. "+
				"The journal keeps their metadata and changelogs for the record.\n", len(versions))
			if err := f.confirmCount(yes, len(versions)); err != nil {
				return err
			}
			runner, err := f.bulkRunner(args[0], client)
			if err != nil {
				return err
			}
			entry, err := runner.Delete(cmd.Context(), versions)
			f.endProgress()
			return f.finishRun(asJSON, out, entry, err)
		},
	}
	c.Flags().StringSliceVar(&ids, "ids", nil, "version IDs, comma-separated (required)")
	_ = c.MarkFlagRequired("ids")
	addApplyFlags(c.Flags(), nil, &yes, &asJSON)
	return c
}

// confirmCount asks the user to type the number of versions, as gh asks for
// a repository's name before deleting it.
func (f *Factory) confirmCount(yes bool, n int) error {
	if yes {
		return nil
	}
	if !f.IO.InTTY || !f.IO.OutTTY {
		return &ExitError{Code: ExitCancel, Err: errors.New("not deleting without a terminal: pass --yes to confirm")}
	}
	want := strconv.Itoa(n)
	var typed string
	err := huh.NewInput().Title(fmt.Sprintf("Type %s to delete %s versions", want, want)).
		Value(&typed).Validate(func(s string) error {
		if s != want {
			return fmt.Errorf("type %s, or press ctrl+c to cancel", want)
		}
		return nil
	}).Run()
	if err != nil || typed != want {
		return errCancelled
	}
	return nil
}

func newVersionsUndoCmd(f *Factory) *cobra.Command {
	var yes, asJSON bool
	c := &cobra.Command{
		Use:   "undo [PROJECT]",
		Short: "Restore the old values of the last edit (of PROJECT, or of any project)",
		Args:  cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			cfg, err := f.Config()
			if err != nil {
				return err
			}
			project := ""
			if len(args) == 1 {
				project = args[0]
			}
			journal := bulk.Journal{Dir: bulk.JournalDir(cfg.Env.StateDir)}
			entry, err := journal.LastUndoable(project)
			if err != nil {
				return err
			}
			changes := bulk.UndoPreview(entry)
			out := bulkJSON{Preview: previewOf(changes)}
			if !asJSON {
				fmt.Fprintf(f.IO.Out, "Undo the edit of %s made %s:\n", safe.Line(entry.Project), entry.Time.Local().Format("2006-01-02 15:04:05"))
				printPreview(f.IO.Out, changes)
			}
			if err := f.confirm(yes, fmt.Sprintf("Restore %d versions of %s?", len(changes), entry.Project)); err != nil {
				return err
			}
			client, err := f.APIClient(cmd.Context())
			if err != nil {
				return err
			}
			runner, err := f.bulkRunner(entry.Project, client)
			if err != nil {
				return err
			}
			u, err := runner.Undo(cmd.Context(), entry)
			f.endProgress()
			return f.finishRun(asJSON, out, u, err)
		},
	}
	addApplyFlags(c.Flags(), nil, &yes, &asJSON)
	return c
}
