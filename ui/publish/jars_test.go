package publish

import (
	"archive/zip"
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"rdash/internal/artifact"
)

// fixtures are internal/artifact's metadata files, one directory a jar,
// written from each format's documentation (see its testdata/README.md).
var fixtures = filepath.Join("..", "..", "internal", "artifact", "testdata")

// packFixture packs fixtures/<dir> as a jar named name in a temporary
// directory, as a build would, and returns its path.
func packFixture(t *testing.T, dir, name string) string {
	t.Helper()
	root := filepath.Join(fixtures, dir)
	files := map[string][]byte{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(root, path)
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
	return writeJar(t, name, files)
}

// writeJar writes files (name → content) as a zip archive named name in a
// temporary directory, in name order, and returns its path. Names are
// written as given, "../" and all.
func writeJar(t *testing.T, name string, files map[string][]byte) string {
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
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, buf.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// writeFile writes text as a file named name in a temporary directory.
func writeFile(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// withConfig makes the screen read rdash.yml with text from a directory of
// its own, as the working directory the dashboard runs in.
func (e *env) withConfig(text string) {
	e.t.Helper()
	dir := e.t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, artifact.ConfigFile), []byte(text), 0o600); err != nil {
		e.t.Fatal(err)
	}
	e.m.pre.dir = dir
}

// choose adds the file at path through the add field, and waits until
// the form's files are read.
func (e *env) choose(path string) {
	e.t.Helper()
	e.set(fAdd, path)
	e.d.Press("enter")
	e.d.WaitFor("the file listed", func() bool { return e.m.form.inputs[fAdd].Value() == "" || e.m.form.addErr != "" })
	e.settle()
}

// holdReads makes each read of the files wait until the returned gate is
// released; entered is closed once the first has begun.
func (e *env) holdReads() *readGate {
	g := &readGate{entered: make(chan struct{}), release: make(chan struct{})}
	e.m.pre.propose = g.propose
	e.t.Cleanup(g.open)
	return g
}

// readGate holds reads of the files, as a slow disk would.
type readGate struct {
	entered, release chan struct{}
	once, opened     sync.Once
}

func (g *readGate) propose(in artifact.Input) (*artifact.Proposal, error) {
	g.once.Do(func() { close(g.entered) })
	<-g.release
	return artifact.Propose(in)
}

func (g *readGate) open() { g.opened.Do(func() { close(g.release) }) }

// waitEntered feeds the screen until a read is held on g.
func (e *env) waitEntered(g *readGate) {
	e.t.Helper()
	e.d.WaitFor("a read to begin", func() bool {
		select {
		case <-g.entered:
			return true
		default:
			return false
		}
	})
}

// marks are the fields' sources shown, by label.
func (e *env) marks() map[string]string {
	out := map[string]string{}
	for i := range fieldCount {
		if src := e.m.form.mark(i); src != "" {
			out[labels[i]] = src
		}
	}
	return out
}

// lumenYml maps the bukkit fixture's ProtocolLib to a project the sandbox
// has.
const lumenYml = "dependencies:\n  ProtocolLib: prjEmber\n"
