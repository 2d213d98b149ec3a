package api

import (
	"errors"
	"strings"
)

// ParseDependency reads a dependency written as TYPE:KIND:TARGET, the form
// the command line and the dashboard's fields take: KIND is version,
// project or name, and a name may carry its URL as name=URL
// (required:project:AbCd1234, optional:name:Vault=https://…). It checks
// the form only; ValidateDependency checks the values.
func ParseDependency(spec string) (Dependency, error) {
	typ, rest, ok1 := strings.Cut(spec, ":")
	kind, target, ok2 := strings.Cut(rest, ":")
	if !ok1 || !ok2 || target == "" {
		return Dependency{}, errors.New("want TYPE:KIND:TARGET, e.g. required:project:AbCd1234")
	}
	d := Dependency{Type: typ}
	switch kind {
	case "version":
		d.VersionID = target
	case "project":
		d.ProjectID = target
	case "name":
		d.Name, d.URL, _ = strings.Cut(target, "=")
	default:
		return Dependency{}, errors.New("KIND must be version, project or name, not " + strings.TrimSpace(kind))
	}
	return d, nil
}

// DependencySpec is d written as ParseDependency reads it.
func DependencySpec(d Dependency) string {
	kind, id := d.Target()
	if kind == "external" {
		kind = "name"
		if d.URL != "" {
			id += "=" + d.URL
		}
	}
	return d.Type + ":" + kind + ":" + id
}
