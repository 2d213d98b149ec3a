package artifact

import (
	"fmt"
	"slices"
	"strings"

	"rdash/api"
)

// fabricLoaderIDs are the game, Java and the loader: not dependencies a
// user installs from the service unless rdash.yml maps them. Fabric API
// is a mod a user installs: it is sent (see apiGroupOf).
var fabricLoaderIDs = []string{"minecraft", "java", "fabricloader"}

// fabricSections maps fabric.mod.json's dependency sections to types.
var fabricSections = [...][2]string{
	{"depends", api.DependencyRequired},
	{"recommends", api.DependencyOptional},
	{"suggests", api.DependencyOptional},
	{"breaks", api.DependencyIncompatible},
	{"conflicts", api.DependencyIncompatible},
}

// readFabric reads fabric.mod.json: version, name (the id when absent),
// depends.minecraft for game versions, and the dependency sections.
func readFabric(b []byte) (*meta, error) {
	root, err := parseJSON(memberFabric, b)
	if err != nil {
		return nil, err
	}
	m := &meta{member: memberFabric, platforms: []string{"fabric"}, platformsFrom: memberFabric + ": a Fabric mod", depsDeclared: true}
	var vals [3]string
	for i, key := range []string{"id", "name", "version"} {
		if vals[i], err = jText(memberFabric, root.get(key), key); err != nil {
			return nil, err
		}
	}
	m.id = vals[0]
	m.setText(&m.version, "version", "version", vals[2])
	if vals[1] == "" {
		m.setText(&m.name, "name", "id", vals[0])
	} else {
		m.setText(&m.name, "name", "name", vals[1])
	}
	m.gamesGap = memberFabric + " has no depends.minecraft, so it names no game version"
	for _, sec := range fabricSections {
		if err := fabricSection(m, root.get(sec[0]), sec[0], sec[1]); err != nil {
			return nil, err
		}
	}
	return m, readMCPublish(m, root.get("custom").get("mc-publish"), "custom.mc-publish")
}

// fabricSection reads one section: mod id → version range (a string, or
// a list of which any may match).
func fabricSection(m *meta, sec *jnode, key, typ string) error {
	if err := jKind(memberFabric, sec, key, '{'); err != nil || sec == nil {
		return err
	}
	for i, id := range sec.keys {
		ranges, err := jTexts(memberFabric, sec.vals[i], key+"."+id)
		if err != nil {
			return err
		}
		if key == "depends" && id == "minecraft" {
			m.setRange(key+".minecraft", strings.Join(ranges, " || "), parseSemverRange)
		}
		m.boundedDep(id, typ, fmt.Sprintf("%s: %s %q", memberFabric, key, id), slices.Contains(fabricLoaderIDs, id), strings.Join(ranges, " || "))
	}
	return nil
}
