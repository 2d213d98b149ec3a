package artifact

import (
	"fmt"
	"math"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// formatRange is the pack formats a pack.mcmeta declares, inclusive.
type formatRange struct {
	lo, hi packFormat
	source string
}

// readPack reads pack.mcmeta of a pack that is no mod or plugin: a
// resource pack when it has assets/, a data pack when it has data/. Its
// formats resolve to game versions through the table; the version comes
// from the file name, as a pack declares none, and so does the name,
// but for a resource pack whose description reads as a name.
func readPack(b []byte, c *contents, path string) (*meta, error) {
	root, err := parseJSON(memberPack, b)
	if err != nil {
		return nil, err
	}
	pack := root.get("pack")
	if pack == nil || pack.kind != '{' {
		return nil, malformed(memberPack, root.line, "it has no pack object")
	}
	m := &meta{member: memberPack}
	fr, err := packFormats(m, pack)
	if err != nil {
		return nil, err
	}
	kind := packKind(m, c)
	packName(m, path, pack.get("description"), kind)
	switch {
	case fr == nil:
		m.gamesGap = memberPack + " has no pack_format, supported_formats or min_format"
	case kind == "":
		m.gamesGap = fmt.Sprintf("%s: pack formats mean different game versions for resource packs and data packs, and this pack is %s", fr.source, packKindText(c))
	default:
		m.games = &gameSpec{source: fr.source, formats: fr, kind: kind}
	}
	return m, nil
}

// packKind sets the platform and returns "resource" or "data", or "" when
// the archive has both or neither of assets/ and data/.
func packKind(m *meta, c *contents) string {
	switch {
	case c.assets && !c.data:
		m.platforms, m.platformsFrom = []string{"resourcepack"}, memberPack+" with assets/: a resource pack"
		return "resource"
	case c.data && !c.assets:
		m.platforms, m.platformsFrom = []string{"datapack"}, memberPack+" with data/: a data pack"
		return "data"
	case c.data && c.assets:
		m.platforms, m.platformsFrom = []string{"resourcepack", "datapack"}, memberPack+" with assets/ and data/: both a resource pack and a data pack"
		return ""
	}
	m.gaps = append(m.gaps, Gap{Field: "platforms", Reason: memberPack + " is here, but the archive has neither assets/ (a resource pack) nor data/ (a data pack)"})
	return ""
}

func packKindText(c *contents) string {
	if c.assets && c.data {
		return "both (assets/ and data/)"
	}
	return "neither (no assets/ or data/)"
}

var fileVersionRE = regexp.MustCompile(`^.+?[-_ ]v?(\d+(?:\.\d+)+(?:-[0-9A-Za-z.]+)?(?:\+[0-9A-Za-z.]+)?)$`)

// packName takes the version (a trailing "-1.2.0" or "_v1.2.0") from the
// file name, and the name from the file name without its extension; a
// resource pack's description is its name when it reads as one.
func packName(m *meta, path string, desc *jnode, kind string) {
	base := filepath.Base(path)
	stem := strings.TrimSuffix(base, filepath.Ext(base))
	src := fmt.Sprintf("file name %q", base)
	if v := fileVersionRE.FindStringSubmatch(stem); v != nil {
		m.version = sourced{value: v[1], source: src}
	} else {
		m.gaps = append(m.gaps, Gap{Field: "version", Reason: fmt.Sprintf("a pack declares no version, and the %s ends in none", src)})
	}
	if kind == "resource" {
		if name, why := descriptionName(desc); why == "" {
			m.name = sourced{value: name, source: from(memberPack, "description", name)}
			return
		} else if desc != nil {
			m.notes = append(m.notes, fmt.Sprintf("the name is the file's: pack.mcmeta's description %s", why))
		}
	}
	if kind == "data" && desc != nil {
		m.notes = append(m.notes, "the name is the file's: a data pack's description says what it does, not what it is called")
	}
	m.name, m.nameIsFile = sourced{value: stem, source: src}, true
}

// descriptionName returns a description that reads as a name: a plain
// string of one line, with no formatting codes (§), that is no sentence
// (it does not end in . ! or ?) and fits the service's 64 characters.
// Otherwise why says what it is instead. The descriptions of real packs
// are mostly taglines ("The go-to 32x resource pack.\n§8October 2023
// Release"), which are no name.
func descriptionName(desc *jnode) (name, why string) {
	switch {
	case desc == nil:
		return "", "is absent"
	case desc.kind != 's':
		return "", "is a text component, not a plain string"
	}
	d := strings.TrimSpace(desc.text)
	switch {
	case d == "":
		return "", "is empty"
	case strings.ContainsAny(d, "\n\r"):
		return "", "has several lines"
	case strings.Contains(d, "§"):
		return "", "holds formatting codes (§)"
	case strings.ContainsAny(d[len(d)-1:], ".!?"):
		return "", fmt.Sprintf("%q is a sentence, not a name", d)
	case len([]rune(d)) > 64:
		return "", "is longer than the 64 characters of a name"
	}
	return d, ""
}

// packFormats reads min_format/max_format (1.21.9 and later), else
// supported_formats (1.20.2 and later), else pack_format; nil when none.
func packFormats(m *meta, pack *jnode) (*formatRange, error) {
	if lo, hi := pack.get("min_format"), pack.get("max_format"); lo != nil || hi != nil {
		if lo == nil || hi == nil {
			return nil, malformed(memberPack, pack.line, "pack has only one of min_format and max_format")
		}
		return formatPair(lo, hi)
	}
	if sf := pack.get("supported_formats"); sf != nil {
		return supportedFormats(m, sf)
	}
	pf := pack.get("pack_format")
	if pf == nil {
		return nil, nil
	}
	f, err := formatNumber(pf, "pack.pack_format")
	if err != nil {
		return nil, err
	}
	return &formatRange{lo: f, hi: anyMinor(f), source: memberPack + ": pack_format " + f.String()}, nil
}

func formatPair(lo, hi *jnode) (*formatRange, error) {
	l, err := formatVersion(lo, "pack.min_format", false)
	if err != nil {
		return nil, err
	}
	h, err := formatVersion(hi, "pack.max_format", true)
	if err != nil {
		return nil, err
	}
	return &formatRange{lo: l, hi: h, source: fmt.Sprintf("%s: min_format %s, max_format %s", memberPack, jsonText(lo), jsonText(hi))}, nil
}

// supportedFormats reads 42, [42, 45] or {"min_inclusive": 42,
// "max_inclusive": 45}, the documented forms. A list of another length
// is what real packs write too ("supported_formats": [15, 16, 17, 18]):
// its lowest and highest are read, and a warning says so.
func supportedFormats(m *meta, sf *jnode) (*formatRange, error) {
	const key = "pack.supported_formats"
	var lo, hi *jnode
	switch {
	case sf.kind == 'n':
		lo, hi = sf, sf
	case sf.kind == '[' && len(sf.vals) == 2:
		lo, hi = sf.vals[0], sf.vals[1]
	case sf.kind == '[' && len(sf.vals) > 0:
		var err error
		if lo, hi, err = listEnds(sf, key); err != nil {
			return nil, err
		}
		m.warnings = append(m.warnings, fmt.Sprintf("%s: supported_formats %s is a list of %d formats, none of the documented forms (a number, [min, max], {min_inclusive, max_inclusive}): read as %s to %s, every format between them included",
			memberPack, jsonText(sf), len(sf.vals), lo.text, hi.text))
	case sf.kind == '{':
		lo, hi = sf.get("min_inclusive"), sf.get("max_inclusive")
	}
	if lo == nil || hi == nil {
		return nil, malformed(memberPack, sf.line, "%s must be a number, [min, max] or {min_inclusive, max_inclusive}", key)
	}
	l, err := formatNumber(lo, key)
	if err != nil {
		return nil, err
	}
	h, err := formatNumber(hi, key)
	if err != nil {
		return nil, err
	}
	return &formatRange{lo: l, hi: anyMinor(h), source: fmt.Sprintf("%s: supported_formats %s", memberPack, jsonText(sf))}, nil
}

// formatNumber reads a whole pack format.
func formatNumber(n *jnode, key string) (packFormat, error) {
	v, err := strconv.Atoi(n.text)
	if n.kind != 'n' || err != nil || v < 0 {
		return packFormat{}, malformed(memberPack, n.line, "%s must be a whole number", key)
	}
	return packFormat{major: v}, nil
}

// formatVersion reads 88, [88] or [88, 1]; a bare major in max_format
// means any of its minor versions.
func formatVersion(n *jnode, key string, upper bool) (packFormat, error) {
	if n.kind == '[' && (len(n.vals) == 1 || len(n.vals) == 2) {
		f, err := formatNumber(n.vals[0], key)
		if err != nil || len(n.vals) == 1 {
			return maybeAnyMinor(f, upper), err
		}
		minor, err := formatNumber(n.vals[1], key)
		f.minor = minor.major
		return f, err
	}
	if n.kind != 'n' {
		return packFormat{}, malformed(memberPack, n.line, "%s must be a number, [major] or [major, minor]", key)
	}
	f, err := formatNumber(n, key)
	return maybeAnyMinor(f, upper), err
}

func maybeAnyMinor(f packFormat, upper bool) packFormat {
	if upper {
		return anyMinor(f)
	}
	return f
}

func anyMinor(f packFormat) packFormat { return packFormat{major: f.major, minor: math.MaxInt32} }

// jsonText writes a small JSON value back for a source: 34, [34, 46].
func jsonText(n *jnode) string {
	switch n.kind {
	case '[', '{':
		parts := make([]string, len(n.vals))
		for i, v := range n.vals {
			parts[i] = jsonText(v)
			if n.kind == '{' {
				parts[i] = strconv.Quote(n.keys[i]) + ": " + parts[i]
			}
		}
		return string(n.kind) + strings.Join(parts, ", ") + map[byte]string{'[': "]", '{': "}"}[n.kind]
	case 's':
		return strconv.Quote(n.text)
	}
	return n.text
}

// listEnds returns the lowest and highest numbers of a list of formats.
func listEnds(list *jnode, key string) (lo, hi *jnode, err error) {
	var loV, hiV int
	for _, n := range list.vals {
		f, err := formatNumber(n, key)
		if err != nil {
			return nil, nil, err
		}
		if lo == nil || f.major < loV {
			lo, loV = n, f.major
		}
		if hi == nil || f.major > hiV {
			hi, hiV = n, f.major
		}
	}
	return lo, hi, nil
}
