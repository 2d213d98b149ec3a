package publish

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"rdash/ui/applyflow"
	"rdash/ui/common"
	"rdash/ui/internal/uitest"
)

// env is the screen driven against a client.
type env struct {
	t    *testing.T
	d    *uitest.Driver
	m    *Model
	w, h int
}

func open(t *testing.T, cl Client, project string, w, h int) *env {
	t.Helper()
	c := uitest.Common(t)
	m := New(c, cl, common.ProjectRef{Slug: project})
	e := &env{t: t, m: m, w: w, h: h}
	e.d = uitest.NewDriver(t, uitest.Screen{S: m}, w, h)
	e.d.WaitFor("the project's channels", func() bool { return !m.sampling })
	return e
}

// focus moves the focus to field i with tab and shift+tab.
func (e *env) focus(i field) {
	e.t.Helper()
	for n := 0; e.m.form.focus != i; n++ {
		if n > int(fieldCount)*2 {
			e.t.Fatalf("cannot reach field %d; screen:\n%s", i, e.d.Screen())
		}
		if e.m.form.focus < i {
			e.d.Press("tab")
		} else {
			e.d.Press("shift+tab")
		}
	}
}

// set types v into field i, in place of what it held.
func (e *env) set(i field, v string) {
	e.t.Helper()
	e.focus(i)
	e.m.form.inputs[i].SetValue("")
	e.d.Type(v)
}

// addFile writes a file of size bytes in a temporary directory and adds
// it through the add field.
func (e *env) addFile(name string, size int) string {
	e.t.Helper()
	path := filepath.Join(e.t.TempDir(), name)
	if err := os.WriteFile(path, []byte(strings.Repeat("x", size)), 0o600); err != nil {
		e.t.Fatal(err)
	}
	e.set(fAdd, path)
	e.d.Press("enter")
	e.d.WaitFor("the file listed", func() bool { return e.m.form.inputs[fAdd].Value() == "" || e.m.form.addErr != "" })
	e.settle()
	return path
}

// settle waits until no read of the form's files is under way.
func (e *env) settle() {
	e.t.Helper()
	e.d.WaitFor("the files read", func() bool { return e.m.pre.reading == nil })
}

// fill fills a valid form with one uploaded file.
func (e *env) fill(version string) {
	e.t.Helper()
	e.set(fVersion, version)
	e.set(fName, "Lumen "+version)
	e.addFile("lumen-"+version+".jar", 3000)
}

func (e *env) previewed() {
	e.t.Helper()
	e.focus(fButton)
	e.d.Press("enter")
	e.d.WaitFor("the preview", func() bool { return e.m.stage == stageApply && e.m.flow.Plan() != nil })
}

func (e *env) results() {
	e.t.Helper()
	e.d.WaitFor("the results", func() bool { return e.m.flow.Stage() == applyflow.StageResults })
}

// check runs the checks every view passes.
func (e *env) check() {
	e.t.Helper()
	uitest.RequireFits(e.t, e.d.Screen(), e.w, e.h)
	uitest.RequireTerminalSafe(e.t, e.d.Raw())
}

// contains reports that s holds every one of want.
func contains(s string, want ...string) bool {
	for _, w := range want {
		if !strings.Contains(s, w) {
			return false
		}
	}
	return true
}

func itoa(n int) string { return strconv.Itoa(n) }

// pin checks the screen and compares it with its golden file, in a
// subtest of t named name; e then reports to t again.
func (e *env) pin(t *testing.T, name string) {
	t.Helper()
	t.Run(name, func(t *testing.T) {
		e.t = t
		e.settle()
		e.check()
		golden.RequireEqual(t, e.d.Screen())
	})
	e.t = t
}
