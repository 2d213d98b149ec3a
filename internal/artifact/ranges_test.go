package artifact

import (
	"slices"
	"strings"
	"testing"
)

// TestRanges expands every range form of issue 23 against the table and
// the project's versions; notes say what was assumed.
func TestRanges(t *testing.T) {
	t.Parallel()
	rels, err := table()
	if err != nil {
		t.Fatal(err)
	}
	project := []string{"1.21.4", "1.21.5-rc1", "24w14a", "26.3"}
	cases := []struct {
		spec    string
		maven   bool
		withPre bool
		want    []string
		notes   []string
	}{
		{spec: ">=1.21 <1.21.5", want: []string{"1.21", "1.21.1", "1.21.2", "1.21.3", "1.21.4"}},
		{spec: ">=1.21 <1.21.5", withPre: true, want: []string{"1.21", "1.21.1", "1.21.2", "1.21.3", "1.21.4", "1.21.5-rc1"}},
		{spec: ">= 1.20.5 <= 1.20.6", want: []string{"1.20.5", "1.20.6"}},
		{spec: "1.21.x", want: releasesFrom(t, "1.21", "1.21.11")},
		{spec: "1.20.*", want: releasesFrom(t, "1.20", "1.20.6")},
		{spec: "~1.21", want: releasesFrom(t, "1.21", "1.21.11")},
		{spec: "~1.20.4", want: []string{"1.20.4", "1.20.5", "1.20.6"}},
		{spec: "^1.21", want: releasesFrom(t, "1.21", "1.21.11")},
		{spec: "^26.1", want: append(releasesFrom(t, "26.1", newest(t)), "26.3"), notes: []string{`range "^26.1" reaches past the newest known release, 26.3`}},
		{spec: "1.20.1 || 1.21.1", want: []string{"1.20.1", "1.21.1"}},
		{spec: "=1.16.5", want: []string{"1.16.5"}},
		{spec: ">1.21.10", want: append(releasesFrom(t, "1.21.11", newest(t)), "26.3"), notes: []string{`range ">1.21.10" has no upper bound: assumed it ends at the newest known release, 26.3; later ones are not included`}},
		{spec: ">=27.1", notes: []string{`range ">=27.1" starts after the newest known release, 26.3: rdash knows none of its versions`}},
		{spec: "<1.8.2", want: []string{"1.8", "1.8.1"}, notes: []string{`range "<1.8.2" has no lower bound: assumed it starts at the oldest known release, 1.8`}},
		{spec: "*", notes: []string{"has no upper bound", "has no lower bound"}},
		{spec: "1.21.99", want: []string{"1.21.99"}, notes: []string{`range "1.21.99" names 1.21.99, which the table of releases and this project do not know: kept as written`}},
		{spec: "1.21-pre1", notes: []string{"names 1.21-pre1, which is not a release: left out (releases only)"}},
		{spec: ">=1.21- <1.21.2-", want: []string{"1.21", "1.21.1"}},
		{spec: ">=1.21-beta.1 <1.21", withPre: true, want: nil},
		{spec: "[1.20.1,1.21)", maven: true, want: releasesFrom(t, "1.20.1", "1.20.6")},
		{spec: "[1.21,)", maven: true, want: append(releasesFrom(t, "1.21", newest(t)), "26.3"), notes: []string{"has no upper bound"}},
		{spec: "(,1.8.1]", maven: true, want: []string{"1.8", "1.8.1"}},
		{spec: "[1.21.1]", maven: true, want: []string{"1.21.1"}},
		{spec: "[1.19,1.19.1],[1.21.11,1.22)", maven: true, want: []string{"1.19", "1.19.1", "1.21.11"}},
		{spec: "(1.20.5,1.20.6]", maven: true, want: []string{"1.20.6"}},
		{spec: "1.20.4", maven: true, want: []string{"1.20.4"}, notes: []string{"is a bare version, which Maven would let any version satisfy"}},
	}
	kv := knownVersions(rels, project)
	for _, tc := range cases {
		parse := parseSemverRange
		if tc.maven {
			parse = parseMavenRange
		}
		r, err := parse(tc.spec)
		if err != nil {
			t.Errorf("%q: %v", tc.spec, err)
			continue
		}
		got, notes := expand(r, kv, tc.withPre)
		if tc.spec == "*" {
			tc.want = append(releasesFrom(t, "1.8", newest(t)), "26.3")
		}
		if !slices.Equal(got, tc.want) && (len(got) > 0 || len(tc.want) > 0) {
			t.Errorf("%q (pre-releases %t) = %q, want %q", tc.spec, tc.withPre, got, tc.want)
		}
		for _, n := range tc.notes {
			if !containsText(notes, n) {
				t.Errorf("%q: notes %q lack %q", tc.spec, notes, n)
			}
		}
	}
}

// TestBadRanges: a range that cannot be read says which part.
func TestBadRanges(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		spec  string
		maven bool
		says  string
	}{
		{spec: ">=banana", says: `has "banana", which is not a game version`},
		{spec: ">=1.21 ||", says: "has an empty alternative"},
		{spec: ">*", says: "an operator before a wildcard"},
		{spec: "<=1.21.x", says: "an operator this reader does not take before an x-range"},
		{spec: "[1.20,1.21", maven: true, says: "no closing ] or )"},
		{spec: "[1.20,1.21) 1.22", maven: true, says: "where a comma and another interval should be"},
		{spec: "(1.21)", maven: true, says: "neither [VERSION] nor an interval"},
		{spec: "[1.21,x)", maven: true, says: `has "x", which is not a game version`},
		{spec: " ", maven: true, says: "is empty"},
	} {
		parse := parseSemverRange
		if tc.maven {
			parse = parseMavenRange
		}
		if _, err := parse(tc.spec); err == nil || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%q: %v, want an error saying %q", tc.spec, err, tc.says)
		}
	}
}

// TestGameVersionOrder: releases, pre-releases and Fabric's forms order
// as the game released them; weekly snapshots do not parse.
func TestGameVersionOrder(t *testing.T) {
	t.Parallel()
	order := []string{"1.20.6", "1.21-", "1.21-alpha.24.14.a", "1.21-pre1", "1.21 Pre-Release 2", "1.21-beta.3", "1.21-rc1", "1.21-rc.2", "1.21", "1.21.0.1", "1.21.1", "1.21.10", "26.1"}
	for i := 1; i < len(order); i++ {
		a, okA := parseGameVersion(order[i-1])
		b, okB := parseGameVersion(order[i])
		if !okA || !okB || a.compare(b) >= 0 {
			t.Errorf("%q (%t) should come before %q (%t)", order[i-1], okA, order[i], okB)
		}
	}
	for _, s := range []string{"24w14a", "1", "1.21.", "v1.21", "1.21-pre", "1.2.3.4.5", "1.9999999"} {
		if _, ok := parseGameVersion(s); ok {
			t.Errorf("%q parsed as a game version", s)
		}
	}
}

// TestSortVersions: ascending, each once, versions that cannot be ordered
// after the others in their order; and each version parsed once, not at
// every comparison (a range over the whole table made a proposal run the
// game-version patterns thousands of times). Allocations count the
// parsing, as a clock cannot on a shared machine: sorting the table's
// names, newest first, allocates about what parsing each once does. Not
// parallel: AllocsPerRun counts the whole process's allocations.
func TestSortVersions(t *testing.T) {
	got := sortVersions([]string{"1.21", "24w14a", "1.20.1", "1.21", "1.21-pre1", "x", "1.20.1"})
	if want := []string{"1.20.1", "1.21-pre1", "1.21", "24w14a", "x"}; !slices.Equal(got, want) {
		t.Fatalf("sortVersions: %q, want %q", got, want)
	}
	rels, err := table()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, r := range slices.Backward(rels) {
		names = append(names, r.name)
	}
	once := testing.AllocsPerRun(5, func() {
		for _, n := range names {
			parseGameVersion(n)
		}
	})
	if sorted := testing.AllocsPerRun(5, func() { sortVersions(names) }); sorted > 2*once+32 {
		t.Fatalf("sorting %d versions allocated %.0f times; parsing each once allocates %.0f", len(names), sorted, once)
	}
}
