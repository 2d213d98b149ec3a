package bulkedit

import (
	"context"
	"fmt"
	"slices"

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
	undos   []*bulk.Undo // newest first
}

func (j job) size() int {
	n := len(j.deletes)
	for _, p := range j.parts {
		n += len(p.changes)
	}
	for _, u := range j.undos {
		n += len(u.Changes)
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
// values of versions updated (as the server answered, else as expected),
// the IDs of versions deleted.
func changedBy(project string, entries []*bulk.Entry) common.VersionsChangedMsg {
	msg := common.VersionsChangedMsg{Project: project}
	for _, e := range entries {
		after := map[string]api.Version{}
		for _, v := range append(slices.Clone(e.After), e.Returned...) {
			after[v.ID] = v // the server's answer, where there is one, wins
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

// retryJob is j restricted to the versions in failed: the same edit,
// deletion, or undo.
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
	for _, u := range j.undos {
		if r := restrictUndo(u, failed); len(r.Changes) > 0 {
			out.undos = append(out.undos, r)
		}
	}
	return out
}

// restrictUndo is u for the versions in keep only.
func restrictUndo(u *bulk.Undo, keep map[string]bool) *bulk.Undo {
	r := &bulk.Undo{Entry: u.Entry, Changes: keepChanges(u.Changes, keep)}
	for _, g := range u.Groups {
		var ids []string
		for _, id := range g.IDs {
			if keep[id] {
				ids = append(ids, id)
			}
		}
		if len(ids) > 0 {
			r.Groups = append(r.Groups, bulk.Group{IDs: ids, Patch: g.Patch})
		}
	}
	return r
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
