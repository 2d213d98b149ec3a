package artifact

import (
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
	var members, skipped []string
	deps := []Dependency{}
	index := map[string]int{} // target → its place in deps
	for _, m := range b.metas {
		if !m.depsDeclared {
			b.gap("dependencies", m.member+" cannot declare dependencies")
			continue
		}
		members = append(members, m.member)
		for _, r := range m.deps {
			switch d, st := b.mapDep(r); st {
			case depSend:
				deps = b.merge(deps, index, d)
			case depLoader:
				skipped = append(skipped, r.id)
			}
		}
	}
	if len(skipped) > 0 {
		b.p.Notes = append(b.p.Notes, fmt.Sprintf("dependencies not sent: %s (the game, Java and the loaders; map one in %s to send it)", strings.Join(compactStrings(skipped), ", "), ConfigFile))
	}
	if len(members) == 0 {
		return
	}
	src := strings.Join(members, ", ")
	if len(deps) == 0 {
		src += " (none declared)"
	}
	b.p.Dependencies = Field[[]Dependency]{Value: deps, Source: src}
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
	d := Dependency{Dependency: api.Dependency{Type: r.typ}, Source: r.source}
	if id, mapped := b.in.Config.project(r.id); mapped {
		d.ProjectID = id
		d.Source += fmt.Sprintf("; %s: %s is project %s", ConfigFile, r.id, id)
		return d, depSend
	}
	if r.loader {
		return d, depLoader
	}
	d.Name = r.id
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
