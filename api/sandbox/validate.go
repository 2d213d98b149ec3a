package sandbox

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// platforms is the platform enumeration of the interface, in its order.
var platforms = [...]string{
	"bukkit", "spigot", "paper", "folia", "purpur", "forge", "fabric",
	"quilt", "neoforge", "resourcepack", "datapack", "other",
}

// dependencyTypes are the dependency types of the interface.
var dependencyTypes = [...]string{"required", "optional", "incompatible", "embedded"}

// Limits of the interface, and of docs/wire.md where it is silent.
const (
	maxVersionLen     = 32
	maxNameLen        = 64
	maxFileNameLen    = 128
	maxURLLen         = 256
	maxGameVersionLen = 32
	maxRoleLen        = 64
)

// checkText requires s to be non-blank, at most max characters, and made of
// visible characters only (spaces allowed).
func checkText(field, s string, max int) error {
	n := utf8.RuneCountInString(s)
	switch {
	case strings.TrimSpace(s) == "":
		return badRequest(field, "must not be empty")
	case n > max:
		return badRequestf(field, "at most %d characters (got %d)", max, n)
	case strings.ContainsFunc(s, func(r rune) bool { return !unicode.IsGraphic(r) }):
		return badRequest(field, "must contain only visible characters")
	}
	return nil
}

// checkURL checks an http(s) URL of at most max characters (0: any).
func checkURL(field, s string, max int) error {
	if n := utf8.RuneCountInString(s); max > 0 && n > max {
		return badRequestf(field, "at most %d characters (got %d)", max, n)
	}
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return badRequest(field, "must be an http(s) URL")
	}
	return nil
}

func checkFileName(field, s string) error {
	if err := checkText(field, s, maxFileNameLen); err != nil {
		return err
	}
	if strings.ContainsAny(s, `/\`) || s == "." || s == ".." {
		return badRequest(field, `a file name must not contain / or \ or be . or ..`)
	}
	return nil
}

// isID reports whether s has the form of the service's IDs: 8 characters of
// A-Z, a-z and 0-9.
func isID(s string) bool {
	return len(s) == 8 && !strings.ContainsFunc(s, func(r rune) bool {
		return r > unicode.MaxASCII || !(unicode.IsLetter(r) || unicode.IsDigit(r))
	})
}

func checkPlatforms(field string, ps []string) error {
	if err := checkPlatformNames(field, ps); err != nil {
		return err
	}
	return noDuplicates(field, ps, identity)
}

// checkPlatformNames checks each platform against the interface's enumeration.
func checkPlatformNames(field string, ps []string) error {
	for i, p := range ps {
		if !slices.Contains(platforms[:], p) {
			return badRequestf(fmt.Sprintf("%s[%d]", field, i), "%q is not one of %s", p, strings.Join(platforms[:], ", "))
		}
	}
	return nil
}

func checkGameVersions(field string, gs []string) error {
	for i, g := range gs {
		if err := checkText(fmt.Sprintf("%s[%d]", field, i), g, maxGameVersionLen); err != nil {
			return err
		}
	}
	return noDuplicates(field, gs, identity)
}

func checkDependencies(field string, ds []wireDependency) error {
	return checkDependenciesBy(&defaultProfile, field, ds)
}

// checkDependenciesBy checks dependencies by the interface's rules, with
// the default profile's IDs and URL limit when p has its own rules.
func checkDependenciesBy(p *Choices, field string, ds []wireDependency) error {
	for i, d := range ds {
		if err := p.checkDependency(fmt.Sprintf("%s[%d]", field, i), d); err != nil {
			return err
		}
	}
	return noDuplicates(field, ds, target)
}

func (p *Choices) checkDependency(field string, d wireDependency) error {
	if !slices.Contains(dependencyTypes[:], d.Type) {
		return badRequestf(field+".type", "must be one of %s", strings.Join(dependencyTypes[:], ", "))
	}
	set := 0
	for _, id := range []string{d.VersionID, d.ProjectID, d.Name} {
		if id != "" {
			set++
		}
	}
	switch {
	case set != 1:
		return badRequest(field, "must reference exactly one of version_id, project_id or name")
	case d.VersionID != "" && !p.isID(d.VersionID):
		return badRequest(field+".version_id", p.idRule())
	case d.ProjectID != "" && !p.isID(d.ProjectID):
		return badRequest(field+".project_id", p.idRule())
	case d.Name != "":
		if err := checkText(field+".name", d.Name, maxNameLen); err != nil {
			return err
		}
	}
	if d.URL == "" {
		return nil
	}
	if d.Name == "" {
		return badRequest(field+".url", "only allowed beside name")
	}
	return checkURL(field+".url", d.URL, p.ownCap(maxURLLen))
}

// target identifies what a dependency references, whatever its type.
func target(d wireDependency) string {
	kind, id := d.target()
	return kind + " " + id
}

// depKey identifies a dependency for add and remove: its type and target.
func depKey(d wireDependency) string { return d.Type + " " + target(d) }

func identity(s string) string { return s }

func noDuplicates[T any](field string, items []T, key func(T) string) error {
	seen := make(map[string]int, len(items))
	for i, it := range items {
		k := key(it)
		if j, dup := seen[k]; dup {
			return badRequestf(fmt.Sprintf("%s[%d]", field, i), "duplicate of %s[%d] (%s)", field, j, k)
		}
		seen[k] = i
	}
	return nil
}

// parseIDs reads the ids query parameter of the bulk endpoints. With its
// own rules the profile refuses what is not an ID and a repeated ID; the
// strict one keeps a repeated ID once and leaves any other to the lookup,
// which answers 404 naming it.
func (p *Choices) parseIDs(q url.Values) ([]string, error) {
	raw := q.Get("ids")
	if raw == "" {
		return nil, badRequest("ids", "required: comma-separated version IDs")
	}
	ids := strings.Split(raw, ",")
	if len(ids) > p.MaxBulkIDs {
		return nil, badRequestf("ids", "at most %d IDs (got %d)", p.MaxBulkIDs, len(ids))
	}
	if !p.OwnRules {
		return distinctValues(ids), nil
	}
	for i, id := range ids {
		if !p.isID(id) {
			return nil, badRequestf(fmt.Sprintf("ids[%d]", i), "%q is not an 8-character version ID", id)
		}
	}
	return ids, noDuplicates("ids", ids, identity)
}
