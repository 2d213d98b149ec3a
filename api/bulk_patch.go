package api

import (
	"slices"
)

// Validate checks the patch against the interface's rules: at least one
// field set, no replace combined with add/remove on the same field, and
// each value valid. A value both added and removed is refused as well,
// since the interface does not say which the server applies first. Field
// names are those of the JSON body ("add_platforms[0]").
func (p *BulkPatch) Validate() error {
	if p == nil || p.isEmpty() {
		return invalid("body", "sets no field")
	}
	return firstError(
		validateOptionalText("channel", p.Channel, 0),
		validateOptionalText("name", p.Name, MaxNameLength),
		validateListOps("minecraft_versions", p.MinecraftVersions, p.AddMinecraftVersions, p.RemoveMinecraftVersions, validateGameVersions, stringKey),
		validateListOps("platforms", p.Platforms, p.AddPlatforms, p.RemovePlatforms, validatePlatforms, stringKey),
		validateListOps("dependencies", p.Dependencies, p.AddDependencies, p.RemoveDependencies, validateDependencies, dependencyKey),
	)
}

func (p *BulkPatch) isEmpty() bool {
	return p.Channel == nil && p.Name == nil && p.Changelog == nil &&
		p.MinecraftVersions == nil && p.AddMinecraftVersions == nil && p.RemoveMinecraftVersions == nil &&
		p.Platforms == nil && p.AddPlatforms == nil && p.RemovePlatforms == nil &&
		p.Dependencies == nil && p.AddDependencies == nil && p.RemoveDependencies == nil
}

// validateListOps checks the replace, add and remove lists of one field. A
// list counts as set when it is non-nil, because that is when it is sent.
func validateListOps[T any](field string, replace, add, remove []T, check func(string, []T) error, key func(T) string) error {
	addField, removeField := "add_"+field, "remove_"+field
	switch {
	case replace != nil && add != nil:
		return invalid(addField, "cannot be combined with %s (replace)", field)
	case replace != nil && remove != nil:
		return invalid(removeField, "cannot be combined with %s (replace)", field)
	}
	for _, l := range []struct {
		field string
		list  []T
	}{{field, replace}, {addField, add}, {removeField, remove}} {
		if err := check(l.field, l.list); err != nil {
			return err
		}
	}
	added := make([]string, len(add))
	for i, v := range add {
		added[i] = key(v)
	}
	for i, v := range remove {
		if j := slices.Index(added, key(v)); j >= 0 {
			return invalid(item(removeField, i), "is also added by %s", item(addField, j))
		}
	}
	return nil
}

func stringKey(s string) string { return s }

// dependencyKey is what the server matches a removed dependency on: its
// type and its one identifier.
func dependencyKey(d Dependency) string {
	kind, id := d.Target()
	return d.Type + "\x00" + kind + "\x00" + id
}
