package bulkedit

import (
	"slices"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"

	"rdash/api"
	"rdash/internal/bulk"
	"rdash/ui/common"
	"rdash/ui/internal/uitest"
)

// mixes reports a field of p that has a replace and an add or remove.
func mixes(p *api.BulkPatch) string {
	switch {
	case p.MinecraftVersions != nil && (p.AddMinecraftVersions != nil || p.RemoveMinecraftVersions != nil):
		return "minecraft_versions"
	case p.Platforms != nil && (p.AddPlatforms != nil || p.RemovePlatforms != nil):
		return "platforms"
	case p.Dependencies != nil && (p.AddDependencies != nil || p.RemoveDependencies != nil):
		return "dependencies"
	}
	return ""
}

var (
	gameMode = target{field: fieldGame}
	platMode = target{field: fieldPlatforms}
	depsMode = target{field: fieldDeps}
)

func box(name string) target {
	return target{field: fieldPlatforms, part: partBox, row: slices.Index(api.AllPlatforms(), name)}
}

func dep(l depList, row int, p part) target {
	return target{field: fieldDeps, part: p, list: l, row: row}
}

// TestFormCannotBuildReplaceWithAddRemove fills both the replace and the
// add/remove inputs of every list field by keys: after each key the patch
// the form would send has one or the other, and so does the one sent.
func TestFormCannotBuildReplaceWithAddRemove(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	vs := versionsOf(t, c, "lumen", 2)
	e := openEdit(t, c, "lumen", vs, 80, 24)
	steps := []func(){
		func() { e.choose(gameMode, "replace with") },
		func() { e.typeInto(target{field: fieldGame, part: partSet}, "1.21.4, 1.21.3") },
		func() { e.choose(gameMode, "add and remove") },
		func() { e.typeInto(target{field: fieldGame, part: partAdd}, "1.21.5") },
		func() { e.typeInto(target{field: fieldGame, part: partRemove}, "1.20.1") },
		func() { e.choose(platMode, "replace with") },
		func() { e.focus(box("paper")); e.d.Press("space") },
		func() { e.choose(platMode, "add and remove") },
		func() { e.focus(box("folia")); e.d.Press("space") },           // add
		func() { e.focus(box("spigot")); e.d.Press("space", "space") }, // remove
		func() { e.choose(depsMode, "replace with") },
		func() { e.typeInto(dep(listSet, 0, partDepTarget), "prjQuart") },
		func() { e.choose(depsMode, "add and remove") },
		func() { e.choose(dep(listAdd, 0, partDepType), "optional") },
		func() { e.choose(dep(listAdd, 0, partDepKind), "external") },
		func() { e.typeInto(dep(listAdd, 0, partDepTarget), "LuckPerms") },
		func() { e.typeInto(dep(listAdd, 0, partDepURL), "https://luckperms.net") },
	}
	for i, step := range steps {
		step()
		edit := e.m.form.edit()
		if edit.Empty() {
			continue // a mode chosen, nothing typed yet: nothing to send
		}
		p, err := edit.Patch()
		if err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		if f := mixes(p); f != "" {
			t.Fatalf("step %d: the form built a replace and an add/remove on %s: %+v", i, f, p)
		}
		e.check()
	}
	e.preview()
	e.check()
	e.d.Press("enter")
	e.results()
	patches, _ := e.client.sent()
	if len(patches) != 1 {
		t.Fatalf("%d patches sent", len(patches))
	}
	want := &api.BulkPatch{
		AddMinecraftVersions: []string{"1.21.5"}, RemoveMinecraftVersions: []string{"1.20.1"},
		AddPlatforms: []string{"folia"}, RemovePlatforms: []string{"spigot"},
		AddDependencies: []api.Dependency{{Type: "optional", Name: "LuckPerms", URL: "https://luckperms.net"}},
	}
	if p := patches[0]; mixes(p) != "" || !slices.Equal(p.AddMinecraftVersions, want.AddMinecraftVersions) ||
		!slices.Equal(p.RemoveMinecraftVersions, want.RemoveMinecraftVersions) ||
		!slices.Equal(p.AddPlatforms, want.AddPlatforms) || !slices.Equal(p.RemovePlatforms, want.RemovePlatforms) ||
		!slices.Equal(p.AddDependencies, want.AddDependencies) || p.Dependencies != nil || p.RemoveDependencies != nil {
		t.Fatalf("sent %+v\nwant %+v", p, want)
	}
	if !strings.Contains(e.d.Screen(), "2 updated") {
		t.Fatalf("results:\n%s", e.d.Screen())
	}
}

// TestInvalidDependenciesAreRejectedInline types broken dependencies: the
// rule shows under the row as soon as it is broken, naming the field as
// the interface does, and enter sends nothing.
func TestInvalidDependenciesAreRejectedInline(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("x", 65)
	tests := []struct {
		name   string
		kind   string
		target string
		url    string
		want   string
	}{
		{"project neither ID nor slug", "project", "prj 1", "", "Dependency 1 to add, project ID: must be an ID of 8 characters"},
		{"version ID of 7", "version ID", "abc-123", "", "Dependency 1 to add, version ID: must be an ID of 8 characters"},
		{"URL without a name", "external", "", "https://luckperms.net", "Dependency 1 to add: must reference one of"},
		{"URL not http", "external", "LuckPerms", "ftp://luckperms.net", "Dependency 1 to add, URL: must be an http(s) URL"},
		{"name too long", "external", long, "", "Dependency 1 to add, name: must be at most 64 characters"},
	}
	c, _ := uitest.Sandbox(t, "alice")
	vs := versionsOf(t, c, "lumen", 2)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			e := openEdit(t, c, "lumen", vs, 80, 24)
			e.choose(depsMode, "add and remove")
			e.choose(dep(listAdd, 0, partDepKind), tt.kind)
			e.typeInto(dep(listAdd, 0, partDepTarget), tt.target)
			if tt.url != "" {
				e.typeInto(dep(listAdd, 0, partDepURL), tt.url)
			}
			if !strings.Contains(e.flat(), "! "+tt.want) {
				t.Fatalf("no inline %q:\n%s", tt.want, e.d.Screen())
			}
			e.check()
			e.d.Press("enter")
			if e.m.stage != stageForm || !strings.Contains(e.flat(), "Fix this first: Dependency 1 to add") {
				t.Fatalf("enter left the form despite the error:\n%s", e.d.Screen())
			}
			if e.m.form.focus != dep(listAdd, 0, partDepTarget) {
				t.Errorf("focus is on %+v, not on the broken row", e.m.form.focus)
			}
			if patches, _ := e.client.sent(); len(patches) > 0 || len(e.journalFiles()) > 0 {
				t.Fatalf("sent %d patches, journaled %v", len(patches), e.journalFiles())
			}
		})
	}
}

// TestSectionErrorsNameTheField covers the rules that span rows or
// values: the first one broken shows under its field.
func TestSectionErrorsNameTheField(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	vs := versionsOf(t, c, "lumen", 1)
	e := openEdit(t, c, "lumen", vs, 80, 24)
	e.choose(depsMode, "replace with")
	e.typeInto(dep(listSet, 0, partDepTarget), "prjEmber")
	e.focus(target{field: fieldDeps, part: partNewDep, list: listSet})
	e.d.Press("enter")
	e.d.Type("prjEmber")
	if !strings.Contains(e.flat(), "! Dependency 2: references the same project as Dependency 1") {
		t.Fatalf("duplicate dependency not flagged:\n%s", e.d.Screen())
	}
	e.d.Press("ctrl+x")
	if len(e.m.form.deps.lists[listSet]) != 1 || strings.Contains(e.d.Screen(), "references the same") {
		t.Fatalf("ctrl+x did not drop the row:\n%s", e.d.Screen())
	}
}

func TestNothingChosenIsNotPreviewed(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	e := openEdit(t, c, "lumen", versionsOf(t, c, "lumen", 1), 80, 24)
	e.d.Press("enter")
	if e.m.stage != stageForm || !strings.Contains(e.d.Screen(), "Nothing to change yet") {
		t.Fatalf("an empty edit went on:\n%s", e.d.Screen())
	}
}

func TestGameVersionCompletion(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	e := openEdit(t, c, "lumen", versionsOf(t, c, "lumen", 1), 80, 24)
	e.choose(gameMode, "add and remove")
	add := target{field: fieldGame, part: partAdd}
	e.typeInto(add, "1.21")
	if !strings.Contains(e.d.Screen(), "tab: 1.21.4  1.21.3") {
		t.Fatalf("completions from the project not offered:\n%s", e.d.Screen())
	}
	e.d.Press("tab")
	if got := e.m.form.game.add.Value(); got != "1.21.4" {
		t.Fatalf("tab completed to %q", got)
	}
	e.d.Press("tab")
	if got := e.m.form.game.add.Value(); got != "1.21.3" {
		t.Fatalf("second tab cycled to %q", got)
	}
	e.d.Type(", 1.20.")
	e.d.Press("tab")
	if got := e.m.form.edit().GameVersions.Add; !slices.Equal(got, []string{"1.21.3", "1.20.6"}) {
		t.Fatalf("add = %v", got)
	}
	e.d.Type(" ")
	e.d.Press("tab") // nothing being typed: tab moves on
	if e.m.form.focus != (target{field: fieldGame, part: partRemove}) {
		t.Fatalf("tab with nothing to complete stayed on %+v", e.m.form.focus)
	}
}

func TestChangelogEditorAndPreview(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	e := openEdit(t, c, "lumen", versionsOf(t, c, "lumen", 2), 80, 24)
	e.choose(target{field: fieldChangelog}, "set to")
	e.focus(target{field: fieldChangelog, part: partText})
	e.d.Press("enter")
	if e.m.stage != stageChangelog || !e.m.Capturing() {
		t.Fatal("enter on edit did not open the editor")
	}
	e.d.Type("# Fixes")
	e.d.Press("enter", "enter")
	e.d.Type("- **q** no longer quits")
	e.check()
	e.d.Press("tab")
	e.d.WaitFor("the rendering", func() bool { return !e.m.editor.Rendering() })
	screen := e.d.Screen()
	if !strings.Contains(screen, "q no longer quits") || strings.Contains(screen, "**q**") {
		t.Fatalf("preview not rendered with glamour:\n%s", screen)
	}
	e.check()
	e.d.Press("tab", "esc")
	if e.m.stage != stageForm || !strings.Contains(e.d.Screen(), "3 lines") {
		t.Fatalf("esc did not keep the text:\n%s", e.d.Screen())
	}
	if got := *e.m.form.edit().Changelog; got != "# Fixes\n\n- **q** no longer quits" {
		t.Fatalf("changelog = %q", got)
	}
}

func TestEscAsksBeforeDroppingAnEdit(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	e := openEdit(t, c, "lumen", versionsOf(t, c, "lumen", 1), 80, 24)
	esc := uitest.Key("esc")
	if e.m.Capturing() || e.m.Guards(esc) {
		t.Fatal("an untouched form, focus on a choice, keeps q and esc from the root")
	}
	e.choose(target{field: fieldChannel}, "beta")
	if !e.m.Guards(esc) || !e.m.Guards(uitest.Key("q")) {
		t.Fatal("a changed form does not ask the root for its leaving keys")
	}
	e.d.Press("esc")
	if !strings.Contains(e.d.Screen(), "Press esc again to drop this edit") || backs(e) != 0 || e.m.Guards(esc) {
		t.Fatalf("first esc:\n%s", e.d.Screen())
	}
	e.d.Press("esc")
	e.d.WaitFor("the screen to close", func() bool { return backs(e) == 1 })
}

func backs(e *env) int {
	n := 0
	for _, msg := range e.d.Seen {
		if _, ok := msg.(common.BackMsg); ok {
			n++
		}
	}
	return n
}

func TestChangedFieldsAreCounted(t *testing.T) {
	t.Parallel()
	f := newForm(uitest.Common(t).Styles, nil, nil)
	f.nameSet = true
	f.name.SetValue("x")
	f.plat.mode = bulk.Replace
	if n := f.changedFields(); n != 2 {
		t.Fatalf("changedFields = %d", n)
	}
}

// TestTypingOnNameSetToTypesTheName: once Name says "set to", typing
// there types the name, without a tab first, and the footer says so.
func TestTypingOnNameSetToTypesTheName(t *testing.T) {
	t.Parallel()
	c, _ := uitest.Sandbox(t, "alice")
	e := openEdit(t, c, "lumen", versionsOf(t, c, "lumen", 1), 80, 24)
	e.choose(target{field: fieldName}, "set to")
	if !slices.ContainsFunc(e.m.ShortHelp(), func(b key.Binding) bool { return b.Help().Key == "tab/type" }) {
		t.Fatalf("the footer does not say typing names it: %v", e.m.ShortHelp())
	}
	e.d.Type("Lumen 2")
	if got := e.m.form.name.Value(); got != "Lumen 2" || e.m.form.focus != (target{field: fieldName, part: partText}) {
		t.Fatalf("name %q, focus %+v:\n%s", got, e.m.form.focus, e.d.Screen())
	}
	e.check()
	// On "keep" letters still type nothing.
	e.focus(target{field: fieldName})
	e.d.Press("left")
	e.d.Type("x")
	if e.m.form.nameSet || e.m.form.focus != (target{field: fieldName}) {
		t.Fatalf("typing on keep: set %v, focus %+v", e.m.form.nameSet, e.m.form.focus)
	}
}
