package cmd

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"rdash/internal/bulk"
	"rdash/internal/safe"
)

// undoOptions are versions undo's: which projects' last edit.
type undoOptions struct {
	f           *Factory
	Projects    []string // none: the last edit of any project
	DryRun, Yes bool
	Out         *jsonOutput
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
  rdash versions undo lumen --dry-run
  rdash versions undo lumen --yes --json`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Projects = args
			return runWith(cmd.Context(), opts, runF, undoRun)
		},
	}
	opts.Out = addApplyFlags(c, &opts.DryRun, &opts.Yes)
	return c
}

// undoRun reads the last edit's versions again, shows what going back
// sends and leaves alone, and once asked sends it; a dry run stops after
// showing it, and records nothing.
func undoRun(ctx context.Context, opts *undoOptions) error {
	f, yes, o := opts.f, opts.Yes || opts.DryRun, opts.Out
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
	out := newBulkJSON(entry.Project, opts.DryRun, previewOf(u.Changes))
	out.Kept, out.Gone, out.Parts = keptOut(u.Kept), nonNilSlice(gone), partsOf(plan)
	f.showPreview(o, yes, func(w io.Writer) {
		fmt.Fprintf(w, "Undo the edit of %s made %s:\n", safe.PlainLine(entry.Project), entry.Time.Local().Format("2006-01-02 15:04:05"))
		printUndoPreview(w, u, gone)
		printSentIn(w, plan, len(u.Changes))
		if opts.DryRun {
			fmt.Fprintln(w, "nothing sent (--dry-run)")
		}
	})
	if opts.DryRun {
		return f.finishJSON(ctx, o, out)
	}
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
