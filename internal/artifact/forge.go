package artifact

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/BurntSushi/toml"

	"rdash/api"
)

// modsToml is the part of META-INF/mods.toml and neoforge.mods.toml read
// here: the mods, and each mod's dependencies keyed by its modId.
type modsToml struct {
	Mods []struct {
		ModID       string `toml:"modId"`
		Version     string `toml:"version"`
		DisplayName string `toml:"displayName"`
	} `toml:"mods"`
	Dependencies map[string][]forgeDep `toml:"dependencies"`
}

// forgeDep is a [[dependencies.MODID]] entry: Forge says mandatory,
// NeoForge says type (required, optional, incompatible, discouraged).
type forgeDep struct {
	ModID        string `toml:"modId"`
	Mandatory    *bool  `toml:"mandatory"`
	Type         string `toml:"type"`
	VersionRange string `toml:"versionRange"`
}

// forgeLoaderIDs are the game and the loaders.
var forgeLoaderIDs = []string{"minecraft", "forge", "neoforge"}

// jarVersion is the placeholder Forge fills from the manifest.
const jarVersion = "${file.jarVersion}"

// readForge reads a mods.toml (member says which): the first mod's
// version (${file.jarVersion} from the manifest's Implementation-Version)
// and displayName, the minecraft dependency's versionRange for game
// versions, and the dependencies. A mods.toml that depends on neoforge is
// a NeoForge mod: NeoForge for 1.20.1 to 1.20.4 read that file name.
func readForge(member string, b []byte, manifest map[string]string) (*meta, error) {
	var f modsToml
	if _, err := toml.Decode(string(b), &f); err != nil {
		return nil, tomlError(member, err)
	}
	if len(f.Mods) == 0 {
		return nil, malformed(member, 0, "it has no [[mods]] entry")
	}
	mod := f.Mods[0]
	m := &meta{member: member, depsDeclared: true, id: mod.ModID}
	if len(f.Mods) > 1 {
		m.notes = append(m.notes, fmt.Sprintf("%s declares %d mods; read the first, %q", member, len(f.Mods), mod.ModID))
	}
	forgeVersion(m, mod.Version, manifest)
	if mod.DisplayName == "" {
		m.setText(&m.name, "name", "modId", mod.ModID)
	} else {
		m.setText(&m.name, "name", "displayName", mod.DisplayName)
	}
	m.gamesGap = member + " has no minecraft dependency, so it names no game version"
	deps := f.Dependencies[mod.ModID]
	forgePlatform(m, deps)
	for _, d := range deps {
		forgeDependency(m, d)
	}
	return m, nil
}

func forgeVersion(m *meta, v string, manifest map[string]string) {
	if v != jarVersion {
		m.setText(&m.version, "version", "version", v)
		return
	}
	impl := manifest["Implementation-Version"]
	if impl == "" {
		m.gaps = append(m.gaps, Gap{Field: "version", Reason: fmt.Sprintf("%s is %s, and META-INF/MANIFEST.MF has no Implementation-Version", from(m.member, "version", v), jarVersion)})
		return
	}
	m.setText(&m.version, "version", "version", impl)
	if m.version.value != "" {
		m.version.source = fmt.Sprintf("%s: version %s = META-INF/MANIFEST.MF: Implementation-Version %q", m.member, jarVersion, impl)
	}
}

func forgePlatform(m *meta, deps []forgeDep) {
	m.platforms, m.platformsFrom = []string{"forge"}, m.member+": a Forge mod"
	if m.member == memberNeoForge {
		m.platforms, m.platformsFrom = []string{"neoforge"}, m.member+": a NeoForge mod"
		return
	}
	for _, d := range deps {
		if d.ModID == "neoforge" {
			m.platforms, m.platformsFrom = []string{"neoforge"}, m.member+": depends on neoforge, so a NeoForge mod"
		}
	}
}

func forgeDependency(m *meta, d forgeDep) {
	typ, how := forgeType(d)
	src := fmt.Sprintf("%s: dependency %q %s", m.member, d.ModID, how)
	switch {
	case d.ModID == "":
		m.notes = append(m.notes, m.member+": a dependency with no modId was skipped")
		return
	case typ == "":
		m.notes = append(m.notes, fmt.Sprintf("%s: dependency %q is %s, which the service cannot express; skipped", m.member, d.ModID, how))
		return
	case d.ModID == "minecraft":
		m.setRange(fmt.Sprintf("dependency %q versionRange", d.ModID), d.VersionRange, parseMavenRange)
	}
	m.boundedDep(d.ModID, typ, src, slices.Contains(forgeLoaderIDs, d.ModID), d.VersionRange)
}

// forgeType maps type (NeoForge) or mandatory (Forge) to a dependency
// type; "" means none fits (discouraged, or an unknown type).
func forgeType(d forgeDep) (typ, how string) {
	if d.Type != "" {
		how = fmt.Sprintf("type %q", d.Type)
		switch strings.ToLower(d.Type) {
		case "required":
			return api.DependencyRequired, how
		case "optional":
			return api.DependencyOptional, how
		case "incompatible":
			return api.DependencyIncompatible, how
		}
		return "", how
	}
	if d.Mandatory != nil && !*d.Mandatory {
		return api.DependencyOptional, "mandatory false"
	}
	if d.Mandatory == nil {
		return api.DependencyRequired, "(no type: required)"
	}
	return api.DependencyRequired, "mandatory true"
}

// tomlError names the line of a TOML syntax error or of a value of the
// wrong type (BurntSushi/toml writes "line N" in both).
func tomlError(member string, err error) error {
	var pe toml.ParseError
	if errors.As(err, &pe) {
		return malformed(member, pe.Position.Line, "TOML: %s", pe.Message)
	}
	line, msg := lineOf(strings.TrimPrefix(err.Error(), "toml: "))
	return malformed(member, line, "TOML: %s", msg)
}
