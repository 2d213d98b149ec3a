package common

import (
	"cmp"
	"strings"
)

// NaturalCompare orders version strings by their numbers, for
// slices.SortFunc: 1.10 after 1.9, 1.21.10 after 1.21.9. Digit runs
// compare as numbers (leading zeros ignored), other characters byte by
// byte, and a pre-release comes before its release: "1.0-beta" < "1.0".
func NaturalCompare(a, b string) int {
	for a != "" && b != "" {
		da, ra := leadingDigits(a)
		db, rb := leadingDigits(b)
		if da != "" && db != "" {
			da, db = strings.TrimLeft(da, "0"), strings.TrimLeft(db, "0")
			if c := cmp.Or(cmp.Compare(len(da), len(db)), cmp.Compare(da, db)); c != 0 {
				return c
			}
			a, b = ra, rb
			continue
		}
		if c := cmp.Compare(a[0], b[0]); c != 0 {
			return c
		}
		a, b = a[1:], b[1:]
	}
	switch {
	case a == "" && strings.HasPrefix(b, "-"):
		return 1
	case b == "" && strings.HasPrefix(a, "-"):
		return -1
	}
	return cmp.Compare(len(a), len(b))
}

func leadingDigits(s string) (digits, rest string) {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return s[:i], s[i:]
}
