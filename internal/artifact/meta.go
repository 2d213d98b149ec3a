package artifact

import (
	"fmt"
	"regexp"
	"strings"
)

// meta is what one metadata file says, each value with where it came from.
// Readers fill it from the file alone; Propose resolves game versions,
// maps dependencies and combines files.
type meta struct {
	member    string
	platforms []string
	// platformsFrom says why these platforms ("plugin.yml: a Bukkit plugin").
	platformsFrom string
	version, name sourced
	// games is what the file says of game versions, or nil; gamesGap then
	// says why.
	games    *gameSpec
	gamesGap string
	// id is the mod's own id, when the file gives one: a dependency on
	// its own modules is on itself.
	id string
	// depsDeclared is false for files that cannot declare dependencies.
	depsDeclared bool
	deps         []rawDep
	gaps         []Gap
	notes        []string
	warnings     []string
	// nameIsFile says the name is the file's name, version and all, so
	// the version is not added to it.
	nameIsFile bool
}

// sourced is a value and where it came from; an empty value was not read.
type sourced struct{ value, source string }

// gameSpec is a file's game versions: a range to expand against the known
// versions, or pack formats of a kind ("resource" or "data") to look up
// in the table.
type gameSpec struct {
	source  string
	rng     *gameRange
	formats *formatRange
	kind    string
}

// rawDep is a dependency as a metadata file names it. loader marks the
// game and mod loaders, which are not sent unless rdash.yml maps them;
// bound is the versions of it the file names ("<1.8.1"), "" for any.
type rawDep struct {
	id, typ, source string
	// name is the name to send when it is not id: "Fabric API".
	name   string
	loader bool
	bound  string
}

// from writes a source: `plugin.yml: api-version "1.21"`.
func from(member, key, value string) string {
	return fmt.Sprintf("%s: %s %q", member, key, value)
}

// setText records a text value; a build placeholder that was never
// expanded (${version}, $version, @version@) is not a value, and the gap
// says so.
func (m *meta) setText(dst *sourced, field, key, value string) {
	switch {
	case value == "":
	case placeholder(value) != "":
		m.gaps = append(m.gaps, Gap{Field: field, Reason: fmt.Sprintf("%s holds %s, a build placeholder that was not expanded", from(m.member, key, value), placeholder(value))})
	default:
		*dst = sourced{value: value, source: from(m.member, key, value)}
	}
}

// setRange records a game version range in the given dialect, or the
// reason it cannot be read.
func (m *meta) setRange(key, value string, parse func(string) (gameRange, error)) {
	src := from(m.member, key, value)
	if ph := placeholder(value); ph != "" {
		m.gamesGap = src + " holds " + ph + ", a build placeholder that was not expanded"
		return
	}
	r, err := parse(value)
	if err != nil {
		m.gamesGap = src + " cannot be read: the range " + err.Error()
		return
	}
	m.games = &gameSpec{source: src, rng: &r}
}

func (m *meta) dep(id, typ, source string, loader bool) {
	m.deps = append(m.deps, rawDep{id: id, typ: typ, source: source, loader: loader})
}

// boundedDep records a dependency with the versions of it the file names.
func (m *meta) boundedDep(id, typ, source string, loader bool, bound string) {
	m.deps = append(m.deps, rawDep{id: id, typ: typ, source: source, loader: loader, bound: anyBound(bound)})
}

// anyBound is "" for a range any version satisfies, else the range.
func anyBound(r string) string {
	switch strings.TrimSpace(r) {
	case "", "*", "[0,)", "(,)", ">=0":
		return ""
	}
	return strings.TrimSpace(r)
}

// under prefixes every source and reason with the file they came from,
// for the files after the primary: "lumen-forge.jar: META-INF/mods.toml: …".
func (m *meta) under(file string) {
	p := file + ": "
	for _, s := range []*string{&m.version.source, &m.name.source, &m.platformsFrom, &m.gamesGap} {
		if *s != "" {
			*s = p + *s
		}
	}
	if g := m.games; g != nil {
		g.source = p + g.source
		if g.rng != nil {
			g.rng.label = p + g.rng.label
			for i := range g.rng.notes {
				g.rng.notes[i] = p + g.rng.notes[i]
			}
		}
		if g.formats != nil {
			g.formats.source = p + g.formats.source
		}
	}
	for i := range m.deps {
		m.deps[i].source = p + m.deps[i].source
	}
	for i := range m.gaps {
		m.gaps[i].Reason = p + m.gaps[i].Reason
	}
	for i := range m.notes {
		m.notes[i] = p + m.notes[i]
	}
	for i := range m.warnings {
		m.warnings[i] = p + m.warnings[i]
	}
}

// placeholderRE matches what a build writes to be replaced: Gradle's and
// Maven's ${version}, a Groovy template's $version, Ant's @version@.
var placeholderRE = regexp.MustCompile(`\$\{[^}]*\}|\$[A-Za-z_][A-Za-z0-9_.]*|@[A-Za-z_][A-Za-z0-9_.]*@`)

// placeholder is the first build placeholder in s, or "".
func placeholder(s string) string {
	return placeholderRE.FindString(s)
}
