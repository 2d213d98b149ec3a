package publish

import (
	"os"
	"path/filepath"
	"sync"
	"testing"

	"rdash/internal/artifact"
)

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
