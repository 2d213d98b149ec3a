package artifact

import (
	"slices"
	"strings"
	"testing"

	"rdash/api"
	"rdash/internal/artifact/artifacttest"
)

// fixture packs testdata/jars/<dir> as name.
func fixture(t *testing.T, dir, name string) string {
	t.Helper()
	return artifacttest.Fixture(t, "jars/"+dir, name)
}

// lumenProject is a project with a default channel and beta, alpha and
// rc channels.
func lumenProject() Project {
	return Project{Channels: []api.Channel{
		{ID: "c1", Slug: "release", Name: "Release", IsDefault: true},
		{ID: "c2", Slug: "beta", Name: "Beta"},
		{ID: "c3", Slug: "alpha", Name: "Alpha"},
	}}
}

// depSpecs writes dependencies as TYPE:KIND:TARGET for comparison.
func depSpecs(deps []Dependency) []string {
	out := make([]string, len(deps))
	for i, d := range deps {
		out[i] = api.DependencySpec(d.Dependency)
	}
	return out
}

// releasesFrom lists the table's releases from first to last, inclusive.
func releasesFrom(t *testing.T, first, last string) []string {
	t.Helper()
	rels, err := table()
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	in := false
	for _, r := range rels {
		in = in || r.name == first
		if in {
			out = append(out, r.name)
		}
		if r.name == last {
			return out
		}
	}
	t.Fatalf("the table has no %s to %s", first, last)
	return nil
}

// newest is the newest release in the table.
func newest(t *testing.T) string {
	t.Helper()
	rels, err := table()
	if err != nil {
		t.Fatal(err)
	}
	return rels[len(rels)-1].name
}

func containsText(list []string, sub string) bool {
	return slices.ContainsFunc(list, func(s string) bool { return strings.Contains(s, sub) })
}

func gapsText(gaps []Gap) []string {
	out := make([]string, len(gaps))
	for i, g := range gaps {
		out[i] = g.Field + ": " + g.Reason
	}
	return out
}
