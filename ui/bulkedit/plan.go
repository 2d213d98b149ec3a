package bulkedit

import (
	"rdash/api"
	"rdash/internal/bulk"
)

// confirmOver is how many versions one enter may change; past it (or when
// the list's filter hides some of them) the screen asks, focused on Cancel.
const confirmOver = 5

// plan is what would be sent, as the preview lists it: exactly these
// versions, and no others, are sent when the user applies.
type plan struct {
	kind    kind
	changes []bulk.Change  // edit, undo: each version sent, before → after
	same    []api.Version  // edit: versions that already have the values; not sent
	patch   *api.BulkPatch // edit
	deletes []api.Version  // delete
	undos   []*bulk.Undo   // undo: one per entry undone, newest first
	kept    []bulk.Kept    // undo: fields left alone, changed since the edit
}

func (p *plan) size() int {
	if p.kind == kindDelete {
		return len(p.deletes)
	}
	return len(p.changes)
}

// refused counts the changes the service would refuse (bulk.Change.Problem);
// the service then refuses the whole request, so none can be sent.
func (p *plan) refused() int {
	n := 0
	for _, c := range p.changes {
		if c.Problem != "" {
			n++
		}
	}
	return n
}

// editPlan previews e on the current values; versions it would not change
// are left out of the request.
func editPlan(current []api.Version, e bulk.Edit, patch *api.BulkPatch, channels []api.Channel) *plan {
	p := &plan{kind: kindEdit, patch: patch}
	for _, c := range bulk.Preview(current, e, channels) {
		if len(c.Fields) == 0 {
			p.same = append(p.same, c.Before)
			continue
		}
		p.changes = append(p.changes, c)
	}
	return p
}

// undoPlan previews the undo of entries (newest first) on current, the
// versions as the server has them now: each entry is planned on the values
// the undos before it leave (bulk.PlanUndo keeps changes made since). A
// version in two entries is listed once, with its final values.
func undoPlan(entries []*bulk.Entry, current []api.Version) *plan {
	p := &plan{kind: kindUndo}
	now := map[string]api.Version{}
	for _, v := range current {
		now[v.ID] = v
	}
	at := map[string]int{}
	for _, e := range entries {
		var vs []api.Version
		for _, id := range e.IDs() {
			if v, ok := now[id]; ok {
				vs = append(vs, v)
			}
		}
		u := bulk.PlanUndo(e, vs)
		p.undos, p.kept = append(p.undos, u), append(p.kept, u.Kept...)
		for _, c := range u.Changes {
			now[c.After.ID] = c.After
			if i, ok := at[c.Before.ID]; ok {
				p.changes[i].After, p.changes[i].Fields = c.After, bulk.Diff(p.changes[i].Before, c.After)
				continue
			}
			at[c.Before.ID] = len(p.changes)
			p.changes = append(p.changes, c)
		}
	}
	return p
}

// job is what applying the plan sends.
func (p *plan) job() job {
	switch p.kind {
	case kindDelete:
		return job{kind: kindDelete, deletes: p.deletes}
	case kindUndo:
		return job{kind: kindUndo, undos: p.undos}
	}
	return job{kind: kindEdit, parts: []editPart{{changes: p.changes, patch: p.patch}}}
}

// makePlan builds the plan once the current values are known.
func (m *Model) makePlan() {
	if m.undoing != nil {
		m.plan = undoPlan(m.undoing, m.current)
		m.scroll = 0
		return
	}
	switch m.kind {
	case kindDelete:
		m.plan = &plan{kind: kindDelete, deletes: m.current}
	case kindEdit:
		e := m.form.edit()
		patch, err := e.Patch()
		if err != nil { // the form checked it; a failure here is a bug to show, not to send
			m.loadErr = err
			return
		}
		m.plan = editPlan(m.current, e, patch, m.form.channels)
	}
	m.scroll = 0
}
