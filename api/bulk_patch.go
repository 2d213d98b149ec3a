package api

// Validate checks the patch against the interface's rules: no replace
// combined with add/remove on the same field, platforms from the
// enumeration, dependencies as the Dependency table says, a name of at
// most 64 characters. A patch that sets no field is refused too: it would
// change nothing. Field names are those of the JSON body
// ("add_platforms[0]").
func (p *BulkPatch) Validate() error {
	if p == nil || p.isEmpty() {
		return invalid("body", "sets no field")
	}
	return firstError(
		validateOptionalLength("name", p.Name, MaxNameLength),
		validateListOps("minecraft_versions", p.MinecraftVersions, p.AddMinecraftVersions, p.RemoveMinecraftVersions, nil),
		validateListOps("platforms", p.Platforms, p.AddPlatforms, p.RemovePlatforms, validatePlatforms),
		validateListOps("dependencies", p.Dependencies, p.AddDependencies, p.RemoveDependencies, validateDependencies),
	)
}

func (p *BulkPatch) isEmpty() bool {
	return p.Channel == nil && p.Name == nil && p.Changelog == nil &&
		p.MinecraftVersions == nil && p.AddMinecraftVersions == nil && p.RemoveMinecraftVersions == nil &&
		p.Platforms == nil && p.AddPlatforms == nil && p.RemovePlatforms == nil &&
		p.Dependencies == nil && p.AddDependencies == nil && p.RemoveDependencies == nil
}

// validateListOps checks the replace, add and remove lists of one field,
// each with check when there is one. A list counts as set when it is
// non-nil, because that is when it is sent.
func validateListOps[T any](field string, replace, add, remove []T, check func(string, []T) error) error {
	addField, removeField := "add_"+field, "remove_"+field
	switch {
	case replace != nil && add != nil:
		return invalid(addField, "cannot be combined with %s (replace)", field)
	case replace != nil && remove != nil:
		return invalid(removeField, "cannot be combined with %s (replace)", field)
	case check == nil:
		return nil
	}
	return firstError(check(field, replace), check(addField, add), check(removeField, remove))
}
