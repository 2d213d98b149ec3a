package bulk

import (
	"encoding/json"
	"slices"

	"rdash/api"
)

// Group is one request of an undo: versions whose old values were equal,
// restored by one patch.
type Group struct {
	IDs   []string
	Patch *api.BulkPatch
}

// UndoGroups returns the patches that restore the fields e changed to their
// old values, one per group of identical old values, in a stable order.
// Only versions whose change was applied or may have been are included.
func UndoGroups(e *Entry) []Group {
	var groups []Group
	index := map[string]int{}
	for _, v := range e.Before {
		if !needsUndo(e, v.ID) {
			continue
		}
		p := restorePatch(e.Patch, v)
		key, _ := json.Marshal(p)
		i, ok := index[string(key)]
		if !ok {
			i = len(groups)
			index[string(key)] = i
			groups = append(groups, Group{Patch: p})
		}
		groups[i].IDs = append(groups[i].IDs, v.ID)
	}
	return groups
}

func needsUndo(e *Entry, id string) bool {
	i := slices.IndexFunc(e.Outcomes, func(o Outcome) bool { return o.ID == id })
	return i < 0 || e.Outcomes[i].Status != StatusNotApplied
}

// restorePatch sets every field that p touched back to v's value; lists are
// replaced whole, since that restores them exactly.
func restorePatch(p *api.BulkPatch, v api.Version) *api.BulkPatch {
	r := &api.BulkPatch{}
	if p.Channel != nil {
		r.Channel = api.Ptr(v.Channel.ID)
	}
	if p.Name != nil {
		r.Name = api.Ptr(v.Name)
	}
	if p.Changelog != nil {
		r.Changelog = api.Ptr(v.Changelog)
	}
	if p.MinecraftVersions != nil || p.AddMinecraftVersions != nil || p.RemoveMinecraftVersions != nil {
		r.MinecraftVersions = nonNil(slices.Clone(v.MinecraftVersions))
	}
	if p.Platforms != nil || p.AddPlatforms != nil || p.RemovePlatforms != nil {
		r.Platforms = nonNil(slices.Clone(v.Platforms))
	}
	if p.Dependencies != nil || p.AddDependencies != nil || p.RemoveDependencies != nil {
		r.Dependencies = nonNil(slices.Clone(v.Dependencies))
	}
	return r
}

// UndoPreview shows what undoing e does: from the values the edit set to
// the journaled old ones, for the versions an undo touches.
func UndoPreview(e *Entry) []Change {
	before := byID(e.Before)
	var out []Change
	for _, after := range e.After {
		old, ok := before[after.ID]
		if !ok || !needsUndo(e, after.ID) {
			continue
		}
		out = append(out, Change{Before: after, After: old, Fields: Diff(after, old)})
	}
	return out
}
