package artifact

import (
	"fmt"
	"slices"
	"strings"

	"rdash/api"
)

// quiltLoaderIDs are the game, Java and the loaders. The Quilted Fabric
// API and Fabric API are mods a user installs: they are sent (see
// apiGroupOf).
var quiltLoaderIDs = []string{"minecraft", "java", "quilt_loader", "fabricloader"}

// readQuilt reads quilt.mod.json: quilt_loader.version,
// quilt_loader.metadata.name (the id when absent), the minecraft entry of
// depends for game versions, depends and breaks.
func readQuilt(b []byte) (*meta, error) {
	root, err := parseJSON(memberQuilt, b)
	if err != nil {
		return nil, err
	}
	ql := root.get("quilt_loader")
	if err := jKind(memberQuilt, ql, "quilt_loader", '{'); err != nil {
		return nil, err
	}
	m := &meta{member: memberQuilt, platforms: []string{"quilt"}, platformsFrom: memberQuilt + ": a Quilt mod", depsDeclared: true}
	id, err1 := jText(memberQuilt, ql.get("id"), "quilt_loader.id")
	version, err2 := jText(memberQuilt, ql.get("version"), "quilt_loader.version")
	name, err3 := jText(memberQuilt, ql.get("metadata").get("name"), "quilt_loader.metadata.name")
	if err := firstErr(err1, err2, err3); err != nil {
		return nil, err
	}
	m.id = id
	m.setText(&m.version, "version", "quilt_loader.version", version)
	if name == "" {
		m.setText(&m.name, "name", "quilt_loader.id", id)
	} else {
		m.setText(&m.name, "name", "quilt_loader.metadata.name", name)
	}
	m.gamesGap = memberQuilt + " has no minecraft entry in quilt_loader.depends, so it names no game version"
	if err := quiltDeps(m, ql.get("depends"), "quilt_loader.depends", api.DependencyRequired); err != nil {
		return nil, err
	}
	if err := quiltDeps(m, ql.get("breaks"), "quilt_loader.breaks", api.DependencyIncompatible); err != nil {
		return nil, err
	}
	return m, readMCPublish(m, root.get("mc-publish"), "mc-publish")
}

// quiltDeps reads a list whose items are a mod id, an object
// {id, versions, optional}, or a list of objects any of which will do
// (sent as optional each, and said so).
func quiltDeps(m *meta, list *jnode, key, typ string) error {
	if err := jKind(memberQuilt, list, key, '['); err != nil || list == nil {
		return err
	}
	for _, item := range list.vals {
		if item.kind == '[' {
			m.notes = append(m.notes, fmt.Sprintf("%s: %s lists alternatives (any one will do); each is sent as optional", memberQuilt, key))
			for _, alt := range item.vals {
				if err := quiltDep(m, alt, key, api.DependencyOptional); err != nil {
					return err
				}
			}
			continue
		}
		if err := quiltDep(m, item, key, typ); err != nil {
			return err
		}
	}
	return nil
}

func quiltDep(m *meta, item *jnode, key, typ string) error {
	if item.kind == 's' {
		item = &jnode{kind: '{', line: item.line, keys: []string{"id"}, vals: []*jnode{item}}
	}
	if err := jKind(memberQuilt, item, key+"[]", '{'); err != nil {
		return err
	}
	full, err := jText(memberQuilt, item.get("id"), key+"[].id")
	if err != nil {
		return err
	}
	optional, err := jBool(memberQuilt, item.get("optional"), key+"[].optional", false)
	if err != nil || full == "" {
		return firstErr(err, malformed(memberQuilt, item.line, "each entry of %s needs an id", key))
	}
	// An id may carry its Maven group: "org.quiltmc:quilt_loader".
	id := full[strings.LastIndex(full, ":")+1:]
	if id == "minecraft" && typ == api.DependencyRequired {
		quiltGameRange(m, item.get("versions"), key)
	}
	if optional && typ == api.DependencyRequired {
		typ = api.DependencyOptional
	}
	m.boundedDep(id, typ, fmt.Sprintf("%s: %s %q", memberQuilt, key, full), slices.Contains(quiltLoaderIDs, id), quiltBound(item.get("versions")))
	return nil
}

// quiltBound writes an entry's versions back as one range: a string, a
// list of which any may match, or {"any": […]} / {"all": […]}; "" when
// it names none.
func quiltBound(v *jnode) string {
	if v == nil || v.kind == '0' {
		return ""
	}
	op := " || "
	if v.kind == '{' {
		if all := v.get("all"); all != nil {
			v, op = all, " "
		} else {
			v = v.get("any")
		}
	}
	ranges, err := jTexts(memberQuilt, v, "versions")
	if err != nil {
		return ""
	}
	return strings.Join(ranges, op)
}

// quiltGameRange reads the minecraft entry's versions: a range, a list of
// which any may match, or {"any": [...]} / {"all": [...]}.
func quiltGameRange(m *meta, v *jnode, key string) {
	key += " minecraft versions"
	op := " || "
	if v != nil && v.kind == '{' {
		if all := v.get("all"); all != nil {
			v, op = all, " "
		} else {
			v = v.get("any")
		}
	}
	ranges, err := jTexts(memberQuilt, v, key)
	switch {
	case err != nil:
		m.gamesGap = err.Error()
	case len(ranges) == 0:
		m.setRange(key, "*", parseSemverRange)
	default:
		m.setRange(key, strings.Join(ranges, op), parseSemverRange)
	}
}

// firstErr is the first non-nil error.
func firstErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
