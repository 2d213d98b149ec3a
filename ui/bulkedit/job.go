package bulkedit

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"

	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/internal/bulk"
	"rdash/internal/explain"
	"rdash/ui/applyflow"
	"rdash/ui/common"
)

// editPart is one patch sent to some versions.
type editPart struct {
	changes []bulk.Change
	patch   *api.BulkPatch
}

// job is what one run sends: edits (one part, or one per group of old
// values when undo failures are retried), a deletion, or undos. It
// implements applyflow.Job.
type job struct {
	m       *Model // for Start and the report's Then, on the UI goroutine
	kind    kind
	verb    string
	parts   []editPart
	deletes []api.Version
	undos   []*bulk.Undo // newest first
	// stop, closed by Stop, stops the run between its parts
	// (api.WithBulkStop); stopped says it was, for the report.
	stop    chan struct{}
	stopped atomic.Bool
}

// Stop implements applyflow.StoppableJob: no part is sent after it; the
// parts under way end as they would.
func (j *job) Stop() {
	if j.stop != nil && j.stopped.CompareAndSwap(false, true) {
		close(j.stop)
	}
}

// CancelWords implements applyflow.StoppableJob.
func (j *job) CancelWords() (offer, cancelling string) {
	return "esc stops sending: the parts under way end, the others are not sent.",
		"Stopping: the parts under way end; the others will not be sent, and the results say which."
}

// Size implements applyflow.Job.
func (j *job) Size() int {
	n := len(j.deletes)
	for _, p := range j.parts {
		n += len(p.changes)
	}
	for _, u := range j.undos {
		n += len(u.Changes)
	}
	return n
}

// Words implements applyflow.Job.
func (j *job) Words() applyflow.Words {
	w := applyflow.Words{Verb: j.verb, Of: j.m.project.Key(), Sent: "the journal already holds the old values",
		Results: "Results", Record: "journal"}
	if j.kind == kindUndo {
		w.Results = "Undo results"
	}
	return w
}

// Start implements applyflow.Job: the journal is written first, and
// nothing is sent when it cannot be.
func (j *job) Start() (applyflow.Run, error) {
	journal, err := j.m.journal()
	if err != nil {
		return nil, err
	}
	rec := &bulk.PartsRecorder{Client: j.m.client}
	r := bulk.Runner{Client: rec, Reader: j.m.client, Journal: journal, Project: j.m.project.Key()}
	steps, m, k := j.steps(), j.m, j.kind
	planned := bulk.PlanParts(j.m.client, j.m.project.Key(), j.calls()...)
	j.stop = make(chan struct{})
	j.stopped.Store(false)
	stop, stopped := j.stop, &j.stopped
	return func(ctx context.Context, progress func(done int)) applyflow.Report {
		entries, err := run(api.WithBulkStop(ctx, stop), r, steps, progress)
		rep := report(k, entries, func() tea.Cmd { return m.ran(k, entries, err) })
		sent, failed := rec.Sent()
		if n := planned.Note(sent, failed, "marked ✗ below"); n != "" {
			rep.Notes = []string{n}
		}
		if stopped.Load() {
			rep = notSent(rep, entries)
		}
		rep.Notes = append(rep.Notes, differNote(entries)...)
		return rep
	}, nil
}

// calls are the IDs of each call of the client the job's run makes, in
// its order: the client splits each into parts.
func (j *job) calls() [][]string {
	var out [][]string
	for _, p := range j.parts {
		ids := make([]string, len(p.changes))
		for i, c := range p.changes {
			ids[i] = c.Before.ID
		}
		out = append(out, ids)
	}
	if len(j.deletes) > 0 {
		out = append(out, versionIDs(j.deletes))
	}
	for _, u := range j.undos {
		for _, g := range u.Groups {
			out = append(out, g.IDs)
		}
	}
	return out
}

// step is one call of the runner, and how many versions it sends.
type step struct {
	size int
	do   func(ctx context.Context, r *bulk.Runner) (*bulk.Entry, error)
}

func (j *job) steps() []step {
	var out []step
	for _, p := range j.parts {
		out = append(out, step{len(p.changes), func(ctx context.Context, r *bulk.Runner) (*bulk.Entry, error) {
			return r.Edit(ctx, p.changes, p.patch)
		}})
	}
	if len(j.deletes) > 0 {
		out = append(out, step{len(j.deletes), func(ctx context.Context, r *bulk.Runner) (*bulk.Entry, error) {
			return r.Delete(ctx, j.deletes)
		}})
	}
	for _, u := range j.undos {
		// The runner marks the entry undone; the screen keeps its own.
		cp, entry := *u, *u.Entry
		cp.Entry = &entry
		out = append(out, step{len(u.Changes), func(ctx context.Context, r *bulk.Runner) (*bulk.Entry, error) {
			return r.Undo(ctx, &cp)
		}})
	}
	return out
}

// run sends the steps in turn, counting the versions done across them,
// and stops at the first that could not be journaled.
func run(ctx context.Context, r bulk.Runner, steps []step, progress func(int)) ([]*bulk.Entry, error) {
	var entries []*bulk.Entry
	offset := 0
	for _, s := range steps {
		base := offset
		r.Progress = func(done, _ int) { progress(base + done) }
		e, err := s.do(ctx, &r)
		if e != nil {
			entries = append(entries, e)
		}
		if err != nil {
			return entries, err
		}
		offset += s.size
	}
	return entries, nil
}

// report is the entries' outcomes as the results show them: an undo's
// updates read "undone". Only what the runner found worth sending again
// is retried; a refusal says what to change instead.
func report(k kind, entries []*bulk.Entry, then func() tea.Cmd) applyflow.Report {
	rep := applyflow.Report{Then: then}
	for _, e := range entries {
		if e.InJournal() { // an entry of a run that changed nothing is removed
			rep.Record = append(rep.Record, e.ID)
		}
		for _, o := range e.Outcomes {
			status := string(o.Status)
			if k == kindUndo && o.Status == bulk.StatusUpdated {
				status = "undone"
			}
			failed := o.Status == bulk.StatusNotApplied || o.Status == bulk.StatusUnknown
			out := applyflow.Outcome{ID: o.ID, Name: o.Version, Status: status, Failed: failed, Retry: failed && o.Retry,
				Error: reason(o.Error), Differs: o.Differences}
			if err, ok := statusError(o.Error); ok && failed && !o.Retry {
				out.Fix = explain.Change(err, "them")
				if _, _, named := explain.FieldRule(err); named {
					out.Error = explain.Fields(err).Error()
				}
			}
			rep.Outcomes = append(rep.Outcomes, out)
		}
	}
	if len(rep.Record) == 0 && len(entries) > 0 {
		rep.Record = []string{"nothing kept, as no version changed"}
	}
	return rep
}

// notSent words the outcomes of a stopped run: a version whose part was
// not sent reads "not sent", and its reason says why; the summary counts
// them apart from those the server refused.
func notSent(rep applyflow.Report, entries []*bulk.Entry) applyflow.Report {
	unsent := map[string]bool{}
	for _, e := range entries {
		for _, o := range e.Outcomes {
			if o.NotSent {
				unsent[o.ID] = true
			}
		}
	}
	for i, o := range rep.Outcomes {
		if unsent[o.ID] {
			rep.Outcomes[i].Status, rep.Outcomes[i].Error = "not sent", "stopped before its part was sent"
		}
	}
	if len(unsent) > 0 {
		rep.Notes = append(rep.Notes, fmt.Sprintf("Stopped: %s not sent (r sends them).", applyflow.CountVersions(len(unsent))))
	}
	return rep
}

// reason is the server's reason in an outcome's error, which reads
// "PATCH /path: 403 …": the method and path are the same on every row.
func reason(err string) string {
	method, rest, _ := strings.Cut(err, " ")
	if method != "" && strings.ToUpper(method) == method && strings.HasPrefix(rest, "/") {
		if _, r, ok := strings.Cut(rest, ": "); ok {
			return r
		}
	}
	return err
}

// apiError reads an *api.Error back from its text ("PATCH /path: 403
// message (code)"), which is all a journal outcome keeps of it.
var apiError = regexp.MustCompile(`^([A-Z]+) (/\S*): (\d{3}) (.*?)(?: \(([a-z_]+)\))?$`)

// statusError is the API error an outcome's text holds, for wording the
// refusal; ok is false for any other failure (a lost connection).
func statusError(text string) (*api.Error, bool) {
	m := apiError.FindStringSubmatch(text)
	if m == nil {
		return nil, false
	}
	code, _ := strconv.Atoi(m[3])
	return &api.Error{StatusCode: code, Method: m[1], Path: m[2], Message: m[4], Code: m[5]}, true
}

// ran keeps the edits made here for their undo, and tells the list what
// changed. err is set when the journal could not be written.
func (m *Model) ran(k kind, entries []*bulk.Entry, err error) tea.Cmd {
	if k == kindEdit && m.kind == kindEdit {
		m.form.rejectFrom(entries)
	}
	for _, e := range entries {
		if k == kindEdit && len(e.Outcomes) > 0 { // an entry without outcomes sent nothing
			m.entries = append(m.entries, e)
			m.updated = m.updated || slices.ContainsFunc(e.Outcomes, func(o bulk.Outcome) bool { return o.Status == bulk.StatusUpdated })
		}
	}
	m.undone = m.undone || k == kindUndo
	return tea.Batch(changed(changedBy(m.project.Key(), entries)), common.ReportError(err, "writing the journal", nil))
}

// changedBy lists what the entries changed, for the versions screen: the
// values of versions updated (as the server holds them, which the runner
// found; else as expected), the IDs of versions deleted.
func changedBy(project string, entries []*bulk.Entry) common.VersionsChangedMsg {
	msg := common.VersionsChangedMsg{Project: project}
	for _, e := range entries {
		after := map[string]api.Version{}
		for _, v := range e.After {
			after[v.ID] = v
		}
		for _, o := range e.Outcomes {
			switch o.Status {
			case bulk.StatusUpdated:
				msg.Updated = append(msg.Updated, after[o.ID])
			case bulk.StatusDeleted:
				msg.Deleted = append(msg.Deleted, o.ID)
			}
		}
	}
	return msg
}
