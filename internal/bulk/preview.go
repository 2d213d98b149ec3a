package bulk

import (
	"fmt"
	"slices"
	"strings"

	"rdash/api"
)

// Change is one version before and after an edit, computed locally.
type Change struct {
	Before api.Version
	After  api.Version
	Fields []FieldChange // only the fields whose value changes
	// Problem, when set, is why the service would refuse this version's
	// change; the service refuses the whole request then, so nothing may
	// be sent while any change has one.
	Problem string
}

// FieldChange is one field's old and new value, as display text.
type FieldChange struct {
	Field         string
	Before, After string
}

// Preview applies e to each version the way the service does, without
// sending anything. channels resolves a channel ID or slug to the channel
// (from the versions seen); an unknown one is shown by the text given.
func Preview(versions []api.Version, e Edit, channels []api.Channel) []Change {
	out := make([]Change, 0, len(versions))
	for _, v := range versions {
		after := Apply(v, e, channels)
		out = append(out, Change{Before: v, After: after, Fields: Diff(v, after), Problem: problem(after)})
	}
	return out
}

// problem finds what the service refuses in a version after an edit: a
// dependency target listed twice, which an add of a target the version
// already has with another type produces.
func problem(v api.Version) string {
	for i, d := range v.Dependencies {
		for _, e := range v.Dependencies[:i] {
			if sameTarget(d, e) {
				kind, id := d.Target()
				return fmt.Sprintf("dependencies: %s would depend on %s %s twice (as %s and as %s); "+
					"remove the %s one in the same edit to change its type", v.Version, kind, id, e.Type, d.Type, e.Type)
			}
		}
	}
	return ""
}

// ProblemError is returned when a preview has problems: nothing was sent.
type ProblemError struct{ Changes []Change }

func (e *ProblemError) Error() string {
	for _, c := range e.Changes {
		if c.Problem != "" {
			n := fmt.Sprintf("%d versions cannot", e.count())
			if e.count() == 1 {
				n = "1 version cannot"
			}
			return fmt.Sprintf("nothing was sent: %s take this edit; first: %s", n, c.Problem)
		}
	}
	return "nothing was sent"
}

func (e *ProblemError) count() int {
	n := 0
	for _, c := range e.Changes {
		if c.Problem != "" {
			n++
		}
	}
	return n
}

// Check returns a *ProblemError when any change has a problem.
func Check(changes []Change) error {
	if slices.ContainsFunc(changes, func(c Change) bool { return c.Problem != "" }) {
		return &ProblemError{Changes: changes}
	}
	return nil
}

// Apply returns v with e applied.
func Apply(v api.Version, e Edit, channels []api.Channel) api.Version {
	if e.Channel != nil {
		v.Channel = resolveChannel(*e.Channel, channels)
	}
	if e.Name != nil {
		v.Name = *e.Name
	}
	if e.Changelog != nil {
		v.Changelog = *e.Changelog
	}
	v.MinecraftVersions = applyList(v.MinecraftVersions, e.GameVersions, sameValue[string], sameValue[string])
	v.Platforms = applyList(v.Platforms, e.Platforms, sameValue[string], sameValue[string])
	v.Dependencies = applyList(v.Dependencies, e.Dependencies, sameDependency, sameDependency)
	return v
}

func sameValue[T comparable](a, b T) bool { return a == b }

// sameTarget matches dependencies that reference the same thing, which the
// interface forbids twice in one list (see problem).
func sameTarget(a, b api.Dependency) bool {
	ak, aid := a.Target()
	bk, bid := b.Target()
	return ak == bk && aid == bid
}

// sameDependency is how add and remove match: on type and the one
// identifier, as the service does.
func sameDependency(a, b api.Dependency) bool { return a.Type == b.Type && sameTarget(a, b) }

// applyList removes matching values, then adds values not yet present
// (keeping order), as the service does; present reports a value already in
// the list, match one to remove. Removing first lets one edit change a
// dependency's type: remove {optional, X} and add {required, X}.
func applyList[T comparable](cur []T, l ListEdit[T], present, match func(a, b T) bool) []T {
	switch l.Mode {
	case Replace:
		return slices.Clone(l.Set)
	case AddRemove:
		out := slices.DeleteFunc(slices.Clone(cur), func(x T) bool {
			return slices.ContainsFunc(l.Remove, func(r T) bool { return match(x, r) })
		})
		for _, a := range l.Add {
			if !slices.ContainsFunc(out, func(x T) bool { return present(x, a) }) {
				out = append(out, a)
			}
		}
		return out
	}
	return cur
}

func resolveChannel(ref string, channels []api.Channel) api.Channel {
	for _, c := range channels {
		if c.ID == ref || c.Slug == ref {
			return c
		}
	}
	return api.Channel{ID: ref, Slug: ref, Name: ref}
}

// Diff lists the fields of the bulk-editable metadata that differ.
func Diff(a, b api.Version) []FieldChange {
	var out []FieldChange
	add := func(field, x, y string) {
		if x != y {
			out = append(out, FieldChange{field, x, y})
		}
	}
	add("channel", a.Channel.Slug, b.Channel.Slug)
	add("name", a.Name, b.Name)
	add("changelog", a.Changelog, b.Changelog)
	add("game versions", strings.Join(a.MinecraftVersions, ", "), strings.Join(b.MinecraftVersions, ", "))
	add("platforms", strings.Join(a.Platforms, ", "), strings.Join(b.Platforms, ", "))
	add("dependencies", FormatDependencies(a.Dependencies), FormatDependencies(b.Dependencies))
	return out
}

// FormatDependencies renders dependencies compactly, as "required
// project:AbCd1234, optional external:Foo".
func FormatDependencies(deps []api.Dependency) string {
	parts := make([]string, len(deps))
	for i, d := range deps {
		kind, id := d.Target()
		parts[i] = fmt.Sprintf("%s %s:%s", d.Type, kind, id)
	}
	return strings.Join(parts, ", ")
}

// Channels collects the distinct channels of versions, in first-seen order.
func Channels(versions []api.Version) []api.Channel {
	var out []api.Channel
	for _, v := range versions {
		if !slices.ContainsFunc(out, func(c api.Channel) bool { return c.ID == v.Channel.ID }) {
			out = append(out, v.Channel)
		}
	}
	return out
}
