package bulkedit

import (
	"context"
	"fmt"

	"charm.land/bubbles/v2/progress"
	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/internal/bulk"
	"rdash/ui/common"
)

// editPart is one patch sent to some versions.
type editPart struct {
	changes []bulk.Change
	patch   *api.BulkPatch
}

// job is what one run sends: edits (one part, or one per group of old
// values when undo failures are retried), a deletion, or undos.
type job struct {
	kind    kind
	parts   []editPart
	deletes []api.Version
	entries []*bulk.Entry // newest first
}

func (j job) size() int {
	n := len(j.deletes)
	for _, p := range j.parts {
		n += len(p.changes)
	}
	for _, e := range j.entries {
		n += len(bulk.UndoPreview(e))
	}
	return n
}

// step is one call of the runner, and how many versions it sends.
type step struct {
	size int
	do   func(ctx context.Context, r *bulk.Runner) (*bulk.Entry, error)
}

func (j job) steps() []step {
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
	for _, e := range j.entries {
		cp := *e // the runner marks its entry undone; the screen keeps its own
		out = append(out, step{len(bulk.UndoPreview(e)), func(ctx context.Context, r *bulk.Runner) (*bulk.Entry, error) {
			return r.Undo(ctx, &cp)
		}})
	}
	return out
}

// runState is the run in progress.
type runState struct {
	done, total int
	what        string
	bar         progress.Model
	ch          chan progressMsg
}

// progressMsg is a count of versions sent, from the runner's goroutines.
// ch names the run: a message of another run (or screen) is dropped.
type progressMsg struct {
	ch          chan progressMsg
	done, total int
}

// runDoneMsg carries the journal entries of a finished run, with their
// outcomes. err is set when the journal could not be written.
type runDoneMsg struct {
	ch      chan progressMsg
	entries []*bulk.Entry
	err     error
}

// runJob sends j through the runner. Progress arrives on ch, which is
// closed when the run ends; waitProgress turns it into messages.
func runJob(ctx context.Context, r bulk.Runner, j job, ch chan progressMsg) tea.Cmd {
	return func() tea.Msg {
		defer close(ch)
		msg := runDoneMsg{ch: ch}
		offset, total := 0, j.size()
		for _, s := range j.steps() {
			base := offset
			r.Progress = func(done, _ int) {
				select {
				case ch <- progressMsg{ch: ch, done: base + done, total: total}:
				default: // the screen is behind; a later count says more
				}
			}
			e, err := s.do(ctx, &r)
			if e != nil {
				msg.entries = append(msg.entries, e)
			}
			if err != nil {
				msg.err = err
				break
			}
			offset += s.size
		}
		return msg
	}
}

// waitProgress waits for the next count; it is started again after each.
func waitProgress(ch chan progressMsg) tea.Cmd {
	return func() tea.Msg {
		p, ok := <-ch
		if !ok {
			return nil
		}
		return p
	}
}

// start runs j: the journal is written first, and nothing is sent when it
// cannot be.
func (m *Model) start(j job, what string) tea.Cmd {
	journal, err := m.journal()
	if err != nil {
		return common.ReportError(err, what, nil)
	}
	m.job, m.asking, m.stage = j, false, stageRunning
	m.run.done, m.run.total = 0, j.size()
	m.run.what = fmt.Sprintf("%s: %s of %s", what, countVersions(m.run.total), m.project.Key())
	m.run.bar = progress.New(progress.WithWidth(max(min(m.width-4, 60), 10)))
	m.run.ch = make(chan progressMsg, 64)
	r := bulk.Runner{Client: m.common.Client, Journal: journal, Project: m.project.Key()}
	return tea.Batch(runJob(m.ctx, r, j, m.run.ch), waitProgress(m.run.ch))
}

// progressed shows a count and waits for the next one.
func (m *Model) progressed(msg progressMsg) tea.Cmd {
	if msg.ch != m.run.ch || m.stage != stageRunning {
		return nil
	}
	m.run.done, m.run.total = max(m.run.done, msg.done), msg.total
	return waitProgress(m.run.ch)
}

// runDone shows the results and tells the list what changed.
func (m *Model) runDone(msg runDoneMsg) tea.Cmd {
	if msg.ch != m.run.ch || m.stage != stageRunning {
		return nil
	}
	if m.results == nil || !m.results.retrying { // a retry adds to the results it retries
		m.results = newResults(m.job.kind)
	}
	m.results.retrying = false
	m.results.add(msg.entries)
	m.stage, m.scroll = stageResults, 0
	for _, e := range msg.entries {
		if m.job.kind == kindEdit && len(e.Outcomes) > 0 { // an entry without outcomes sent nothing
			m.entries = append(m.entries, e)
		}
	}
	m.undone = m.undone || m.job.kind == kindUndo
	cmds := []tea.Cmd{changed(changedBy(m.project.Key(), msg.entries))}
	if msg.err != nil {
		cmds = append(cmds, common.ReportError(msg.err, "writing the journal", nil))
	}
	return tea.Batch(cmds...)
}

// changedBy lists what the entries changed, for the versions screen: the
// expected values of versions updated, the IDs of versions deleted.
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

// retry sends the last job again to the versions that did not end as
// intended: the same edit, deletion, or restore of old values.
func (m *Model) retry() tea.Cmd {
	failed := m.results.failed()
	if len(failed) == 0 {
		return nil
	}
	j := retryJob(m.job, failed)
	m.results.retrying = true
	return m.start(j, "retrying")
}

// retryJob is j restricted to the versions in failed. An undo is retried
// as edits that put the old values back, one per group of equal values,
// since the entries it undid are already marked undone.
func retryJob(j job, failed map[string]bool) job {
	out := job{kind: j.kind}
	for _, p := range j.parts {
		if cs := keepChanges(p.changes, failed); len(cs) > 0 {
			out.parts = append(out.parts, editPart{changes: cs, patch: p.patch})
		}
	}
	for _, v := range j.deletes {
		if failed[v.ID] {
			out.deletes = append(out.deletes, v)
		}
	}
	if j.kind == kindUndo {
		out.kind = kindEdit
		out.parts = restoreParts(j.entries, failed)
	}
	return out
}

func keepChanges(cs []bulk.Change, keep map[string]bool) []bulk.Change {
	var out []bulk.Change
	for _, c := range cs {
		if keep[c.Before.ID] {
			out = append(out, c)
		}
	}
	return out
}

// restoreParts are the edits that put back the old values of the failed
// versions of entries, grouped as bulk.UndoGroups groups them.
func restoreParts(entries []*bulk.Entry, failed map[string]bool) []editPart {
	var out []editPart
	done := map[string]bool{}
	for _, e := range entries {
		changes := map[string]bulk.Change{}
		sub := &bulk.Entry{Patch: e.Patch}
		for _, c := range bulk.UndoPreview(e) {
			if failed[c.Before.ID] && !done[c.Before.ID] {
				done[c.Before.ID] = true
				changes[c.Before.ID] = c
				sub.Before = append(sub.Before, c.After)
			}
		}
		for _, g := range bulk.UndoGroups(sub) {
			p := editPart{patch: g.Patch}
			for _, id := range g.IDs {
				p.changes = append(p.changes, changes[id])
			}
			out = append(out, p)
		}
	}
	return out
}
