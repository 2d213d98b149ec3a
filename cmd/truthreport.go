package cmd

import (
	"context"
	"fmt"
	"io"

	"rdash/api"
	"rdash/internal/bulk"
	"rdash/internal/safe"
	"rdash/internal/verify"
)

// printDifferences prints, under a version's result, how what the server
// holds differs from the plan (bulk.Outcome.Differences), one sentence a
// line.
func printDifferences(w io.Writer, differences []string) {
	for _, d := range differences {
		fmt.Fprintf(w, "    ! %s\n", safe.PlainLine(d))
	}
}

// differing says how many versions the server holds otherwise than the
// plan, for the results' summary; "" when none.
func differing(outcomes []bulk.Outcome) string {
	n := 0
	for _, o := range outcomes {
		if len(o.Differences) > 0 && o.Status != bulk.StatusNotApplied {
			n++
		}
	}
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("the server holds %s otherwise than planned: see the lines marked ! above", versionCount(n))
}

// checkCreated compares the version the server made with the request
// (bulk.CheckCreated), and returns it as the server holds it and the
// differences in words ([] when none).
func (f *Factory) checkCreated(ctx context.Context, client *api.Client, project string, fl *createOptions, v *api.Version) (*api.Version, []string) {
	v, ds := bulk.CheckCreated(ctx, client, project, &fl.req, verifyFiles(fl.items), v)
	return v, nonNilSlice(verify.Texts(ds))
}
