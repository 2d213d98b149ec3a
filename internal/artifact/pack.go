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
// formats resolve to game versions through the table; the version and
// name come from the file name, as a pack declares neither.
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
	packName(m, path)
	fr, err := packFormats(pack)
	if err != nil {
		return nil, err
	}
	kind := packKind(m, c)
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

// packName takes the name (the file name without its extension) and the
// version (a trailing "-1.2.0" or "_v1.2.0") from the file name.
func packName(m *meta, path string) {
	base := filepath.Base(path)
	stem := strings.TrimSuffix(base, filepath.Ext(base))
	src := fmt.Sprintf("file name %q", base)
	m.name = sourced{value: stem, source: src}
	if v := fileVersionRE.FindStringSubmatch(stem); v != nil {
		m.version = sourced{value: v[1], source: src}
		return
	}
	m.gaps = append(m.gaps, Gap{Field: "version", Reason: fmt.Sprintf("a pack declares no version, and the %s ends in none", src)})
}

// packFormats reads min_format/max_format (1.21.9 and later), else
// supported_formats (1.20.2 and later), else pack_format; nil when none.
func packFormats(pack *jnode) (*formatRange, error) {
	if lo, hi := pack.get("min_format"), pack.get("max_format"); lo != nil || hi != nil {
		if lo == nil || hi == nil {
			return nil, malformed(memberPack, pack.line, "pack has only one of min_format and max_format")
		}
		return formatPair(lo, hi)
	}
	if sf := pack.get("supported_formats"); sf != nil {
		return supportedFormats(sf)
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

// supportedFormats reads 42, [42, 45] or {"min_inclusive": 42, "max_inclusive": 45}.
func supportedFormats(sf *jnode) (*formatRange, error) {
	const key = "pack.supported_formats"
	var lo, hi *jnode
	switch {
	case sf.kind == 'n':
		lo, hi = sf, sf
	case sf.kind == '[' && len(sf.vals) == 2:
		lo, hi = sf.vals[0], sf.vals[1]
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
