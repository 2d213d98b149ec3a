package sandbox

import (
	"strings"
	"unicode/utf8"
)

// The request rules of a profile. Both check every rule the interface
// states; the default profile adds its own (docs/wire.md: text must be
// visible, caps on game versions and roles, no value twice in a list,
// known permission names, IDs of A-Z a-z 0-9), which the strict one
// leaves out, keeping a repeated value once instead of refusing it.

// text checks a text field the interface caps at max characters (version,
// name). The strict profile asks only that it is given and within max.
func (p *Choices) text(field, s string, max int) error {
	if p.OwnRules {
		return checkText(field, s, max)
	}
	switch n := utf8.RuneCountInString(s); {
	case n == 0:
		return badRequest(field, "must not be empty")
	case n > max:
		return badRequestf(field, "at most %d characters (got %d)", max, n)
	}
	return nil
}

// ownCap is max when the profile has its own rules, else 0 (no cap): for
// limits the interface does not state.
func (p *Choices) ownCap(max int) int {
	if p.OwnRules {
		return max
	}
	return 0
}

// gameVersions checks game versions and returns them, each once.
func (p *Choices) gameVersions(field string, gs []string) ([]string, error) {
	if p.OwnRules {
		return gs, checkGameVersions(field, gs)
	}
	return distinctValues(gs), nil
}

// platforms checks platforms against the enumeration and returns them,
// each once.
func (p *Choices) platforms(field string, ps []string) ([]string, error) {
	if p.OwnRules {
		return ps, checkPlatforms(field, ps)
	}
	return distinctValues(ps), checkPlatformNames(field, ps)
}

// dependencies checks dependencies; a target twice is refused in both
// profiles, as the interface says.
func (p *Choices) dependencies(field string, ds []wireDependency) ([]wireDependency, error) {
	return ds, checkDependenciesBy(p, field, ds)
}

// distinct returns xs each once, refusing a repeat when the profile has
// its own rules.
func (p *Choices) distinct(field string, xs []string, key func(string) string) ([]string, error) {
	if p.OwnRules {
		return xs, noDuplicates(field, xs, key)
	}
	return distinctValues(xs), nil
}

// isID reports whether s can be an ID: 8 characters, of those the server
// makes its IDs of when the profile has its own rules (the interface says
// only "8 characters").
func (p *Choices) isID(s string) bool {
	if !p.OwnRules {
		return utf8.RuneCountInString(s) == 8
	}
	if p.IDChars == idChars {
		return isID(s) // the default profile's, without a scan of IDChars
	}
	return len(s) == 8 && !strings.ContainsFunc(s, func(r rune) bool { return !strings.ContainsRune(p.IDChars, r) })
}

func (p *Choices) idRule() string {
	switch {
	case !p.OwnRules:
		return "must be 8 characters"
	case p.IDChars != idChars:
		return "must be 8 characters of A-Z, a-z, 0-9, - and _"
	}
	return "must be 8 characters of A-Z, a-z, 0-9"
}

// fileItem checks an item of data.files. The interface caps file names at
// 128 and URLs at 256 characters on create; the strict profile applies the
// caps to create alone and allows any file name.
func (p *Choices) fileItem(field, item string, create bool) error {
	if p.OwnRules {
		return checkFileItem(field, item)
	}
	nameCap, urlCap := maxFileNameLen, maxURLLen
	if !create {
		nameCap, urlCap = 0, 0
	}
	if isURLItem(item) {
		return checkURL(field, item, urlCap)
	}
	n := utf8.RuneCountInString(item)
	switch {
	case n == 0:
		return badRequest(field, "must not be empty")
	case nameCap > 0 && n > nameCap:
		return badRequestf(field, "at most %d characters (got %d)", nameCap, n)
	}
	return nil
}

// distinctValues returns xs without repeats, in order; nil stays nil.
func distinctValues(xs []string) []string {
	if xs == nil {
		return nil
	}
	out := make([]string, 0, len(xs))
	seen := make(map[string]bool, len(xs))
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}
