package cmd

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"rdash/api/sandbox"
	"rdash/internal/artifact/artifacttest"
)

// corpusProject is the project the corpus is published to, in a sandbox
// seeded with testdata/corpus-seed.json: its versions show release (the
// default), beta, alpha and snapshot channels, so each pre-release has a
// channel of its stability to go to, and no version string of the corpus.
const corpusProject = "corpus"

// corpusCLI is a CLI over a sandbox seeded with testdata/corpus-seed.json.
func corpusCLI(t *testing.T) *cli {
	t.Helper()
	seed, err := os.ReadFile(filepath.Join("testdata", "corpus-seed.json"))
	if err != nil {
		t.Fatal(err)
	}
	return newCLI(t, "alice", sandbox.Options{Data: seed, Now: func() time.Time { return goldenNow }})
}

// TestCorpusGolden runs versions create --from --dry-run --json on each
// file of the corpus of real metadata (internal/artifact/testdata/corpus),
// packed into the jar its README names, and holds the output to the
// golden beside the file (NAME.golden.json): what rdash would publish
// from the builds people publish. A run rdash refuses keeps its exit
// code and message instead. -update writes the goldens again; each diff
// is read before it is kept.
func TestCorpusGolden(t *testing.T) {
	t.Parallel()
	files, err := artifacttest.Corpus()
	if err != nil {
		t.Fatal(err)
	}
	for _, cf := range files {
		t.Run(cf.Kind+"/"+cf.Name, func(t *testing.T) {
			t.Parallel()
			got := corpusRun(t, cf)
			path := filepath.Join(artifacttest.CorpusDir(), cf.Kind, cf.Name+".golden.json")
			if u := flag.Lookup("update"); u != nil && u.Value.String() == "true" {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (go test ./cmd -run TestCorpusGolden -update writes it)", err)
			}
			if got != string(want) {
				t.Errorf("%s differs from its golden:\n%s", cf.Path, lineDiff(string(want), got))
			}
		})
	}
}

// corpusRun publishes cf's jar with --dry-run --json and returns the
// output, or, when rdash refuses, its exit code and message, as JSON with
// the temporary directory written {dir}.
func corpusRun(t *testing.T, cf artifacttest.CorpusFile) string {
	t.Helper()
	c := corpusCLI(t)
	jar := artifacttest.CorpusJar(t, cf)
	r := c.run("", "versions", "create", corpusProject, "--from", jar, "--dry-run", "--json")
	out := r.out
	if r.code != 0 {
		b, err := json.MarshalIndent(map[string]any{"exit": r.code, "stderr": r.err}, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		out = string(b) + "\n"
	} else if !json.Valid([]byte(out)) {
		t.Fatalf("stdout is not JSON:\n%s", out)
	}
	return strings.ReplaceAll(out, filepath.Dir(jar), "{dir}")
}

// lineDiff lists the lines of want and got that differ, in order.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b bytes.Buffer
	for i := range max(len(w), len(g)) {
		wl, gl := at(w, i), at(g, i)
		if wl != gl {
			b.WriteString("- " + wl + "\n+ " + gl + "\n")
		}
	}
	return b.String()
}

func at(lines []string, i int) string {
	if i < len(lines) {
		return lines[i]
	}
	return ""
}
