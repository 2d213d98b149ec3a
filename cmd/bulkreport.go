package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"rdash/internal/bulk"
	"rdash/internal/safe"
)

// runWords say how a run's report reads: the results are counted as the
// preview counted them (what changes, what is already so, what failed).
type runWords struct {
	// done is what an applied version is: "updated", "restored", "deleted".
	done string
	// same counts the versions the preview showed as needing nothing,
	// which were not sent, and says what they are.
	same     int
	sameText string
	// retry says how to send again the versions a retry can help (see
	// bulk.Outcome.Retry), followed by their IDs when it ends in a space.
	retry string
	// interrupted says what to do after an interruption (Ctrl+C).
	interrupted string
	// parts says how the run went in parts, under the summary; "" for
	// a run in one part (partPlan.report).
	parts string
	// reasons are the refusals of the parts that failed, by version ID,
	// in the command's words (partReasons): an outcome keeps the client's
	// text, which names the wire.
	reasons map[string]string
}

// runCounts are a run's versions by what became of them.
type runCounts struct {
	applied, notApplied, notSent, unknown int
}

func countRun(outcomes []bulk.Outcome) runCounts {
	var c runCounts
	for _, o := range outcomes {
		switch {
		case o.Status == bulk.StatusUpdated || o.Status == bulk.StatusDeleted:
			c.applied++
		case o.NotSent:
			c.notSent++
		case o.Status == bulk.StatusNotApplied:
			c.notApplied++
		default:
			c.unknown++
		}
	}
	return c
}

// summary is the results line: "600 versions: 530 updated, 70 already
// so (not sent), 0 failed", with what the failures are.
func (c runCounts) summary(w runWords) string {
	failed := c.notApplied + c.notSent + c.unknown
	parts := []string{fmt.Sprintf("%d %s", c.applied, w.done)}
	if w.same > 0 {
		parts = append(parts, fmt.Sprintf("%d %s", w.same, w.sameText))
	}
	fails := fmt.Sprintf("%d failed", failed)
	if failed > 0 {
		fails += " (" + strings.Join(c.failures(), ", ") + ")"
	}
	return versionCount(c.applied+failed+w.same) + ": " + strings.Join(append(parts, fails), ", ")
}

func (c runCounts) failures() []string {
	var out []string
	for _, p := range []struct {
		n    int
		what string
	}{{c.notApplied, "not applied"}, {c.notSent, "not sent"}, {c.unknown, "unknown"}} {
		if p.n > 0 {
			out = append(out, fmt.Sprintf("%d %s", p.n, p.what))
		}
	}
	return out
}

// finishRun prints the per-version results and their count, and fails
// unless every version ended as intended. A run cut short by ctx (Ctrl+C)
// exits 2 saying what was applied, what was not sent and what is unknown.
func (f *Factory) finishRun(ctx context.Context, o *jsonOutput, out bulkJSON, e *bulk.Entry, runErr error, w runWords) error {
	var c runCounts
	if e != nil {
		shown := *e
		shown.Outcomes = reworded(e.Outcomes, w.reasons)
		e = &shown
		c = countRun(e.Outcomes)
		out.Outcomes, out.Applied = outcomesOut(e.Outcomes), c.applied > 0
		if e.InJournal() {
			out.Journal = nullString(e.ID)
		}
	}
	if o.on() {
		if err := f.printJSON(ctx, o, out); err != nil {
			return err
		}
	} else if e != nil {
		buffered(f.IO.Out, func(wr io.Writer) { printOutcomes(wr, e.Outcomes, c.summary(w), w.parts) })
	}
	switch {
	case runErr != nil:
		return runErr
	case e != nil && ctx.Err() != nil:
		return &ExitError{Code: ExitCancel, Err: c.interrupted(w)}
	case e == nil:
		return nil
	}
	return notDoneError(e, c, w)
}

// reworded are outcomes with each error that reasons has in its words.
func reworded(outcomes []bulk.Outcome, reasons map[string]string) []bulk.Outcome {
	if len(reasons) == 0 {
		return outcomes
	}
	out := slices.Clone(outcomes)
	for i, o := range out {
		if r, ok := reasons[o.ID]; ok && o.Error != "" {
			out[i].Error = r
		}
	}
	return out
}

// interrupted says what a run cut short did: how many versions were
// applied, how many were never sent and how many are unknown (their
// request was under way), and what to do now.
func (c runCounts) interrupted(w runWords) error {
	s := fmt.Sprintf("interrupted: %d %s, %d not sent, %d unknown (cut off while being sent)", c.applied, w.done, c.notSent, c.unknown)
	if c.notApplied > 0 {
		s += fmt.Sprintf(", %d not applied", c.notApplied)
	}
	return errors.New(s + "; " + w.interrupted)
}

// notDoneError says which versions did not end as intended, and how a
// retry can help, or that it cannot; nil when all did.
func notDoneError(e *bulk.Entry, c runCounts, w runWords) error {
	bad, again := notDone(e)
	if len(bad) == 0 {
		return nil
	}
	msg := fmt.Sprintf("%d of %s did not end as intended (%s)", len(bad), versionCount(len(e.Outcomes)), strings.Join(c.failures(), ", "))
	switch {
	case len(again) == 0:
		msg += "; the service refused them" + sharedReason(e.Outcomes) + ": sending them again will not help until the cause is fixed"
	case !strings.HasSuffix(w.retry, " "):
		msg += "; " + w.retry
	case len(again) <= retryNamed:
		msg += "; " + w.retry + strings.Join(again, ",")
	default:
		msg += fmt.Sprintf("; %s… with the IDs of the %d versions marked [retry] above", w.retry, len(again))
	}
	if len(again) > 0 && len(again) < len(bad) {
		msg += fmt.Sprintf(" (%d more were refused by the service: a retry will not help them)", len(bad)-len(again))
	}
	return errors.New(msg)
}

// sharedReason is ` (REASON)` when every version that did not end as
// intended failed for the same reason, so the summary on stderr names it
// for a script that reads only stderr; "" when the reasons differ (each
// is on its version's line).
func sharedReason(outcomes []bulk.Outcome) string {
	reason := ""
	for _, o := range outcomes {
		if o.Status != bulk.StatusNotApplied && o.Status != bulk.StatusUnknown {
			continue
		}
		if reason != "" && o.Error != reason || o.Error == "" {
			return ""
		}
		reason = o.Error
	}
	if reason == "" {
		return ""
	}
	return " (" + safe.PlainLine(reason) + ")"
}

// retryNamed is how many IDs a retry hint lists.
const retryNamed = 20

// printOutcomes prints each version's result, then the summary and the
// parts' note, when there is one.
func printOutcomes(w io.Writer, outcomes []bulk.Outcome, summary, parts string) {
	for _, o := range outcomes {
		status := string(o.Status)
		if o.NotSent {
			status = "not sent"
		}
		line := fmt.Sprintf("%-12s %s  %s", status, safe.PlainReveal(o.ID), safe.PlainLine(o.Version))
		if o.Error != "" {
			line += "  (" + safe.PlainLine(o.Error) + ")"
		}
		if o.Retry {
			line += "  [retry]"
		}
		fmt.Fprintln(w, line)
		printDifferences(w, o.Differences)
	}
	fmt.Fprintln(w, summary)
	if d := differing(outcomes); d != "" {
		fmt.Fprintln(w, d)
	}
	if parts != "" {
		fmt.Fprintln(w, parts)
	}
}

// notDone returns the versions that did not end as intended, and those of
// them a retry may help.
func notDone(e *bulk.Entry) (bad, again []string) {
	for _, o := range e.Outcomes {
		if o.Status == bulk.StatusNotApplied || o.Status == bulk.StatusUnknown {
			bad = append(bad, o.ID)
			if o.Retry {
				again = append(again, o.ID)
			}
		}
	}
	return bad, again
}

// unchangedIDs are the IDs of the changes that change nothing.
func unchangedIDs(changes []bulk.Change) []string {
	var out []string
	for _, c := range changes {
		if len(c.Fields) == 0 {
			out = append(out, c.Before.ID)
		}
	}
	return out
}

// changing are the changes that change something: only those are sent.
func changing(changes []bulk.Change) []bulk.Change {
	return slices.DeleteFunc(slices.Clone(changes), func(c bulk.Change) bool { return len(c.Fields) == 0 })
}
