package cmd

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"rdash/api"
	"rdash/internal/bulk"
	"rdash/internal/safe"
	"rdash/internal/verify"
)

// followUpJSON is the follow-up rdash offers: why, and the data.files it
// sends.
type followUpJSON struct {
	Why   string   `json:"why"`
	Files []string `json:"files"`
}

func followUpOut(fu *bulk.FollowUp) *followUpJSON {
	if fu == nil {
		return nil
	}
	return &followUpJSON{Why: fu.Why, Files: fu.Edit.Request.Files}
}

// verifyFiles is the file list as the server's answer is checked against.
func verifyFiles(items []fileItem) []verify.File {
	out := make([]verify.File, len(items))
	for i, it := range items {
		out[i] = verify.File{Name: it.Name, Upload: it.upload(), Size: it.Size}
	}
	return out
}

// dropUnchanged leaves out of the request (bulk.Single.DropUnchanged)
// and of the plan what the version has already, so the plan shows, and
// the request sends, only what changes.
func (p *updatePlan) dropUnchanged() {
	p.s.DropUnchanged()
	r := p.s.Request
	if r.Files == nil {
		p.Files, p.Removed = nil, nil
	}
	p.Changes = bulk.Diff(p.before, p.after)
	if r.Version != nil {
		p.Changes = append([]bulk.FieldChange{{Field: "version", Before: p.before.Version, After: *r.Version}}, p.Changes...)
	}
}

// nothingToChange says the version has every value asked for already,
// and sends nothing (issue 27: no PATCH for no change).
func (f *Factory) nothingToChange(ctx context.Context, p *updatePlan, o *updateOptions) error {
	fmt.Fprintf(f.IO.ErrOut, "nothing to change: %s %s already has these values; nothing was sent\n",
		safe.PlainLine(p.Project), safe.PlainLine(p.Version))
	if o.Out.on() {
		return f.printJSON(ctx, o.Out, p.out(o.DryRun, nil))
	}
	return nil
}

// reportUpdate says how the version the server holds differs from the
// plan and, when the answer shows the server read the files otherwise,
// offers the follow-up (on a terminal; otherwise it says what it would
// send).
func (f *Factory) reportUpdate(ctx context.Context, client *api.Client, p *updatePlan, res *bulk.SingleResult) error {
	printDifferences(f.IO.ErrOut, verify.Texts(res.Differences))
	fu := p.s.FollowUp(res)
	if fu == nil {
		return nil
	}
	printFollowUp(f.IO.ErrOut, fu)
	if !f.IO.InTTY || !f.IO.OutTTY {
		fmt.Fprintln(f.IO.ErrOut, "Not sent: rdash asks before sending a follow-up, and there is no terminal to ask on.")
		return nil
	}
	if f.confirm(ctx, false, "Send the follow-up?") != nil {
		fmt.Fprintln(f.IO.ErrOut, "The follow-up was not sent.")
		return nil
	}
	again, err := fu.Edit.Run(ctx, client, nil, time.Now())
	if err != nil {
		return fmt.Errorf("the follow-up: %w", err)
	}
	if why, fix := fu.Edit.Stuck(again); why != "" {
		fmt.Fprintf(f.IO.ErrOut, "%s: %s.\n", safe.PlainLine(strings.TrimSuffix(why, ".")), safe.PlainLine(fix))
	}
	if len(again.Differences) == 0 {
		fmt.Fprintln(f.IO.ErrOut, "The follow-up did it: the server holds the files as asked.")
	}
	printDifferences(f.IO.ErrOut, verify.Texts(again.Differences))
	return nil
}

// printFollowUp says why rdash offers a follow-up and what it sends.
func printFollowUp(w io.Writer, fu *bulk.FollowUp) {
	fmt.Fprintln(w, safe.PlainLine(fu.Why))
	items := make([]string, len(fu.Edit.Request.Files))
	for i, it := range fu.Edit.Request.Files {
		items[i] = safe.PlainLine(it)
	}
	fmt.Fprintf(w, "  follow-up: data.files = %s\n", strings.Join(items, ", "))
}
