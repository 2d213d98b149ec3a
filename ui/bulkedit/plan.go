package bulkedit

import (
	"fmt"
	"slices"
	"strconv"

	"rdash/api"
	"rdash/internal/bulk"
	"rdash/ui/applyflow"
	"rdash/ui/common"
)

// confirmOver is how many versions one enter may change; past it (or when
// the list's filter hides some of them) the screen asks, focused on Cancel.
const confirmOver = 5

// plan is what would be sent, as the preview lists it: exactly these
// versions, and no others, are sent when the user applies. It implements
// applyflow.Plan.
type plan struct {
	m       *Model // renders it, on the UI goroutine
	kind    kind
	changes []bulk.Change  // edit, undo: each version sent, before → after
	same    []api.Version  // edit: versions that already have the values; not sent
	patch   *api.BulkPatch // edit
	deletes []api.Version  // delete
	undos   []*bulk.Undo   // undo: one per entry undone, newest first
	entries []*bulk.Entry  // undo: the entries undone, newest first
	kept    []bulk.Kept    // undo: fields left alone, changed since the edit
	moved   []api.Version  // read: versions that changed since they were last seen
	parts   bulk.Parts     // the requests the client sends the plan in
	// channelNote says that a channel typed could not be checked (it is
	// sent as typed); channelRefused is why the server refused it, and
	// nothing can be sent.
	channelNote, channelRefused string
	// depNotes say which ID each project typed by slug was found to have;
	// depRefused is why one could not be found.
	depNotes   []string
	depRefused string
	nothing    bool // undo: the journal has nothing to undo
	// diffs are the changelog changes, by version ID, worked out with
	// the plan (in its command): a diff reads both texts whole.
	diffs map[string]applyflow.Diff
	drawn struct { // the preview's lines as last drawn
		width  int
		styles *common.Styles
		lines  []string
	}
}

// diffChangelogs works out the diff of every changelog the plan changes.
func (p *plan) diffChangelogs() {
	p.diffs = map[string]applyflow.Diff{}
	for _, c := range p.changes {
		for _, fc := range c.Fields {
			if fc.Field == "changelog" {
				p.diffs[c.Before.ID] = applyflow.NewDiff(c.Before.Changelog, c.After.Changelog)
			}
		}
	}
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
	p := &plan{kind: kindUndo, entries: entries}
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
		for _, v := range u.Moved {
			if !slices.ContainsFunc(p.moved, func(m api.Version) bool { return m.ID == v.ID }) {
				p.moved = append(p.moved, v)
			}
		}
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

// Job implements applyflow.Plan: what applying the plan sends.
func (p *plan) Job() applyflow.Job {
	j := &job{m: p.m, kind: p.kind, verb: map[kind]string{kindEdit: "applying the edit", kindDelete: "deleting", kindUndo: "undoing"}[p.kind]}
	switch p.kind {
	case kindDelete:
		j.deletes = p.deletes
	case kindUndo:
		j.undos = p.undos
	default:
		j.parts = []editPart{{changes: p.changes, patch: p.patch}}
	}
	return j
}

// Confirm implements applyflow.Plan: a deletion wants its count typed, as
// gh asks for a name; more than a handful of versions, or some the list's
// filter hides, are changed only after a second, explicit yes.
func (p *plan) Confirm() applyflow.Confirm {
	n := p.size()
	of := countVersions(n)
	if p.kind == kindDelete {
		return applyflow.Confirm{Answer: strconv.Itoa(n), Prompt: fmt.Sprintf("Type %d to delete %s: ", n, of),
			Wrong: fmt.Sprintf("Type %d to delete %s, or press esc to cancel.", n, of)}
	}
	hidden := p.m.hidden > 0 && p.kind != kindUndo
	if n <= confirmOver && !hidden {
		return applyflow.Confirm{}
	}
	of += " of " + p.m.projectName()
	c := applyflow.Confirm{Question: "Apply this edit to " + of + "?", Yes: "Apply"}
	if p.kind == kindUndo {
		c = applyflow.Confirm{Question: "Restore the old values of " + of + "?", Yes: "Restore"}
	}
	if hidden {
		c.Question += fmt.Sprintf(" (%d hidden by the filter)", p.m.hidden)
	}
	return c
}
