package artifact

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
)

// bound is one end of an interval of game versions; raw is the version as
// written.
type bound struct {
	v    gameVersion
	incl bool
	raw  string
}

// interval is the game versions between lo and hi; a nil end is open.
type interval struct{ lo, hi *bound }

// gameRange is a union of intervals read from a metadata file. label
// names it in what the reading assumed ("range \">=1.21\"").
type gameRange struct {
	label     string
	intervals []interval
	notes     []string
}

func (iv interval) contains(v gameVersion) bool {
	if iv.lo != nil {
		if c := v.compare(iv.lo.v); c < 0 || (c == 0 && !iv.lo.incl) {
			return false
		}
	}
	if iv.hi != nil {
		if c := v.compare(iv.hi.v); c > 0 || (c == 0 && !iv.hi.incl) {
			return false
		}
	}
	return true
}

// exact reports whether the interval holds one version.
func (iv interval) exact() bool {
	return iv.lo != nil && iv.hi != nil && iv.lo.incl && iv.hi.incl && iv.lo.v.compare(iv.hi.v) == 0
}

// intersect narrows iv to the versions also in o: the higher lower bound
// and the lower upper bound, the exclusive one where they meet.
func (iv interval) intersect(o interval) interval {
	return interval{lo: tighter(iv.lo, o.lo, 1), hi: tighter(iv.hi, o.hi, -1)}
}

// tighter picks the stricter of two bounds; dir is 1 for lower bounds
// (the greater is stricter) and -1 for upper bounds.
func tighter(a, b *bound, dir int) *bound {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	if c := a.v.compare(b.v) * dir; c > 0 || (c == 0 && !a.incl) {
		return a
	}
	return b
}

func exactly(v gameVersion, raw string) interval {
	b := &bound{v: v, incl: true, raw: raw}
	return interval{lo: b, hi: b}
}

var xRangeRE = regexp.MustCompile(`^(\d{1,6}(?:\.\d{1,6}){0,2})\.[xX*]$`)

// parseSemverRange reads a range as Fabric and Quilt write them: space
// separated predicates that must all hold (">=1.21 <1.21.5"), "||"
// between alternatives, "*" for any, x-ranges ("1.21.x"), "~" (same
// minor) and "^" (same major); a bare version means exactly that one.
func parseSemverRange(s string) (gameRange, error) {
	r := gameRange{label: fmt.Sprintf("range %q", s)}
	for alt := range strings.SplitSeq(s, "||") {
		iv, err := parseAllOf(alt)
		if err != nil {
			return r, err
		}
		r.intervals = append(r.intervals, iv)
	}
	return r, nil
}

func parseAllOf(s string) (interval, error) {
	toks := joinOperators(strings.Fields(s))
	if len(toks) == 0 {
		return interval{}, errors.New("has an empty alternative")
	}
	var iv interval
	for _, t := range toks {
		p, err := parsePredicate(t)
		if err != nil {
			return interval{}, err
		}
		iv = iv.intersect(p)
	}
	return iv, nil
}

// joinOperators glues an operator written apart (">= 1.21") to its version.
func joinOperators(toks []string) []string {
	var out []string
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if strings.Trim(t, "<>=~^") == "" && i+1 < len(toks) {
			t += toks[i+1]
			i++
		}
		out = append(out, t)
	}
	return out
}

func splitOperator(t string) (op, rest string) {
	for _, op := range []string{">=", "<=", ">", "<", "=", "~", "^"} {
		if s, ok := strings.CutPrefix(t, op); ok {
			return op, s
		}
	}
	return "", t
}

func parsePredicate(t string) (interval, error) {
	op, ver := splitOperator(t)
	if ver == "*" || ver == "x" || ver == "X" {
		if op != "" && op != "=" {
			return interval{}, fmt.Errorf("has %q, an operator before a wildcard", t)
		}
		return interval{}, nil
	}
	if m := xRangeRE.FindStringSubmatch(ver); m != nil {
		return xRange(op, m[1], t)
	}
	v, ok := parseGameVersion(ver)
	if !ok {
		return interval{}, fmt.Errorf("has %q, which is not a game version", ver)
	}
	b := &bound{v: v, incl: true, raw: ver}
	switch op {
	case "", "=":
		return exactly(v, ver), nil
	case ">=":
		return interval{lo: b}, nil
	case ">":
		return interval{lo: &bound{v: v, raw: ver}}, nil
	case "<=":
		return interval{hi: b}, nil
	case "<":
		return interval{hi: &bound{v: v, raw: ver}}, nil
	case "~":
		return interval{lo: b, hi: upTo(v.next(min(2, len(v.nums))))}, nil
	}
	return interval{lo: b, hi: upTo(v.next(1))}, nil // "^"
}

// xRange reads "1.21.x": every version starting with the numbers before x.
func xRange(op, prefix, t string) (interval, error) {
	v := gameVersion{nums: numbers(prefix), stage: stageLowest}
	end := upTo(v.next(len(v.nums)))
	start := &bound{v: v, incl: true, raw: prefix}
	switch op {
	case "", "=", "~", "^":
		return interval{lo: start, hi: end}, nil
	case ">=":
		return interval{lo: start}, nil
	case "<":
		return interval{hi: &bound{v: v, raw: prefix}}, nil
	}
	return interval{}, fmt.Errorf("has %q, an operator this reader does not take before an x-range", t)
}

// upTo is an exclusive upper bound.
func upTo(v gameVersion) *bound { return &bound{v: v, raw: v.String()} }

// String writes v back in the release form; used only for computed
// bounds, which have no other spelling.
func (v gameVersion) String() string {
	parts := make([]string, len(v.nums))
	for i, n := range v.nums {
		parts[i] = fmt.Sprint(n)
	}
	return strings.Join(parts, ".")
}
