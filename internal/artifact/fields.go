package artifact

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"rdash/api"
)

// sourceFlag is the source of a value the user gave.
const sourceFlag = "flag"

// version takes the user's version, else the one the metadata files
// agree on.
func (b *builder) version() {
	var vals []sourced
	for _, m := range b.metas {
		if m.version.value != "" {
			vals = append(vals, m.version)
		}
	}
	v, ok := b.agree("version", vals, b.in.Given.Version, true)
	switch n := utf8.RuneCountInString(v.value); {
	case !ok:
	case v.source != sourceFlag && n > api.MaxVersionLength:
		b.gap("version", fmt.Sprintf("%s is %d characters, and the service takes a version of at most %d", v.source, n, api.MaxVersionLength))
	default:
		b.p.Version = Field[string]{Value: v.value, Source: v.source}
	}
}

// name takes the user's name, else the metadata's name followed by the
// version ("Lumen 2.5.0"); a name taken from a file name is taken as it
// is, version and all.
func (b *builder) name() {
	var vals []sourced
	pack := false
	for _, m := range b.metas {
		if m.name.value != "" {
			vals = append(vals, m.name)
			pack = pack || m.nameIsFile
		}
	}
	v, ok := b.agree("name", vals, b.in.Given.Name, false)
	withVersion := v.value + " " + b.p.Version.Value
	switch n := utf8.RuneCountInString(v.value); {
	case !ok:
		return
	case v.source == sourceFlag:
	case n > api.MaxNameLength:
		b.gap("name", fmt.Sprintf("%s is %d characters, and the service takes a name of at most %d", v.source, n, api.MaxNameLength))
		return
	case pack || !b.p.Version.Set() || strings.Contains(v.value, b.p.Version.Value):
	case utf8.RuneCountInString(withVersion) > api.MaxNameLength:
		b.p.Notes = append(b.p.Notes, fmt.Sprintf("the name is %s without the version: with it, it would be longer than the service's %d characters", v.source, api.MaxNameLength))
	default:
		v = sourced{value: withVersion, source: v.source + ", then the version"}
	}
	b.p.Name = Field[string]{Value: v.value, Source: v.source}
}

// agree picks the one value the files give. The user's value always
// wins; when the files disagree a warning says so. Without a user's value
// a disagreement on the version is a conflict: it is what the service
// knows a version by. On the name, a display name, the first file's wins
// (plugin.yml, then the others in the order metadataMembers lists them,
// the primary file's first), and a warning says so: a jar for several
// loaders often names itself "ViaVersion" in one file and "viaversion"
// or "ViaFabric" in another.
func (b *builder) agree(field string, vals []sourced, given string, strict bool) (sourced, bool) {
	var distinct []sourced
	for _, v := range vals {
		if !slices.ContainsFunc(distinct, func(d sourced) bool { return d.value == v.value }) {
			distinct = append(distinct, v)
		}
	}
	var srcs []string
	for _, d := range distinct {
		srcs = append(srcs, d.source)
	}
	switch {
	case given != "":
		if len(distinct) > 1 {
			b.warn("the metadata files disagree on the %s (%s); the %s given is used", field, strings.Join(srcs, " vs "), field)
		}
		return sourced{value: given, source: sourceFlag}, true
	case len(distinct) > 1 && strict:
		b.errs = append(b.errs, &Error{Err: fmt.Errorf("%w: the files disagree on the %s: %s; give the %s yourself", ErrConflict, field, strings.Join(srcs, " vs "), field)})
		return sourced{}, false
	case len(distinct) > 1:
		b.warn("the metadata files disagree on the %s (%s); the first is used", field, strings.Join(srcs, " vs "))
	case len(distinct) == 0:
		return sourced{}, false
	}
	return distinct[0], true
}

// platforms takes the user's platforms, else every platform a metadata
// file names, in the enumeration's order.
func (b *builder) platforms() {
	if g := b.in.Given.Platforms; g != nil {
		b.p.Platforms = Field[[]string]{Value: g, Source: sourceFlag}
		return
	}
	var got, srcs []string
	for _, m := range b.metas {
		got = append(got, m.platforms...)
		if m.platformsFrom != "" {
			srcs = append(srcs, m.platformsFrom)
		}
	}
	if b.in.FabricOnQuilt && slices.Contains(got, "fabric") && !slices.Contains(got, "quilt") {
		got = append(got, "quilt")
		srcs = append(srcs, "option: this Fabric mod also runs on Quilt")
	}
	if len(got) == 0 {
		return
	}
	var out []string
	for _, p := range api.AllPlatforms() {
		if slices.Contains(got, p) {
			out = append(out, p)
		}
	}
	b.p.Platforms = Field[[]string]{Value: out, Source: strings.Join(compactStrings(srcs), "; ")}
}

// games takes the user's game versions, else every version the files'
// ranges and pack formats resolve to. When files resolve to different
// versions all of them are sent, and a warning says so.
func (b *builder) games() {
	if g := b.in.Given.GameVersions; g != nil {
		b.p.GameVersions = Field[[]string]{Value: g, Source: sourceFlag}
		return
	}
	kv := knownVersions(b.rels, b.in.Project.GameVersions)
	var all, srcs, each []string
	differ := false
	var first []string
	for _, m := range b.metas {
		if m.games == nil {
			continue
		}
		vs, notes := b.resolve(m.games, kv)
		b.p.Warnings = append(b.p.Warnings, notes...)
		if len(vs) == 0 {
			b.gap("game_versions", m.games.source+" matches no known game version")
			continue
		}
		if first == nil {
			first = vs
		}
		differ = differ || !slices.Equal(vs, first)
		all = append(all, vs...)
		srcs = append(srcs, m.games.source)
		each = append(each, fmt.Sprintf("%s: %s", m.games.source, spanText(vs)))
	}
	if len(all) == 0 {
		return
	}
	if differ {
		b.warn("the metadata files name different game versions (%s); all of them are sent", strings.Join(each, "; "))
	}
	b.p.GameVersions = Field[[]string]{Value: sortVersions(all), Source: strings.Join(srcs, "; ")}
}

func (b *builder) resolve(g *gameSpec, kv []known) (versions, notes []string) {
	if g.rng != nil {
		return expand(*g.rng, kv, b.in.WithPreReleases)
	}
	return packGames(*g.formats, g.kind, b.rels)
}

// spanText shortens a list of versions for a message: "1.21–1.21.8 (9)".
func spanText(vs []string) string {
	if len(vs) == 1 {
		return vs[0]
	}
	return fmt.Sprintf("%s–%s (%d)", vs[0], vs[len(vs)-1], len(vs))
}
