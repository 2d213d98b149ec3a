package cmd

import (
	"context"
	"fmt"
	"io"

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
	f           *Factory
	Project     string
	IDs         []string
	DryRun, Yes bool
	Out         *jsonOutput
}

func newVersionsDeleteCmd(f *Factory, runF func(context.Context, *deleteOptions) error) *cobra.Command {
	opts := &deleteOptions{f: f}
	c := &cobra.Command{
		Use:   "delete PROJECT --ids ID,ID…",
		Short: "Delete versions (cannot be undone; the journal keeps their metadata)",
		Example: `  rdash versions delete lumen --ids AbCd1234,EfGh5678
  rdash versions delete lumen --ids AbCd1234,EfGh5678 --dry-run
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
	opts.Out = addApplyFlags(c, &opts.DryRun, &opts.Yes)
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
	out := newBulkJSON(o.Project, o.DryRun, make([]previewJSON, len(versions)))
	for i, v := range versions {
		out.Preview[i] = previewJSON{ID: v.ID, Version: v.Version, Changes: []changeJSON{}}
	}
	out.Parts = partsOf(plan)
	f.showPreview(o.Out, o.Yes || o.DryRun, func(w io.Writer) {
		for _, v := range versions {
			fmt.Fprintf(w, "%s  %s  %s\n", safe.PlainReveal(v.ID), safe.PlainLine(v.Version), safe.PlainLine(v.Name))
		}
		printSentIn(w, plan, len(versions))
		if o.DryRun {
			fmt.Fprintf(w, "%s would be deleted; nothing sent (--dry-run)\n", versionCount(len(versions)))
		}
	})
	if o.DryRun {
		return f.finishJSON(ctx, o.Out, out)
	}
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
