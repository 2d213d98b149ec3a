package cmd

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"strings"

	"rdash/api"
	"rdash/internal/bulk"
	"rdash/internal/safe"
)

// editRun reads the versions, shows the edit's preview and, once asked,
// sends it.
func editRun(ctx context.Context, o *editOptions) error {
	f, project := o.f, o.Project
	// An edit of a thousand versions decodes each twice (read, and as the
	// PATCHes answer) and encodes it twice (the journal's Before and
	// After): garbage in bursts, from a command that ends right after.
	// Collecting at 5x the live heap instead of 2x cut the CPU of a 1,200
	// version edit by a quarter (147 to 110 ms, medians of 9 runs) for 4 MB
	// more RSS (35 to 39 MB); the setting is put back for a caller that
	// goes on (tests run commands in process).
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	edit, err := o.edit(f.IO.In)
	if err != nil {
		return &ExitError{Code: ExitCancel, Err: err}
	}
	patch, err := edit.Patch()
	if err != nil {
		return &ExitError{Code: ExitCancel, Err: err}
	}
	if err := checkIDs(o.IDs); err != nil {
		return err
	}
	client, err := f.APIClient(ctx)
	if err != nil {
		return err
	}
	versions, err := loadVersions(ctx, client, project, o.IDs)
	if err != nil {
		return err
	}
	channels := bulk.Channels(versions)
	if edit.Channel != nil {
		// Resolved against the project, so the preview, the request and the
		// journal hold the channel itself, which is what undo compares.
		ch, err := f.resolveChannel(ctx, client, project, *edit.Channel, versions)
		if err != nil {
			return err
		}
		edit.Channel, patch.Channel = api.Ptr(ch.ID), api.Ptr(ch.ID)
		channels = append(channels, ch)
	}
	r := editPlan{project: project, client: client}
	out, refused := f.previewEdit(o, &r, bulk.Preview(versions, edit, channels))
	if refused != nil {
		_ = f.finishJSON(ctx, o.Out, out)
		return &ExitError{Code: ExitCancel, Err: refused}
	}
	return f.applyEdit(ctx, o, r, patch, out)
}

// previewEdit shows the preview of changes, with the parts they go in,
// and fills in r what to send; refused says why the service would refuse
// the edit, which then sends nothing and says nothing of parts.
func (f *Factory) previewEdit(o *editOptions, r *editPlan, changes []bulk.Change) (out bulkJSON, refused error) {
	refused = bulk.Check(changes)
	r.send = changing(changes)
	if refused == nil {
		r.plan = bulk.PlanParts(r.client, r.project, changeIDs(r.send))
	}
	out = newBulkJSON(r.project, o.DryRun, previewOf(changes))
	out.Unchanged, out.Parts = nonNilSlice(unchangedIDs(changes)), partsOf(r.plan)
	f.showPreview(o.Out, o.Yes || o.DryRun, func(w io.Writer) {
		printPreview(w, changes)
		printSentIn(w, r.plan, len(r.send))
	})
	return out, refused
}

// editPlan is an edit ready to send: the versions it changes, and the
// parts they go in.
type editPlan struct {
	project string
	client  *api.Client
	send    []bulk.Change
	plan    bulk.Parts
}

// printSentIn adds to a preview that the change goes in parts, when it
// goes in more than one.
func printSentIn(w io.Writer, plan bulk.Parts, n int) {
	if s := plan.SentIn(n); s != "" {
		fmt.Fprintln(w, s)
	}
}

// changeIDs are the IDs of the versions changes change.
func changeIDs(changes []bulk.Change) []string {
	ids := make([]string, len(changes))
	for i, c := range changes {
		ids[i] = c.Before.ID
	}
	return ids
}

// applyEdit asks, then sends the edit to the versions it changes: those
// that already have the values are not sent, as the dashboard does not
// send them, and the results count them apart.
func (f *Factory) applyEdit(ctx context.Context, o *editOptions, r editPlan, patch *api.BulkPatch, out bulkJSON) error {
	if !o.DryRun && len(r.send) == 0 {
		fmt.Fprintf(f.IO.ErrOut, "nothing sent: %s already have these values\n", allOf(len(out.Preview)))
	}
	if o.DryRun || len(r.send) == 0 {
		return f.finishJSON(ctx, o.Out, out)
	}
	if err := f.confirm(ctx, o.Yes, editQuestion(len(r.send), len(out.Unchanged), r.project)); err != nil {
		return err
	}
	runner, rec, err := f.bulkRunner(r.project, r.client)
	if err != nil {
		return err
	}
	entry, err := runner.Edit(ctx, r.send, patch)
	f.endProgress()
	return f.finishRun(ctx, o.Out, out, entry, err, runWords{done: "updated",
		same: len(out.Unchanged), sameText: "already so (not sent)", retry: "retry them with --ids ",
		interrupted: "`rdash versions undo` reverts the updated ones, and compares the unknown ones with what the edit meant to do",
		parts:       reportParts(r.plan, out.Parts, rec, editWords), reasons: partReasons(rec, editWords)})
}

// allOf is "the version" or "all n versions".
func allOf(n int) string {
	if n == 1 {
		return "the version"
	}
	return fmt.Sprintf("all %d versions", n)
}

// editQuestion asks to apply an edit to the versions it changes.
func editQuestion(n, same int, project string) string {
	q := fmt.Sprintf("Apply this edit to %s of %s", versionCount(n), safe.PlainLine(clip(project)))
	if same > 0 {
		have := "have these values and are"
		if same == 1 {
			have = "has these values and is"
		}
		q += fmt.Sprintf(" (%d more already %s not sent)", same, have)
	}
	return q + "?"
}

// printPreview shows each version with its fields before and after.
func printPreview(w io.Writer, changes []bulk.Change) {
	changing := 0
	for _, c := range changes {
		fmt.Fprintf(w, "%s  %s\n", safe.PlainLine(c.Before.Version), safe.PlainReveal(c.Before.ID))
		if len(c.Fields) == 0 {
			fmt.Fprintln(w, "    no change")
			continue
		}
		changing++
		for _, fc := range c.Fields {
			fmt.Fprintf(w, "    %-14s %s → %s\n", fc.Field+":", short(fc.Before), short(fc.After))
		}
		if c.Problem != "" {
			fmt.Fprintf(w, "    ✗ %s\n", safe.PlainLine(c.Problem))
		}
	}
	fmt.Fprintf(w, "%s, %d of them change\n", versionCount(len(changes)), changing)
}

// short shows a value on one line; a long or multi-line one (a changelog)
// is cut with its size given.
func short(s string) string {
	if s == "" {
		return "(none)"
	}
	first, _, multi := strings.Cut(s, "\n")
	first = safe.PlainLine(first)
	if len(first) > 60 {
		first = first[:57] + "..."
	} else if !multi {
		return first
	}
	return fmt.Sprintf("%q… (%s)", first, count(strings.Count(s, "\n")+1, "line"))
}

func (f *Factory) finishJSON(ctx context.Context, o *jsonOutput, out bulkJSON) error {
	if o.on() {
		return f.printJSON(ctx, o, out)
	}
	return nil
}

// checkIDs refuses bad --ids before anything is read or journaled.
func checkIDs(ids []string) error {
	if err := api.ValidateIDs(ids); err != nil {
		return &ExitError{Code: ExitCancel, Err: err} // Main names the flag (explain)
	}
	return nil
}

// loadVersions is bulk.Load, saying so when the project itself does not
// exist rather than that none of its versions does.
func loadVersions(ctx context.Context, client *api.Client, project string, ids []string) ([]api.Version, error) {
	vs, err := bulk.Load(ctx, client, project, ids)
	if err == nil {
		return vs, nil
	}
	if _, _, lerr := client.ListVersions(ctx, project, &api.ListVersionsOptions{PageSize: 1}); errors.Is(lerr, api.ErrNotFound) {
		return nil, fmt.Errorf("there is no project %s; nothing was changed", safe.PlainLine(clip(project)))
	}
	return nil, err
}

// showPreview prints a preview for people: on stdout, or with --json on
// stderr when a confirmation will follow, so nobody confirms unseen.
func (f *Factory) showPreview(o *jsonOutput, noQuestion bool, print func(io.Writer)) {
	switch {
	case !o.on():
		buffered(f.IO.Out, print)
	case !noQuestion:
		buffered(f.IO.ErrOut, print)
	}
}

// buffered runs print on a buffer in front of w: a listing of a thousand
// versions is a few writes, not one per line.
func buffered(w io.Writer, print func(io.Writer)) {
	bw := bufio.NewWriterSize(w, 32<<10)
	print(bw)
	_ = bw.Flush() // as unchecked as the Fprintf calls it gathers
}

// bulkRunner is the runner of a bulk change of project, and what keeps
// the client's answers for the results to say which parts failed.
func (f *Factory) bulkRunner(project string, client *api.Client) (*bulk.Runner, *bulk.PartsRecorder, error) {
	cfg, err := f.Config()
	if err != nil {
		return nil, nil, err
	}
	rec := &bulk.PartsRecorder{Client: client}
	r := &bulk.Runner{Client: rec, Reader: client, Project: project,
		Journal: bulk.Journal{Dir: bulk.JournalDir(cfg.Env.StateDir)}}
	if f.IO.OutTTY {
		r.Progress = func(done, total int) { fmt.Fprintf(f.IO.ErrOut, "\r%d/%d versions sent", done, total) }
	}
	return r, rec, nil
}

// endProgress ends the progress line printed on a terminal.
func (f *Factory) endProgress() {
	if f.IO.OutTTY {
		fmt.Fprintln(f.IO.ErrOut)
	}
}
