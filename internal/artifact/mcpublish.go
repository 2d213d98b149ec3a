package artifact

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"rdash/api"
)

// mc-publish (github.com/Kir-Antipov/mc-publish), the GitHub Action
// maintainers use to publish elsewhere, reads a payload from the mod's
// own metadata: in fabric.mod.json, custom.mc-publish; in quilt.mod.json,
// mc-publish at the top level. rdash honours the
// fields that mean the same here, as mc-publish reads them
// (src/loaders/fabric/fabric-metadata-custom-payload.ts, src/dependencies):
//
//	"custom": {"mc-publish": {
//	  "loaders": ["fabric", "quilt"],
//	  "dependencies": ["sodium@0.5.0(required){modrinth:AANobbMI}#(ignore:curseforge)"]
//	}}
//
// loaders replaces the platforms (the old "quilt": true adds quilt);
// each dependency replaces the file's own of the same id, and one marked
// #(ignore) is not sent. The project IDs of other services (modrinth,
// curseforge, github, and the {platform:id} aliases) mean nothing here.

// mcPublishDepRE is mc-publish's DEPENDENCY_REGEX: id@versions(type){platform:id}#(ignore:platforms).
var mcPublishDepRE = regexp.MustCompile(`^\s*([^@{(#]+)(?:@([^@{(#]*))?(?:\(([^@{(#]*)\))?((?:\{[^:=]+[:=][^}]*\})+)?(#\(ignore(?::([^)]*))?\))?\s*$`)

// mcPublishTypes maps mc-publish's dependency types, and the Fabric words
// of its old "id | type | versions" form, to the service's.
var mcPublishTypes = map[string]string{
	"required": api.DependencyRequired, "depends": api.DependencyRequired,
	"recommended": api.DependencyOptional, "recommends": api.DependencyOptional,
	"optional": api.DependencyOptional, "suggests": api.DependencyOptional,
	"embedded": api.DependencyEmbedded, "includes": api.DependencyEmbedded,
	"incompatible": api.DependencyIncompatible, "breaks": api.DependencyIncompatible,
	"conflicting": api.DependencyIncompatible, "conflicts": api.DependencyIncompatible,
}

// readMCPublish reads the payload n, found at key, into m.
func readMCPublish(m *meta, n *jnode, key string) error {
	if n == nil || n.kind == '0' {
		return nil
	}
	if err := jKind(m.member, n, key, '{'); err != nil {
		return err
	}
	if err := mcPublishLoaders(m, n, key); err != nil {
		return err
	}
	deps, err := jTexts(m.member, n.get("dependencies"), key+".dependencies")
	if err != nil {
		return err
	}
	for _, spec := range deps {
		mcPublishDep(m, spec, key+".dependencies")
	}
	return nil
}

// mcPublishLoaders reads loaders, else the old quilt: true, as the
// platforms; a loader that is no platform of the service is left out.
func mcPublishLoaders(m *meta, n *jnode, key string) error {
	loaders, err := jTexts(m.member, n.get("loaders"), key+".loaders")
	if err != nil {
		return err
	}
	var src string
	if len(loaders) > 0 {
		src = fmt.Sprintf("%s: %s.loaders %s", m.member, key, jsonText(n.get("loaders")))
	} else {
		quilt, err := jBool(m.member, n.get("quilt"), key+".quilt", false)
		if err != nil || !quilt {
			return err
		}
		loaders, src = []string{"fabric", "quilt"}, m.member+": "+key+".quilt true"
	}
	var got []string
	for _, l := range loaders {
		l = strings.ToLower(strings.TrimSpace(l))
		if slices.Contains(api.AllPlatforms(), l) {
			got = append(got, l)
		} else {
			m.notes = append(m.notes, fmt.Sprintf("%s names %q, which is no platform of the service; left out", src, l))
		}
	}
	if len(got) > 0 {
		m.platforms, m.platformsFrom = got, src
	}
	return nil
}

// mcPublishDep reads one dependency string and puts it in place of the
// file's own dependency of that id.
func mcPublishDep(m *meta, spec, key string) {
	id, bound, typ, ignore, ok := parseMCPublishDep(spec)
	src := fmt.Sprintf("%s: %s %q", m.member, key, spec)
	if !ok {
		m.notes = append(m.notes, src+" is not in mc-publish's form (id@versions(type)); not read")
		return
	}
	i := slices.IndexFunc(m.deps, func(d rawDep) bool { return d.id == id })
	if ignore {
		m.deps = slices.DeleteFunc(m.deps, func(d rawDep) bool { return d.id == id })
		m.notes = append(m.notes, fmt.Sprintf("%s is marked #(ignore): %s is not sent", src, id))
		return
	}
	m.boundedDep(id, typ, src, slices.Contains(fabricLoaderIDs, id) || slices.Contains(quiltLoaderIDs, id), bound)
	if i >= 0 { // in the place of the file's own, as mc-publish keeps it
		m.deps[i] = m.deps[len(m.deps)-1]
		m.deps = m.deps[:len(m.deps)-1]
	}
}

// parseMCPublishDep reads "id@versions(type){platform:id}#(ignore)" or the
// old "id | type | versions". ignore is true for #(ignore) with no
// platforms: mc-publish then sends it nowhere; ignored on some of its
// platforms only, it is still sent here.
func parseMCPublishDep(spec string) (id, bound, typ string, ignore, ok bool) {
	if strings.Contains(spec, "|") && !strings.Contains(spec, "@") {
		parts := strings.Split(spec, "|")
		for len(parts) < 3 {
			parts = append(parts, "")
		}
		id, typ, bound = strings.TrimSpace(parts[0]), strings.TrimSpace(parts[1]), strings.TrimSpace(parts[2])
	} else {
		sub := mcPublishDepRE.FindStringSubmatch(spec)
		if sub == nil {
			return "", "", "", false, false
		}
		id, bound, typ = strings.TrimSpace(sub[1]), strings.TrimSpace(sub[2]), strings.TrimSpace(sub[3])
		ignore = sub[5] != "" && strings.TrimSpace(sub[6]) == ""
	}
	t, known := mcPublishTypes[strings.ToLower(typ)]
	switch {
	case id == "":
		return "", "", "", false, false
	case typ == "":
		t = api.DependencyRequired
	case !known:
		return "", "", "", false, false
	}
	return id, bound, t, ignore, true
}
