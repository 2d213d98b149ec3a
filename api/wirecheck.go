package api

import (
	"fmt"
	"unicode/utf8"
)

// wireChecker is a decoded value that knows the lengths the interface
// defines for its fields; field names it in the response ("data[3]").
type wireChecker interface {
	checkWire(field string) error
}

// checkWire checks v when its type defines lengths.
func checkWire[T any](v *T, field string) error {
	if c, ok := any(v).(wireChecker); ok {
		return c.checkWire(field)
	}
	return nil
}

// checkWire refuses a version whose values break a length the interface
// defines (shared/spec/service-api.md, the Version and Dependency tables):
// a far longer one comes from a broken or hostile server, and showing it
// cost the dashboard seconds and hundreds of megabytes (a 10 MB ID).
func (v *Version) checkWire(field string) error {
	errs := []error{
		wireLength(field+".id", v.ID, IDLength, IDLength),
		wireLength(field+".version", v.Version, 0, MaxVersionLength),
		wireLength(field+".name", v.Name, 0, MaxNameLength),
	}
	if v.ProjectID != "" {
		errs = append(errs, wireLength(field+".project_id", v.ProjectID, IDLength, IDLength))
	}
	for i, d := range v.Dependencies {
		errs = append(errs, d.checkWire(fmt.Sprintf("%s.dependencies[%d]", field, i)))
	}
	return firstError(errs...)
}

func (d Dependency) checkWire(field string) error {
	var errs []error
	if d.VersionID != "" {
		errs = append(errs, wireLength(field+".version_id", d.VersionID, IDLength, IDLength))
	}
	if d.ProjectID != "" {
		errs = append(errs, wireLength(field+".project_id", d.ProjectID, IDLength, IDLength))
	}
	return firstError(append(errs, wireLength(field+".name", d.Name, 0, MaxDependencyNameLength))...)
}

// wireLength checks that s has from min to max characters. A string more
// than four bytes a character past max is refused without counting.
func wireLength(field, s string, min, max int) error {
	n := len(s)
	if n <= 4*max {
		n = utf8.RuneCountInString(s)
	}
	switch {
	case n > 4*max:
		return fmt.Errorf("%s has %d bytes, where the interface defines at most %d characters", field, len(s), max)
	case min == max && n != max:
		return fmt.Errorf("%s has %d characters, where the interface defines %d", field, n, max)
	case n < min || n > max:
		return fmt.Errorf("%s has %d characters, where the interface allows at most %d", field, n, max)
	}
	return nil
}
