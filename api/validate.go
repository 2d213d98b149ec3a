package api

import (
	"fmt"
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Limits the interface document states (shared/spec/service-api.md,
// "Limits" and the resource tables), in characters. They are the only
// limits the client checks before sending: for everything else it sends,
// and the server's answer says what is wrong (docs/wire.md lists every
// check the client makes, with its source).
const (
	// MaxVersionLength bounds a version string.
	MaxVersionLength = 32
	// MaxNameLength bounds a version's display name.
	MaxNameLength = 64
	// MaxUploadNameLength bounds an uploaded file's name on create.
	MaxUploadNameLength = 128
	// MaxExternalURLLength bounds an external file's URL on create.
	MaxExternalURLLength = 256
	// MaxDependencyNameLength bounds an external dependency's name.
	MaxDependencyNameLength = 64
	// IDLength is the length of a version or project ID.
	IDLength = 8
)

// LargePageSize is the page size rdash asks for to read a long list in
// few requests. The document states no maximum; a server that sends
// fewer per page is followed page by page all the same, and one that
// refuses it is asked again at its own default (ListVersions, paging.go).
const LargePageSize = 100

func invalid(field, format string, args ...any) error {
	return &ValidationError{Field: field, Rule: fmt.Sprintf(format, args...)}
}

func item(field string, i int) string { return fmt.Sprintf("%s[%d]", field, i) }

// validatePathID checks an ID or slug that becomes one path segment. "." and
// ".." would be resolved away by URL path cleaning and address another route.
func validatePathID(field, id string) error {
	switch {
	case id == "":
		return invalid(field, "is required")
	case id == "." || id == "..":
		return invalid(field, "must not be %q", id)
	}
	return nil
}

// validateRequired checks a field the document lists as required: it is
// not empty, and has at most max characters when max is set.
func validateRequired(field, s string, max int) error {
	if s == "" {
		return invalid(field, "is required")
	}
	return validateLength(field, s, max)
}

// validateOptionalLength is validateLength of a field that may be unset.
func validateOptionalLength(field string, s *string, max int) error {
	if s == nil {
		return nil
	}
	return validateLength(field, *s, max)
}

// validateLength checks that s has at most max characters (none when max
// is 0), counted as runes as the interface counts characters.
func validateLength(field, s string, max int) error {
	if n := utf8.RuneCountInString(s); max > 0 && n > max {
		return invalid(field, "must be at most %d characters (has %d)", max, n)
	}
	return nil
}

// validateVisible checks a text the document describes as "1-max visible
// characters" (a dependency's name): not blank, no control, escape or
// invisible format character, at most max characters.
func validateVisible(field, s string, max int) error {
	switch {
	case strings.TrimSpace(s) == "":
		return invalid(field, "is required")
	case strings.ContainsFunc(s, notGraphic):
		return invalid(field, "must contain only visible characters")
	}
	return validateLength(field, s, max)
}

func notGraphic(r rune) bool { return !unicode.IsGraphic(r) }

// validateHTTPURL checks an absolute http(s) URL, of at most max
// characters when max is set.
func validateHTTPURL(field, s string, max int) error {
	if max > 0 {
		if err := validateLength(field, s, max); err != nil {
			return err
		}
	}
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return invalid(field, "must be an http(s) URL")
	}
	return nil
}

// validatePlatforms checks a list against the platform enumeration.
func validatePlatforms(field string, list []string) error {
	for i, p := range list {
		if !IsPlatform(p) {
			return invalid(item(field, i), "must be one of %s", strings.Join(platforms[:], ", "))
		}
	}
	return nil
}

// ValidateDependency checks the i-th dependency of a list against the
// interface's rules; errors name fields as "dependencies[i].version_id".
// The UI calls it while the user types.
func ValidateDependency(i int, d Dependency) error {
	return validateDependency(item("dependencies", i), d)
}

func validateDependency(field string, d Dependency) error {
	if !IsDependencyType(d.Type) {
		return invalid(field+".type", "must be one of %s", strings.Join(dependencyTypes[:], ", "))
	}
	switch n := countSet(d.VersionID, d.ProjectID, d.Name); {
	case n == 0:
		return invalid(field, "must reference one of version_id, project_id or name")
	case n > 1:
		return invalid(field, "must reference exactly one of version_id, project_id or name")
	}
	if d.URL != "" && d.Name == "" {
		return invalid(field+".url", "is only for an external dependency (name)")
	}
	switch {
	case d.VersionID != "":
		return validateID(field+".version_id", d.VersionID)
	case d.ProjectID != "":
		return validateID(field+".project_id", d.ProjectID)
	}
	if err := validateVisible(field+".name", d.Name, MaxDependencyNameLength); err != nil {
		return err
	}
	if d.URL != "" {
		return validateHTTPURL(field+".url", d.URL, 0)
	}
	return nil
}

// validateID checks a version or project ID: IDLength characters, of any
// kind, as the document says no more.
func validateID(field, id string) error {
	if n := utf8.RuneCountInString(id); n != IDLength {
		return invalid(field, "must be an ID of %d characters (has %d)", IDLength, n)
	}
	return nil
}

func countSet(s ...string) int {
	n := 0
	for _, v := range s {
		if v != "" {
			n++
		}
	}
	return n
}

// validateDependencies checks each dependency and that no two reference
// the same version, project or external name.
func validateDependencies(field string, deps []Dependency) error {
	seen := make(map[string]int, len(deps))
	for i, d := range deps {
		if err := validateDependency(item(field, i), d); err != nil {
			return err
		}
		kind, id := d.Target()
		if j, dup := seen[kind+"\x00"+id]; dup {
			return invalid(item(field, i), "references the same %s as %s", kind, item(field, j))
		}
		seen[kind+"\x00"+id] = i
	}
	return nil
}
