package cmd

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"rdash/api"
	"rdash/internal/bulk"
	"rdash/internal/explain"
	"rdash/internal/safe"
)

// deleteWords name the bulk DELETE's query by versions delete's flags.
var deleteWords = refusalWords{flags: explain.Flags{"ids": "--ids"}}

// deleteOptions are versions delete's: the versions.
type deleteOptions struct {
	f       *Factory
	Project string
	IDs     []string
	Yes     bool
	Out     *jsonOutput
}

func newVersionsDeleteCmd(f *Factory, runF func(context.Context, *deleteOptions) error) *cobra.Command {
	opts := &deleteOptions{f: f}
	c := &cobra.Command{
		Use:   "delete PROJECT --ids ID,ID…",
		Short: "Delete versions (cannot be undone; the journal keeps their metadata)",
		Example: `  rdash versions delete lumen --ids AbCd1234,EfGh5678
  rdash versions delete lumen --ids AbCd1234 --yes --json outcomes`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Project = args[0]
			var c flagChecks
			c.arg("PROJECT", opts.Project)
			opts.IDs = c.list("--ids", opts.IDs)
			if err := c.done(f); err != nil {
				return err
			}
			w := deleteWords
			w.command, w.notFound = cmd.CommandPath(), noProject(opts.Project)
			return worded(w, runWith(cmd.Context(), opts, runF, deleteRun))
		},
	}
	c.Flags().StringSliceVar(&opts.IDs, "ids", nil, "version IDs, comma-separated (required)")
	opts.Out = addApplyFlags(c, nil, &opts.Yes)
	return c
}

// deleteRun reads the versions, lists them, asks for their count typed,
// and deletes them.
func deleteRun(ctx context.Context, o *deleteOptions) error {
	f := o.f
	if err := checkIDs(o.IDs); err != nil {
		return err
	}
	client, err := f.APIClient(ctx)
	if err != nil {
		return err
	}
	versions, err := loadVersions(ctx, client, o.Project, o.IDs)
	if err != nil {
		return err
	}
	plan := bulk.PlanParts(client, o.Project, idsOf(versions))
	out := newBulkJSON(o.Project, false, make([]previewJSON, len(versions)))
	for i, v := range versions {
		out.Preview[i] = previewJSON{ID: v.ID, Version: v.Version, Changes: []changeJSON{}}
	}
	out.Parts = partsOf(plan)
	f.showPreview(o.Out, o.Yes, func(w io.Writer) {
		for _, v := range versions {
			fmt.Fprintf(w, "%s  %s  %s\n", safe.PlainReveal(v.ID), safe.PlainLine(v.Version), safe.PlainLine(v.Name))
		}
		printSentIn(w, plan, len(versions))
	})
	fmt.Fprintf(f.IO.ErrOut, "Deleting %s cannot be undone: the service cannot restore a version. "+
		"The journal keeps the metadata and changelogs for the record.\n", versionCount(len(versions)))
	if err := f.confirmCount(ctx, o.Yes, len(versions)); err != nil {
		return err
	}
	runner, rec, err := f.bulkRunner(o.Project, client)
	if err != nil {
		return err
	}
	entry, err := runner.Delete(ctx, versions)
	f.endProgress()
	return f.finishRun(ctx, o.Out, out, entry, err, runWords{done: "deleted", retry: "retry them with --ids ",
		interrupted: "a deleted version cannot be restored; delete the others again with --ids",
		parts:       reportParts(plan, out.Parts, rec, deleteWords), reasons: partReasons(rec, deleteWords)})
}

// idsOf are the IDs of versions.
func idsOf(versions []api.Version) []string {
	ids := make([]string, len(versions))
	for i, v := range versions {
		ids[i] = v.ID
	}
	return ids
}

// undoOptions are versions undo's: which projects' last edit.
type undoOptions struct {
	f        *Factory
	Projects []string // none: the last edit of any project
	Yes      bool
	Out      *jsonOutput
}

func newVersionsUndoCmd(f *Factory, runF func(context.Context, *undoOptions) error) *cobra.Command {
	opts := &undoOptions{f: f}
	c := &cobra.Command{
		Use:   "undo [PROJECT]",
		Short: "Undo the last edit (of PROJECT, or of any project), keeping changes made since",
		Long: `Undo the last edit of PROJECT (or of any project). The versions are read
again first: a field still as the edit left it gets its old value back; a
list someone changed since gets the inverse of the edit (what it added is
removed, what it removed is added back), so their additions stay; any
other field changed since is left as it is, and the preview says so. An
undo cut short (a network fault, a refusal) is finished by the next undo.
An undo is not itself undone: once an edit is undone, the next undo goes
to the edit before it.`,
		Example: `  rdash versions undo
  rdash versions undo lumen --yes --json`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Projects = args
			return runWith(cmd.Context(), opts, runF, undoRun)
		},
	}
	opts.Out = addApplyFlags(c, nil, &opts.Yes)
	return c
}

// undoRun reads the last edit's versions again, shows what going back
// sends and leaves alone, and once asked sends it.
func undoRun(ctx context.Context, opts *undoOptions) error {
	f, yes, o := opts.f, opts.Yes, opts.Out
	cfg, err := f.Config()
	if err != nil {
		return err
	}
	journal := bulk.Journal{Dir: bulk.JournalDir(cfg.Env.StateDir)}
	entry, err := journal.LastUndoable(opts.Projects...)
	if err != nil {
		return err
	}
	client, err := f.APIClient(ctx)
	if err != nil {
		return err
	}
	current, gone, err := bulk.LoadSome(ctx, client, entry.Project, entry.IDs())
	if err != nil {
		return err
	}
	u := bulk.PlanUndo(entry, current)
	var calls [][]string
	for _, g := range u.Groups {
		calls = append(calls, g.IDs)
	}
	plan := bulk.PlanParts(client, entry.Project, calls...)
	out := newBulkJSON(entry.Project, false, previewOf(u.Changes))
	out.Kept, out.Gone, out.Parts = keptOut(u.Kept), nonNilSlice(gone), partsOf(plan)
	f.showPreview(o, yes, func(w io.Writer) {
		fmt.Fprintf(w, "Undo the edit of %s made %s:\n", safe.PlainLine(entry.Project), entry.Time.Local().Format("2006-01-02 15:04:05"))
		printUndoPreview(w, u, gone)
		printSentIn(w, plan, len(u.Changes))
	})
	runner, rec, err := f.bulkRunner(entry.Project, client)
	if err != nil {
		return err
	}
	if len(u.Changes) == 0 {
		// Nothing to send: the edit is done with, and recorded so, or it
		// would stay "the last edit" and hide every edit before it.
		if _, err := runner.Undo(ctx, u); err != nil {
			return err
		}
		return f.finishJSON(ctx, o, out)
	}
	if err := f.confirm(ctx, yes, fmt.Sprintf("Restore %s of %s?", versionCount(len(u.Changes)), safe.PlainLine(entry.Project))); err != nil {
		return err
	}
	undo, err := runner.Undo(ctx, u)
	f.endProgress()
	again := "run `rdash versions undo` again to finish"
	return f.finishRun(ctx, o, out, undo, err, runWords{done: "restored", same: len(current) - len(u.Changes),
		sameText: "already back or changed since (not sent)", retry: again, interrupted: again,
		parts: reportParts(plan, out.Parts, rec, refusalWords{}), reasons: partReasons(rec, refusalWords{})})
}

// printUndoPreview shows what an undo sends, what it leaves alone and why.
func printUndoPreview(w io.Writer, u *bulk.Undo, gone []string) {
	if len(u.Changes) > 0 {
		printPreview(w, u.Changes)
	} else {
		fmt.Fprintln(w, "Nothing to restore: every version is back to its old values, or changed since.")
	}
	for _, k := range u.Kept {
		fmt.Fprintf(w, "left as is: %s %s (changed since the edit)\n", safe.PlainLine(k.Version), k.Field)
	}
	if len(gone) > 0 {
		fmt.Fprintf(w, "deleted since the edit: %s\n", strings.Join(gone, ", "))
	}
}
