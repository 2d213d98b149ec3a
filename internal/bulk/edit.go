// Package bulk is the logic of bulk edits shared by the dashboard and the
// command line: the edit a user builds, its local preview, the journal of
// old values, undo, and an apply step that verifies what it cannot know.
package bulk

import (
	"rdash/api"
)

// Mode is what an edit does to one list field.
type Mode int

// The modes of a list field. Replace and AddRemove are exclusive by
// construction, so the interface's forbidden mix cannot be built.
const (
	Keep Mode = iota
	Replace
	AddRemove
)

func (m Mode) String() string {
	return [...]string{"keep", "replace", "add/remove"}[m]
}

// ListEdit is the change to one list field.
type ListEdit[T comparable] struct {
	Mode   Mode
	Set    []T // Replace: the new list (may be empty)
	Add    []T // AddRemove: values to add
	Remove []T // AddRemove: values to remove
}

// NewListEdit builds a ListEdit from the three inputs a command line has,
// rejecting the forbidden mix with an error that names the field.
func NewListEdit[T comparable](field string, set []T, setGiven bool, add, remove []T) (ListEdit[T], error) {
	switch {
	case setGiven && (len(add) > 0 || len(remove) > 0):
		return ListEdit[T]{}, &api.ValidationError{Field: field,
			Rule: "a replace cannot be combined with add or remove on the same field"}
	case setGiven:
		return ListEdit[T]{Mode: Replace, Set: nonNil(set)}, nil
	case len(add) > 0 || len(remove) > 0:
		return ListEdit[T]{Mode: AddRemove, Add: add, Remove: remove}, nil
	}
	return ListEdit[T]{}, nil
}

// Edit is a bulk metadata change to several versions.
type Edit struct {
	Channel      *string // channel ID or slug
	Name         *string
	Changelog    *string
	GameVersions ListEdit[string]
	Platforms    ListEdit[string]
	Dependencies ListEdit[api.Dependency]
}

// Empty reports whether the edit changes nothing.
func (e Edit) Empty() bool {
	return e.Channel == nil && e.Name == nil && e.Changelog == nil &&
		e.GameVersions.Mode == Keep && e.Platforms.Mode == Keep && e.Dependencies.Mode == Keep
}

// Patch returns the request body of the edit, checked by the API client's
// rules (api.BulkPatch.Validate, the one place they live) so the caller
// learns of a bad value, by its field's name, before anything is read or
// sent. The rules are not repeated here.
func (e Edit) Patch() (*api.BulkPatch, error) {
	if e.Empty() {
		return nil, &api.ValidationError{Field: "edit", Rule: "nothing to change: set at least one field"}
	}
	p := &api.BulkPatch{Channel: e.Channel, Name: e.Name, Changelog: e.Changelog}
	p.MinecraftVersions, p.AddMinecraftVersions, p.RemoveMinecraftVersions = lists(e.GameVersions)
	p.Platforms, p.AddPlatforms, p.RemovePlatforms = lists(e.Platforms)
	p.Dependencies, p.AddDependencies, p.RemoveDependencies = lists(e.Dependencies)
	if err := p.Validate(); err != nil {
		return nil, err
	}
	return p, nil
}

func lists[T comparable](l ListEdit[T]) (set, add, remove []T) {
	switch l.Mode {
	case Replace:
		return nonNil(l.Set), nil, nil
	case AddRemove:
		return nil, l.Add, l.Remove
	}
	return nil, nil, nil
}

// nonNil turns nil into an empty slice so that "replace with nothing" is
// sent as [] rather than omitted.
func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
