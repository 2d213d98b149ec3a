package artifact

import (
	"errors"
	"fmt"
	"strings"
)

// parseMavenRange reads a range as Forge and NeoForge write them, in
// Maven's form: "[1.20.1,1.21)", "[1.21,)", "(,1.21]", "[1.21.1]", and
// several of them separated by commas for a union. Maven reads a bare
// version as a preference that any version satisfies; mods.toml files use
// it to mean that version, so it is read so, and the note says so.
func parseMavenRange(s string) (gameRange, error) {
	r := gameRange{label: fmt.Sprintf("range %q", s)}
	rest := strings.TrimSpace(s)
	if rest == "" {
		return r, errors.New("is empty")
	}
	if rest[0] != '[' && rest[0] != '(' {
		v, ok := parseGameVersion(rest)
		if !ok {
			return r, fmt.Errorf("has %q, which is not a game version", rest)
		}
		r.intervals = []interval{exactly(v, rest)}
		r.notes = append(r.notes, fmt.Sprintf("%s is a bare version, which Maven would let any version satisfy: read as exactly %s", r.label, rest))
		return r, nil
	}
	for rest != "" {
		iv, after, err := mavenInterval(rest)
		if err != nil {
			return r, err
		}
		r.intervals = append(r.intervals, iv)
		rest = after
	}
	return r, nil
}

// mavenInterval reads the first bracketed interval of s and returns what
// follows it, past a separating comma.
func mavenInterval(s string) (interval, string, error) {
	opening := s[0]
	if opening != '[' && opening != '(' {
		return interval{}, "", fmt.Errorf("has %q where a [ or ( should open an interval", s)
	}
	end := strings.IndexAny(s, "])")
	if end < 0 {
		return interval{}, "", fmt.Errorf("has %q, an interval with no closing ] or )", s)
	}
	iv, err := mavenBounds(opening, s[1:end], s[end])
	if err != nil {
		return interval{}, "", err
	}
	rest := strings.TrimSpace(s[end+1:])
	if rest == "" {
		return iv, "", nil
	}
	after, ok := strings.CutPrefix(rest, ",")
	if after = strings.TrimSpace(after); !ok || after == "" {
		return interval{}, "", fmt.Errorf("has %q after an interval, where a comma and another interval should be", rest)
	}
	return iv, after, nil
}

func mavenBounds(opening byte, body string, closing byte) (interval, error) {
	lo, hi, isRange := strings.Cut(body, ",")
	if !isRange {
		v, ok := parseGameVersion(strings.TrimSpace(body))
		if !ok || opening != '[' || closing != ']' {
			return interval{}, fmt.Errorf("has %q, which is neither [VERSION] nor an interval", string(opening)+body+string(closing))
		}
		return exactly(v, strings.TrimSpace(body)), nil
	}
	var iv interval
	var err error
	if iv.lo, err = mavenBound(lo, opening == '['); err != nil {
		return interval{}, err
	}
	if iv.hi, err = mavenBound(hi, closing == ']'); err != nil {
		return interval{}, err
	}
	return iv, nil
}

// mavenBound reads one end; an empty one is open.
func mavenBound(s string, incl bool) (*bound, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil
	}
	v, ok := parseGameVersion(s)
	if !ok {
		return nil, fmt.Errorf("has %q, which is not a game version", s)
	}
	return &bound{v: v, incl: incl, raw: s}, nil
}
