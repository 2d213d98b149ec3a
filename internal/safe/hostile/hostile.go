// Package hostile reads the corpus of hostile strings at the repository's
// testdata/hostile/cases.txt, for tests of every package that prints text
// from the server. See that directory's README.md.
package hostile

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Case is one hostile string and the name it goes by in the corpus.
type Case struct {
	Name string
	Text string
}

// Cases returns the corpus, failing t if it cannot be read or parsed.
func Cases(t testing.TB) []Case {
	t.Helper()
	path, err := corpusPath()
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	cases, err := Parse(b)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return cases
}

// Parse reads cases in the corpus format: "name<TAB>quoted" per line, # for
// comments.
func Parse(b []byte) ([]Case, error) {
	var cases []Case
	seen := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, quoted, ok := strings.Cut(line, "\t")
		if !ok || name == "" || seen[name] {
			return nil, fmt.Errorf("line %d: want a new name, a tab and a quoted string", n)
		}
		text, err := strconv.Unquote(quoted)
		if err != nil {
			return nil, fmt.Errorf("line %d (%s): %v", n, name, err)
		}
		seen[name] = true
		cases = append(cases, Case{Name: name, Text: text})
	}
	return cases, sc.Err()
}

// Seed adds every case to f's seed corpus.
func Seed(f *testing.F) {
	for _, c := range Cases(f) {
		f.Add(c.Text)
	}
}

// corpusPath finds testdata/hostile/cases.txt in the module's root, the
// first directory upwards from the test's own that has a go.mod.
func corpusPath() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "testdata", "hostile", "cases.txt"), nil
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", fmt.Errorf("no go.mod above the test's directory")
		}
		dir = up
	}
}

// CheckSeeds checks that testdata/fuzz/<fuzz>/ of the calling package holds
// every case in Go's seed corpus format, one file per case named after it,
// so that `go test -fuzz` starts from the corpus. With update it writes
// them instead: tests pass the flag -update-seeds as update. Other files
// (inputs the fuzzer found) are left alone.
func CheckSeeds(t *testing.T, fuzz string, update bool) {
	t.Helper()
	dir := filepath.Join("testdata", "fuzz", fuzz)
	if update {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range Cases(t) {
		path := filepath.Join(dir, c.Name)
		want := fmt.Sprintf("go test fuzz v1\nstring(%q)\n", c.Text)
		if update {
			if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil || string(got) != want {
			t.Errorf("%s is missing or stale: run go test -run %s -update-seeds", path, t.Name())
		}
	}
}
