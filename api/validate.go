package api

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Limits of the interface (shared/spec/service-api.md, "Limits"), in
// characters.
const (
	// MaxVersionLength bounds a version string.
	MaxVersionLength = 32
	// MaxNameLength bounds a version's display name.
	MaxNameLength = 64
	// MaxUploadNameLength bounds an uploaded file's name.
	MaxUploadNameLength = 128
	// MaxExternalURLLength bounds an external file's URL.
	MaxExternalURLLength = 256
	// MaxDependencyNameLength bounds an external dependency's name.
	MaxDependencyNameLength = 64
	// IDLength is the length of a version or project ID.
	IDLength = 8
)

// Limits of docs/wire.md, where the interface is silent.
const (
	// MaxBulkIDs is the most IDs one bulk request carries; the sandbox
	// refuses more, so larger lists are split.
	MaxBulkIDs = 100
	// MaxPageSize bounds ListVersionsOptions.PageSize.
	MaxPageSize = 100
	// MaxGameVersionLength bounds one of a version's minecraft_versions.
	MaxGameVersionLength = 32
	// MaxRoleLength bounds an invitation's role.
	MaxRoleLength = 64
	// MaxUploads is the most files one create or update request uploads.
	MaxUploads = 100
	// MaxFileBytes bounds one uploaded file, and MaxUploadBytes all the
	// uploads of one request; the client checks both before sending.
	MaxFileBytes   = 256 << 20
	MaxUploadBytes = 512 << 20
	// MaxDataBytes bounds the data part (the JSON metadata) of a create or
	// update request, like any JSON body.
	MaxDataBytes = 8 << 20
)

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

// validateText checks a set text field: not blank, at most max characters
// (counted as runes, as the interface counts characters), and only visible
// characters or spaces, so no control code, escape or invisible format
// character ever reaches the service and other people's terminals.
func validateText(field, s string, max int) error {
	switch n := utf8.RuneCountInString(s); {
	case strings.TrimSpace(s) == "":
		return invalid(field, "is required")
	case max > 0 && n > max:
		return invalid(field, "must be at most %d characters (has %d)", max, n)
	case strings.ContainsFunc(s, notGraphic):
		return invalid(field, "must contain only visible characters")
	}
	return nil
}

func notGraphic(r rune) bool { return !unicode.IsGraphic(r) }

// validateHTTPURL checks an absolute http(s) URL of at most max characters.
func validateHTTPURL(field, s string, max int) error {
	if n := utf8.RuneCountInString(s); max > 0 && n > max {
		return invalid(field, "must be at most %d characters (has %d)", max, n)
	}
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return invalid(field, "must be an http(s) URL")
	}
	return nil
}

// validateStrings checks a list of plain values such as channels: none
// blank, none repeated.
func validateStrings(field string, list []string) error {
	return validateStringsMax(field, list, 0)
}

// validateGameVersions checks a list of game versions.
func validateGameVersions(field string, list []string) error {
	return validateStringsMax(field, list, MaxGameVersionLength)
}

func validateStringsMax(field string, list []string, max int) error {
	for i, s := range list {
		if err := validateText(item(field, i), s, max); err != nil {
			return err
		}
		if j := slices.Index(list[:i], s); j >= 0 {
			return invalid(item(field, i), "repeats %s", item(field, j))
		}
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
	return validateStrings(field, list)
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
	if err := validateText(field+".name", d.Name, MaxDependencyNameLength); err != nil {
		return err
	}
	if d.URL != "" {
		// The interface bounds only file URLs; the same bound is assumed here.
		return validateHTTPURL(field+".url", d.URL, MaxExternalURLLength)
	}
	return nil
}

// validateID checks a version or project ID referenced by a dependency:
// IDLength characters of A-Z, a-z and 0-9 (docs/wire.md).
func validateID(field, id string) error {
	if len(id) != IDLength || strings.ContainsFunc(id, notAlnum) {
		return invalid(field, "must be an ID of %d characters A-Z, a-z, 0-9", IDLength)
	}
	return nil
}

func notAlnum(r rune) bool {
	return (r < 'a' || r > 'z') && (r < 'A' || r > 'Z') && (r < '0' || r > '9')
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
