package artifact

import (
	"cmp"
	"errors"
	"fmt"
	"strings"

	"rdash/api"
)

// dependencies takes the user's dependencies, else the metadata's: each
// name mapped to a project ID through rdash.yml, else sent by name. The
// game and the loaders are left out unless rdash.yml maps them.
func (b *builder) dependencies() {
	if g := b.in.Given.Dependencies; g != nil {
		deps := make([]Dependency, len(g))
		for i, d := range g {
			deps[i] = Dependency{Dependency: d, Source: sourceFlag}
		}
		b.p.Dependencies = Field[[]Dependency]{Value: deps, Source: sourceFlag}
		return
	}
	var members []string
	deps := []Dependency{}
	index := map[string]int{} // target → its place in deps
	lists := depLists{modules: map[apiGroup][]string{}}
	for _, m := range b.metas {
		if !m.depsDeclared {
			b.gap("dependencies", m.member+" cannot declare dependencies")
			continue
		}
		members = append(members, m.member)
		for _, r := range m.deps {
			r, own := lists.group(m, r)
			if own {
				continue
			}
			switch d, st := b.mapDep(r); st {
			case depSend:
				deps = b.merge(deps, index, d)
			case depLoader:
				lists.skipped = append(lists.skipped, r.id)
			}
		}
	}
	b.p.Notes = append(b.p.Notes, lists.notes()...)
	b.boundsSaid(deps)
	if len(members) == 0 {
		return
	}
	src := strings.Join(members, ", ")
	if len(deps) == 0 {
		src += " (none declared)"
	}
	b.p.Dependencies = Field[[]Dependency]{Value: deps, Source: src}
}

// depLists collects, while dependencies are read, what is said of them
// after: the loaders left out, the library modules sent as their library,
// and a library's own modules.
type depLists struct {
	skipped, own []string
	modules      map[apiGroup][]string
}

// group turns a dependency on a module of Fabric API (or of the Quilted
// Fabric API) into one on the library, which is what a user installs; a
// module's version bound is the module's, not the library's, and is
// dropped ("fabric", Fabric API's old id, is the library itself). own
// reports a dependency on the mod's own modules, which ship inside its
// jar: Switchy's "switchy-core", the Quilted Fabric API's modules.
func (l *depLists) group(m *meta, r rawDep) (rawDep, bool) {
	g, ok := apiGroupOf(r.id)
	if (r.typ == api.DependencyRequired && ownModule(m.id, r.id)) || (ok && m.id == g.id) {
		l.own = append(l.own, r.id)
		return r, true
	}
	if !ok {
		return r, false
	}
	if r.id != g.id && r.id != "fabric" {
		l.modules[g] = append(l.modules[g], r.id)
		r.bound = ""
	}
	r.id, r.name, r.loader = g.id, g.name, false
	return r, false
}

func (l *depLists) notes() []string {
	var out []string
	if len(l.skipped) > 0 {
		out = append(out, fmt.Sprintf("dependencies not sent: %s (the game, Java and the loaders; map one in %s to send it)", strings.Join(compactStrings(l.skipped), ", "), ConfigFile))
	}
	for _, g := range []apiGroup{fabricAPI, quiltedAPI} {
		if mods := compactStrings(l.modules[g]); len(mods) > 0 {
			out = append(out, fmt.Sprintf("%s are modules of %s: sent as one dependency, %s (map %s in %s to send its project)", listText(mods), g.name, g.name, g.id, ConfigFile))
		}
	}
	if len(l.own) > 0 {
		out = append(out, fmt.Sprintf("dependencies not sent: %s, the mod's own modules (they ship inside its jar)", listText(compactStrings(l.own))))
	}
	return out
}

// listText shortens a long list of names for a message.
func listText(names []string) string {
	const most = 6
	if len(names) <= most {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:most], ", "), len(names)-most)
}

// boundsSaid says which version bounds are not sent: the service's
// dependencies have no field for one. For an incompatible dependency
// that changes what is said (incompatible with every version, not only
// the bounded ones), so it is a warning; for the others, a note.
func (b *builder) boundsSaid(deps []Dependency) {
	var incompatible, others []string
	for _, d := range deps {
		if d.Bound == "" {
			continue
		}
		_, id := d.Dependency.Target()
		if d.Type == api.DependencyIncompatible {
			incompatible = append(incompatible, id+" "+d.Bound)
		} else {
			others = append(others, id+" "+d.Bound)
		}
	}
	if len(incompatible) > 0 {
		b.warn("the metadata makes %s incompatible only in some versions (%s); the service's dependencies have no field for a version bound, so each is sent as incompatible with every version",
			count(len(incompatible), "dependency", "dependencies"), strings.Join(incompatible, ", "))
	}
	if len(others) > 0 {
		b.p.Notes = append(b.p.Notes, fmt.Sprintf("version bounds not sent (the service's dependencies have no field for one): %s", strings.Join(others, ", ")))
	}
}

// count writes n and the noun for it.
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// What mapDep decided for a dependency.
const (
	depSend   = iota
	depLoader // the game or a loader, not mapped: left out
	depBad    // a name the service does not take: a gap says so
)

// mapDep turns a metadata dependency into a request's: a project ID when
// rdash.yml maps the name, else the name, when it is one the service takes.
func (b *builder) mapDep(r rawDep) (Dependency, int) {
	d := Dependency{Dependency: api.Dependency{Type: r.typ}, Source: r.source, Bound: r.bound, BoundNotSent: r.bound != ""}
	if id, mapped := b.in.Config.project(r.id); mapped {
		d.ProjectID = id
		d.Source += fmt.Sprintf("; %s: %s is project %s", ConfigFile, r.id, id)
		return d, depSend
	}
	if r.loader {
		return d, depLoader
	}
	d.Name = cmp.Or(r.name, r.id)
	if err := api.ValidateDependency(0, d.Dependency); err != nil {
		rule := err.Error()
		var ve *api.ValidationError
		switch {
		case strings.TrimSpace(r.id) == "":
			rule = "the name is empty"
		case errors.As(err, &ve):
			rule = "the name " + ve.Rule
		}
		// Reported even though other dependencies are sent: this one is not.
		b.p.Unread = append(b.p.Unread, Gap{Field: "dependencies", Reason: fmt.Sprintf("%s is not sent: %s (the service takes names of 1-%d visible characters)", r.source, rule, api.MaxDependencyNameLength)})
		return d, depBad
	}
	return d, depSend
}

// target is what a dependency references, as one comparable string.
func target(d api.Dependency) string {
	kind, id := d.Target()
	return kind + "\x00" + id
}

// merge adds d, or folds it into a dependency on the same target: the
// sources join; required wins over optional; a dependency both needed and
// incompatible keeps the first type, and a warning says so.
func (b *builder) merge(deps []Dependency, index map[string]int, d Dependency) []Dependency {
	i, seen := index[target(d.Dependency)]
	if !seen {
		index[target(d.Dependency)] = len(deps)
		return append(deps, d)
	}
	o := &deps[i]
	// A few sources say enough; a file listing one name ten thousand
	// times must not build a source ten thousand entries long.
	switch n := strings.Count(o.Source, "; "); {
	case n < 3:
		o.Source += "; " + d.Source
	case n == 3:
		o.Source += "; …"
	}
	if d.Bound != "" && !strings.Contains(o.Bound, d.Bound) {
		o.Bound = strings.TrimPrefix(o.Bound+"; "+d.Bound, "; ")
		o.BoundNotSent = true
	}
	_, id := d.Dependency.Target()
	switch {
	case o.Type == d.Type:
	case o.Type == api.DependencyOptional && d.Type == api.DependencyRequired:
		b.warn("%s is optional in one metadata file and required in another; sent as required", id)
		o.Type = d.Type
	case o.Type == api.DependencyRequired && d.Type == api.DependencyOptional:
		b.warn("%s is required in one metadata file and optional in another; sent as required", id)
	default:
		b.warn("%s is %s in one metadata file and %s in another; sent as %s", id, o.Type, d.Type, o.Type)
	}
	return deps
}

// ownModule reports whether dep is a module of the mod id, by name: its
// id and a separator first ("switchy-core" of "switchy"). A module the
// mod requires ships inside its jar (a build's jar-in-jar), so is not
// sent; one it breaks ("sodium-extra" of "sodium") is another mod.
func ownModule(id, dep string) bool {
	return id != "" && (strings.HasPrefix(dep, id+"-") || strings.HasPrefix(dep, id+"_"))
}
