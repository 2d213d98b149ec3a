package bulk

import (
	"encoding/json"
	"slices"

	"rdash/api"
)

// Undo is how to undo one journaled edit on the versions as they are now:
// exactly the changes a preview shows and the requests that make them.
type Undo struct {
	Entry   *Entry   // the edit undone
	Changes []Change // each version sent: Before is now, After is restored
	Groups  []Group  // one request per identical patch
	Kept    []Kept   // fields left alone: they changed since the edit
	// Moved are the versions, as they are now, that changed since the
	// edit in a field it changed (back, or to a third value).
	Moved []api.Version
}

// Group is one request of an undo: versions that take the same patch.
type Group struct {
	IDs   []string
	Patch *api.BulkPatch
}

// Kept is a field an undo leaves as it is, because someone changed it
// after the edit; restoring it would throw that change away.
type Kept struct {
	ID      string `json:"id"`
	Version string `json:"version"`
	Field   string `json:"field"`
}

// PlanUndo works out how to undo e on current, the versions as the server
// has them now. Per field and version: a field the edit did not change, or
// that is already back to its old value, is left out; a field still as the
// edit left it is restored exactly; a list changed since gets the inverse
// of the edit (what it added is removed, what it removed is added back), so
// later additions survive; any other field changed since is kept.
func PlanUndo(e *Entry, current []api.Version) *Undo {
	u := &Undo{Entry: e}
	before, after := byID(e.Before), byID(e.After)
	index := map[string]int{}
	for _, c := range current {
		b, okB := before[c.ID]
		a, okA := after[c.ID]
		if !okB || !okA {
			continue
		}
		p, restored, kept := restore(b, a, c)
		u.Kept = append(u.Kept, kept...)
		if movedSince(b, a, c) {
			u.Moved = append(u.Moved, c)
		}
		if p == nil {
			continue
		}
		u.Changes = append(u.Changes, Change{Before: c, After: restored, Fields: Diff(c, restored), Problem: problem(restored)})
		key, _ := json.Marshal(p)
		i, ok := index[string(key)]
		if !ok {
			i = len(u.Groups)
			index[string(key)] = i
			u.Groups = append(u.Groups, Group{Patch: p})
		}
		u.Groups[i].IDs = append(u.Groups[i].IDs, c.ID)
	}
	return u
}

// restore returns the patch that undoes the edit b → a on c (nil when
// there is nothing to do), c as it would be afterwards, and the fields
// kept because they changed since.
func restore(b, a, c api.Version) (*api.BulkPatch, api.Version, []Kept) {
	p, r := &api.BulkPatch{}, c
	var kept []Kept
	keep := func(field string) { kept = append(kept, Kept{ID: c.ID, Version: c.Version, Field: field}) }
	switch scalarFunc(b.Channel, a.Channel, c.Channel, sameChannel) {
	case restoreField:
		p.Channel, r.Channel = api.Ptr(b.Channel.ID), b.Channel
	case keepField:
		keep("channel")
	}
	switch scalar(b.Name, a.Name, c.Name) {
	case restoreField:
		p.Name, r.Name = api.Ptr(b.Name), b.Name
	case keepField:
		keep("name")
	}
	switch scalar(b.Changelog, a.Changelog, c.Changelog) {
	case restoreField:
		p.Changelog, r.Changelog = api.Ptr(b.Changelog), b.Changelog
	case keepField:
		keep("changelog")
	}
	p.MinecraftVersions, p.AddMinecraftVersions, p.RemoveMinecraftVersions, r.MinecraftVersions =
		restoreList(b.MinecraftVersions, a.MinecraftVersions, c.MinecraftVersions, sameValue[string])
	p.Platforms, p.AddPlatforms, p.RemovePlatforms, r.Platforms =
		restoreList(b.Platforms, a.Platforms, c.Platforms, sameValue[string])
	p.Dependencies, p.AddDependencies, p.RemoveDependencies, r.Dependencies =
		restoreList(b.Dependencies, a.Dependencies, c.Dependencies, sameDependency)
	if len(Diff(c, r)) == 0 {
		return nil, c, kept
	}
	return p, r, kept
}

// movedSince reports whether c differs from a, what the edit b → a left,
// in a field the edit changed. The journal keeps only those fields
// (compact), so the others cannot be compared.
func movedSince(b, a, c api.Version) bool {
	moved := func(changed, kept bool) bool { return changed && !kept }
	eqStrings := func(x, y []string) bool { return slices.Equal(x, y) }
	eqDeps := func(x, y []api.Dependency) bool { return slices.EqualFunc(x, y, sameDependency) }
	return moved(!sameChannel(a.Channel, b.Channel), sameChannel(c.Channel, a.Channel)) ||
		moved(a.Name != b.Name, c.Name == a.Name) ||
		moved(a.Changelog != b.Changelog, c.Changelog == a.Changelog) ||
		moved(!eqStrings(a.MinecraftVersions, b.MinecraftVersions), eqStrings(c.MinecraftVersions, a.MinecraftVersions)) ||
		moved(!eqStrings(a.Platforms, b.Platforms), eqStrings(c.Platforms, a.Platforms)) ||
		moved(!eqDeps(a.Dependencies, b.Dependencies), eqDeps(c.Dependencies, a.Dependencies))
}

type fieldAction int

const (
	skipField fieldAction = iota
	restoreField
	keepField
)

// scalar decides for a one-value field with old value b, edited value a
// and current value c.
func scalar[T comparable](b, a, c T) fieldAction {
	return scalarFunc(b, a, c, sameValue[T])
}

// scalarFunc is scalar with values matched by same.
func scalarFunc[T any](b, a, c T, same func(x, y T) bool) fieldAction {
	switch {
	case same(a, b), same(c, b):
		return skipField
	case same(c, a):
		return restoreField
	}
	return keepField
}

// restoreList returns the list operations that undo b → a on c, and c
// afterwards: a replace when c is still a (exact, order included), else the
// inverse add and remove.
func restoreList[T comparable](b, a, c []T, same func(x, y T) bool) (set, add, remove, out []T) {
	eq := func(x, y []T) bool { return slices.EqualFunc(x, y, same) }
	switch {
	case eq(a, b), eq(c, b):
		return nil, nil, nil, c
	case eq(c, a):
		return nonNil(slices.Clone(b)), nil, nil, slices.Clone(b)
	}
	added, removed := minus(a, b, same), minus(b, a, same)
	l := ListEdit[T]{Mode: AddRemove, Add: removed, Remove: added}
	out = applyList(c, l, same, same)
	if eq(out, c) {
		return nil, nil, nil, c
	}
	return nil, removed, added, out
}

// minus is the elements of x not in y, in x's order.
func minus[T any](x, y []T, same func(a, b T) bool) []T {
	var out []T
	for _, v := range x {
		if !slices.ContainsFunc(y, func(w T) bool { return same(v, w) }) {
			out = append(out, v)
		}
	}
	return out
}
