package artifact

import (
	"archive/zip"
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"rdash/api"
)

// packDir packs the files under dir into an archive named name in a
// temporary directory, as a build would, and returns its path.
func packDir(t *testing.T, dir, name string) string {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		b, err := os.ReadFile(path)
		files[filepath.ToSlash(rel)] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return writeArchive(t, name, files)
}

// writeArchive writes files (path → content) as a zip archive named name
// in a temporary directory, in path order, and returns its path.
func writeArchive(t *testing.T, name string, files map[string][]byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, zipBytes(t, files), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func zipBytes(t testing.TB, files map[string][]byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		w, err := zw.Create(n)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write(files[n]); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// fixture packs testdata/jars/<dir> as name.
func fixture(t *testing.T, dir, name string) string {
	t.Helper()
	return packDir(t, filepath.Join("testdata", "jars", dir), name)
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
