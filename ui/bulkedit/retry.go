package bulkedit

import (
	"rdash/internal/bulk"
	"rdash/ui/applyflow"
)

// Retry implements applyflow.Job: the same edit, deletion, or undo,
// restricted to the versions in failed.
func (j *job) Retry(failed map[string]bool) applyflow.Job {
	out := &job{m: j.m, kind: j.kind, verb: "retrying"}
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
