package bulkedit

import (
	"context"
	"errors"
	"slices"

	tea "charm.land/bubbletea/v2"

	"rdash/api"
	"rdash/internal/bulk"
	"rdash/internal/safe"
	"rdash/ui/applyflow"
	"rdash/ui/common"
)

// task is what a bulk screen hands the flow: the current values of some
// versions are read, so the preview and the journal start from the
// server's truth, not from a list that may be minutes old (the journal's
// old values are what undo puts back), and a plan is made from them.
type task struct {
	m       *Model // for the waiting preview and Planned; never read by Plan
	client  Client
	project string
	read    []api.Version // the versions read, as last seen: those that moved since are told
	fail    error         // why there is nothing to read (the journal could not be)
	// plan makes the plan from the versions' current values; it runs in
	// the flow's command, so it may ask the server more.
	plan func(ctx context.Context, current []api.Version) (*plan, error)
}

// Plan implements applyflow.Task.
func (t task) Plan(ctx context.Context) (applyflow.Plan, error) {
	if errors.Is(t.fail, bulk.ErrNothingToUndo) {
		return &plan{m: t.m, kind: kindUndo, nothing: true}, nil
	}
	if t.fail != nil {
		return nil, t.fail
	}
	current, err := bulk.Load(ctx, t.client, t.project, versionIDs(t.read))
	if err != nil {
		return nil, err
	}
	p, err := t.plan(ctx, current)
	if err != nil { // the form checked the edit; a failure here is a bug to show, not to send
		return nil, err
	}
	p.m = t.m
	p.diffChangelogs()
	p.parts = bulk.PlanParts(t.client, t.project, p.Job().(*job).calls()...)
	if p.kind == kindUndo {
		return p, nil // the journal keeps only what an undo needs: bulk.Undo.Moved says what moved
	}
	for i, v := range current {
		if len(bulk.Diff(t.read[i], v)) > 0 {
			p.moved = append(p.moved, v)
		}
	}
	return p, nil
}

// Waiting implements applyflow.Task.
func (t task) Waiting() applyflow.Preview {
	s := t.m.common.Styles
	return applyflow.Preview{Header: t.m.waitingHeader(),
		Lines: []string{s.Muted.Render("Reading the current values of " + countVersions(len(t.read)) + "…")}}
}

// Planned implements applyflow.Task: the list hears of the versions that
// moved on since it loaded them.
func (t task) Planned(p applyflow.Plan) tea.Cmd {
	if why := p.(*plan).channelRefused; why != "" {
		t.m.form.reject(fieldChannel, safe.Line(why)) // "the server does not know channel …"
	}
	if why := p.(*plan).depRefused; why != "" {
		t.m.form.reject(fieldDeps, safe.Line(why)) // "no project …: type its slug or its ID"
	}
	moved := p.(*plan).moved
	if len(moved) == 0 {
		return nil
	}
	return changed(common.VersionsChangedMsg{Project: t.m.project.Key(), Updated: moved})
}

func (m *Model) newTask(read []api.Version, plan func(context.Context, []api.Version) (*plan, error)) task {
	m.reading = len(read)
	return task{m: m, client: m.client, project: m.project.Key(), read: read, plan: plan}
}

// editTask previews the form's edit; the values it is made of are taken
// now, so the form may change while the plan is made. A channel typed
// that no version seen is in is asked of the server first
// (bulk.ResolveChannel): one it refuses blocks the plan, one it cannot
// confirm is sent as typed, with a note.
func (m *Model) editTask() task {
	edit, seen, typed := m.form.edit(), slices.Clone(m.form.channels), m.form.unseenChannel()
	c, project := m.client, m.project.Key()
	return m.newTask(m.selection, func(ctx context.Context, current []api.Version) (*plan, error) {
		e, channels := edit, slices.Clone(seen)
		var note, refused string
		if typed != "" {
			r, err := bulk.ResolveChannel(ctx, c, project, typed, current)
			var ve *api.ValidationError
			switch {
			case errors.As(err, &ve):
				refused = ve.Rule
			case err != nil:
				return nil, err
			default:
				e.Channel, channels = api.Ptr(r.Channel.ID), append(channels, r.Channel)
				note = r.Note(project)
			}
		}
		e, depNotes, depRefused, err := resolveSlugs(ctx, c, e)
		if err != nil {
			return nil, err
		}
		if depRefused != "" {
			return &plan{kind: kindEdit, depRefused: depRefused}, nil
		}
		patch, err := e.Patch()
		if err != nil {
			return nil, err
		}
		p := editPlan(current, e, patch, channels)
		p.channelNote, p.channelRefused, p.depNotes = note, refused, depNotes
		return p, nil
	})
}

func (m *Model) deleteTask() task {
	return m.newTask(m.selection, func(_ context.Context, current []api.Version) (*plan, error) {
		return &plan{kind: kindDelete, deletes: current}, nil
	})
}

// undoTask previews the undo of entries, newest first, on the current
// values of the versions they touched, so what changed since is kept. The
// versions are read as the edits left them, to tell what moved on since.
// err is why the journal could not say what to undo.
func (m *Model) undoTask(entries []*bulk.Entry, err error) task {
	var read []api.Version
	seen := map[string]bool{}
	for _, e := range entries {
		for _, v := range e.After {
			if !seen[v.ID] {
				seen[v.ID] = true
				read = append(read, v)
			}
		}
	}
	t := m.newTask(read, func(_ context.Context, current []api.Version) (*plan, error) {
		return undoPlan(entries, current), nil
	})
	t.fail = err
	return t
}

func changed(msg common.VersionsChangedMsg) tea.Cmd {
	return func() tea.Msg { return msg }
}
