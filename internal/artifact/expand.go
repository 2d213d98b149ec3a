package artifact

import (
	"fmt"
	"slices"
)

// known is an orderable game version and its spelling.
type known struct {
	name string
	v    gameVersion
}

// knownVersions merges the table's releases with the game versions the
// project already uses, ascending, each version once (the table's
// spelling first). Versions that cannot be ordered, such as weekly
// snapshots, are left out: no range can say whether it holds them.
func knownVersions(rels []release, project []string) []known {
	out := make([]known, 0, len(rels)+len(project))
	for _, r := range rels {
		out = append(out, known{name: r.name, v: r.v})
	}
	for _, p := range project {
		if v, ok := parseGameVersion(p); ok {
			out = append(out, known{name: p, v: v})
		}
	}
	slices.SortStableFunc(out, func(a, b known) int { return a.v.compare(b.v) })
	return slices.CompactFunc(out, func(a, b known) bool { return a.v.compare(b.v) == 0 })
}

// expand lists the known versions r holds, releases only unless withPre,
// and says what it assumed: where an open or far end was cut at the
// oldest or newest known version, and exact versions kept though unknown.
func expand(r gameRange, kv []known, withPre bool) (versions, notes []string) {
	var pool []known
	for _, k := range kv {
		if withPre || k.v.release() {
			pool = append(pool, k)
		}
	}
	for _, k := range pool {
		if slices.ContainsFunc(r.intervals, func(iv interval) bool { return iv.contains(k.v) }) {
			versions = append(versions, k.name)
		}
	}
	notes = append(notes, r.notes...)
	for _, iv := range r.intervals {
		v, n := edges(r.label, iv, pool, withPre)
		versions = append(versions, v...)
		notes = append(notes, n...)
	}
	return sortVersions(versions), compactStrings(notes)
}

// edges reports, for one interval, an exact version the pool does not
// hold (kept as written) and the assumptions at its ends.
func edges(label string, iv interval, pool []known, withPre bool) (extra, notes []string) {
	if len(pool) == 0 {
		return nil, []string{fmt.Sprintf("%s: no game versions are known to compare it with", label)}
	}
	oldest, newest := pool[0], pool[len(pool)-1]
	if iv.exact() {
		has := slices.ContainsFunc(pool, func(k known) bool { return k.v.compare(iv.lo.v) == 0 })
		switch {
		case has:
		case !withPre && !iv.lo.v.release():
			notes = append(notes, fmt.Sprintf("%s names %s, which is not a release: left out (releases only)", label, iv.lo.raw))
		default:
			extra = append(extra, iv.lo.raw)
			notes = append(notes, fmt.Sprintf("%s names %s, which the table of releases and this project do not know: kept as written", label, iv.lo.raw))
		}
		return extra, notes
	}
	if iv.lo != nil && iv.lo.v.compare(newest.v) > 0 {
		return nil, []string{fmt.Sprintf("%s starts after the newest known release, %s: rdash knows none of its versions", label, newest.name)}
	}
	switch {
	case iv.hi == nil:
		notes = append(notes, fmt.Sprintf("%s has no upper bound: assumed it ends at the newest known release, %s; later ones are not included", label, newest.name))
	case iv.hi.v.compare(newest.v) > 0:
		notes = append(notes, fmt.Sprintf("%s reaches past the newest known release, %s; later ones are not included", label, newest.name))
	}
	switch {
	case iv.lo == nil:
		notes = append(notes, fmt.Sprintf("%s has no lower bound: assumed it starts at the oldest known release, %s", label, oldest.name))
	case iv.lo.v.compare(oldest.v) < 0:
		notes = append(notes, fmt.Sprintf("%s starts before the oldest known release, %s; older ones are not included", label, oldest.name))
	}
	return nil, notes
}

// sortVersions orders game versions ascending, each once; versions that
// cannot be ordered keep their order after the others. Each is parsed
// once, not at every comparison: a wide range holds hundreds of versions.
func sortVersions(list []string) []string {
	type parsed struct {
		name string
		v    gameVersion
		ok   bool
	}
	ps := make([]parsed, len(list))
	for i, s := range list {
		v, ok := parseGameVersion(s)
		ps[i] = parsed{s, v, ok}
	}
	slices.SortStableFunc(ps, func(a, b parsed) int {
		switch {
		case a.ok && b.ok:
			return a.v.compare(b.v)
		case a.ok:
			return -1
		case b.ok:
			return 1
		}
		return 0
	})
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.name
	}
	return compactStrings(out)
}

// compactStrings drops repeats, keeping the first of each.
func compactStrings(list []string) []string {
	var out []string
	seen := make(map[string]bool, len(list))
	for _, s := range list {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}
