package bulkedit

import (
	"strings"
	"testing"

	"rdash/ui/internal/uitest"
)

// A project dependency may be typed by its slug: the preview finds its ID
// and says so, and the edit sends the ID; a slug no project has is
// refused before anything is sent, on the field.
func TestDependencyBySlug(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	vs := versionsOf(t, c, "lumen", 1)
	e := openEdit(t, c, "lumen", vs, 100, 30)
	e.choose(depsMode, "replace with")
	e.typeInto(dep(listSet, 0, partDepTarget), "emberforge-core")
	if r := e.m.form.deps.lists[listSet][0]; r.err != "" {
		t.Fatalf("a slug is refused as it is typed: %s", r.err)
	}
	e.preview()
	if !strings.Contains(e.d.Screen(), "dependencies: project emberforge-core is prjEmber") {
		t.Fatalf("the preview does not say which project the slug is:\n%s", e.d.Screen())
	}
	p := e.plan()
	if len(p.Job().(*job).parts) != 1 || p.Job().(*job).parts[0].patch.Dependencies == nil {
		t.Fatal("the plan sends no dependencies")
	}
	if got := p.Job().(*job).parts[0].patch.Dependencies[0]; got.ProjectID != "prjEmber" {
		t.Fatalf("the edit sends project %q, want the ID prjEmber", got.ProjectID)
	}

	e2 := openEdit(t, c, "lumen", vs, 100, 30)
	e2.choose(depsMode, "replace with")
	e2.typeInto(dep(listSet, 0, partDepTarget), "no-such-project")
	e2.preview()
	if !strings.Contains(e2.d.Screen(), "no project no-such-project") || e2.plan().size() != 0 {
		t.Fatalf("an unknown slug is not refused:\n%s", e2.d.Screen())
	}
}
